/**
 * The catalog's field rules and a formula's required terms, checked against a request's fields.
 * Internal.
 *
 * @module
 */
import { FORMULAS } from '../schemes/control/formulas.js';
import { InvalidInputError, MissingFieldError } from '../errors/index.js';
import { exponentOf, minorUnitsString, type Exponent } from '../schemes/control/amount.js';
import type { FieldRule, OrderIdField } from './row.js';
import type { ResolvedAuth } from './scheme.js';
import { termFieldName } from '../schemes/control/terms.js';

/**
 * The fields rules and formulas read, by name: first value, '' counted as absent. Held by
 * position in the operation's list of those names: a few comparisons find a name, where a Map
 * and a Set per request would hash every name sent.
 */
export class FieldValues {
  declare private readonly names: readonly string[];
  /** By position in `names`: the value as sent ('' when sent empty), undefined when not sent. */
  declare private readonly sent: Array<string | undefined>;
  constructor(names: readonly string[], sent: Array<string | undefined>) {
    this.names = names;
    this.sent = sent;
  }
  /** The value, undefined when not sent or sent empty. */
  get(name: string): string | undefined {
    return this.sent[this.names.indexOf(name)] || undefined;
  }
  /** True when the field has a value. */
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  /** True when the field was sent, even empty. */
  wasSent(name: string): boolean {
    return this.sent[this.names.indexOf(name)] !== undefined;
  }
  /** How many fields have a value. */
  get size(): number {
    return this.sent.filter(Boolean).length;
  }
}

/** The part of an operation the checks read. */
interface RuleSource {
  readonly id: string;
  readonly orderIdField: OrderIdField;
  readonly rules: readonly FieldRule[];
}

function checkRule(op: RuleSource, rule: FieldRule, values: FieldValues, exponent: Exponent | undefined): void {
  switch (rule.kind) {
    case 'spelling':
      if (values.wasSent(rule.field)) {
        throw new InvalidInputError(`operation "${op.id}" spells the field "${rule.use}", not "${rule.field}"`, {
          field: rule.field,
        });
      }
      break;
    case 'forbidden':
      if (values.has(rule.field)) {
        throw new InvalidInputError(`field "${rule.field}" is not allowed on "${op.id}": ${rule.reason}`, {
          field: rule.field,
        });
      }
      break;
    case 'oneOf': {
      const v = values.get(rule.field);
      if (v !== undefined && !rule.values.includes(v)) {
        throw new InvalidInputError(`field "${rule.field}" must be one of ${rule.values.join(', ')}`, {
          field: rule.field,
        });
      }
      break;
    }
    case 'together': {
      const missing = rule.fields.find((f) => !values.has(f));
      if (missing !== undefined && rule.fields.some((f) => values.has(f))) {
        throw new InvalidInputError(
          `fields ${rule.fields.map((f) => `"${f}"`).join(' and ')} go together: "${missing}" is missing`,
          {
            field: missing,
          },
        );
      }
      break;
    }
    case 'required':
      if (!values.has(rule.field)) {
        throw new MissingFieldError(
          rule.field,
          `operation "${op.id}" needs the field "${rule.field}" with a non-empty value`,
        );
      }
      break;
    case 'decimal': {
      const v = values.get(rule.field);
      if (v !== undefined) minorUnitsString(v, exponentOf(exponent, values.get('currency')));
      break;
    }
  }
}

/** The field names a rule reads. */
function namesOf(rule: FieldRule): readonly string[] {
  switch (rule.kind) {
    case 'together':
      return rule.fields;
    case 'spelling':
      return [rule.use, rule.field];
    default:
      return [rule.field];
  }
}

/** The names the rules and the formula read, per operation and scheme: built once, then reused. */
const SIGNIFICANT = new WeakMap<RuleSource, Map<string, readonly string[]>>();

function significantOf(op: RuleSource, auth: ResolvedAuth): readonly string[] {
  const key = auth.scheme; // a control scheme is its formula
  let byScheme = SIGNIFICANT.get(op);
  const hit = byScheme?.get(key);
  if (hit !== undefined) return hit;
  const significant = new Set<string>(['control', 'login', 'amount', 'currency']);
  for (const rule of op.rules) for (const name of namesOf(rule)) significant.add(name);
  if (auth.kind === 'control')
    for (const t of FORMULAS[auth.formula].terms) significant.add(termFieldName(op, t.field));
  if (byScheme === undefined) SIGNIFICANT.set(op, (byScheme = new Map()));
  const names = [...significant];
  byScheme.set(key, names);
  return names;
}

/**
 * Checks the operation's field rules and the scheme's required terms against the request's
 * pairs, and returns the values by name. Every field a rule or formula reads must appear at most
 * once.
 */
export function checkFields(
  op: RuleSource,
  auth: ResolvedAuth,
  pairs: ReadonlyArray<readonly [string, string]>,
  exponent: Exponent | undefined,
): FieldValues {
  const names = significantOf(op, auth);
  const sent: Array<string | undefined> = names.map(() => undefined);
  for (let p = 0; p < pairs.length; p++) {
    const name = pairs[p]![0];
    const i = names.indexOf(name);
    if (i < 0) continue;
    if (sent[i] !== undefined) throw new InvalidInputError(`field "${name}" appears more than once`, { field: name });
    sent[i] = pairs[p]![1];
  }
  const values = new FieldValues(names, sent);

  for (const rule of op.rules) checkRule(op, rule, values, exponent);

  if (auth.kind === 'control') {
    for (const t of FORMULAS[auth.formula].terms) {
      if (t.presence !== 'required' || t.field === 'login' || t.field === 'endpointId') continue;
      const name = termFieldName(op, t.field);
      if (!values.has(name)) {
        throw new MissingFieldError(
          name,
          `operation "${op.id}" (control formula ${auth.formula}) needs the field "${name}"`,
        );
      }
    }
  }
  return values;
}
