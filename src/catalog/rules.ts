/**
 * The catalog's field rules and a formula's required terms, checked against a request's fields.
 * Internal.
 *
 * @module
 */
import { minorUnitsString } from '../control/amount.js';
import { FORMULAS } from '../control/formulas.js';
import { InvalidInputError, MissingFieldError } from '../errors/index.js';
import { exponentOf, type Exponent } from './exponent.js';
import type { FieldRule, OrderIdField } from './row.js';
import type { ResolvedAuth } from './scheme.js';
import { termFieldName } from './terms.js';

/** The fields rules and formulas read, by name: first value, '' counted as absent. */
export type FieldValues = Map<string, string>;

/** The part of an operation the checks read. */
interface RuleSource {
  readonly id: string;
  readonly orderIdField: OrderIdField;
  readonly rules: readonly FieldRule[];
}

function checkRule(
  op: RuleSource,
  rule: FieldRule,
  values: FieldValues,
  seen: Set<string>,
  exponent: Exponent | undefined,
): void {
  switch (rule.kind) {
    case 'spelling':
      if (seen.has(rule.field)) {
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
      const given = rule.fields.filter((f) => values.has(f));
      if (given.length > 0 && given.length < rule.fields.length) {
        const missing = rule.fields.find((f) => !values.has(f))!;
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
const SIGNIFICANT = new WeakMap<RuleSource, Map<string, ReadonlySet<string>>>();

function significantOf(op: RuleSource, auth: ResolvedAuth): ReadonlySet<string> {
  const key = auth.scheme; // a control scheme is its formula
  let byScheme = SIGNIFICANT.get(op);
  const hit = byScheme?.get(key);
  if (hit !== undefined) return hit;
  const significant = new Set<string>(['control', 'login', 'amount', 'currency']);
  for (const rule of op.rules) for (const name of namesOf(rule)) significant.add(name);
  if (auth.kind === 'control')
    for (const t of FORMULAS[auth.formula].terms) significant.add(termFieldName(op, t.field));
  if (byScheme === undefined) SIGNIFICANT.set(op, (byScheme = new Map()));
  byScheme.set(key, significant);
  return significant;
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
  const significant = significantOf(op, auth);

  const values: FieldValues = new Map();
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    if (!significant.has(name)) continue;
    if (seen.has(name)) throw new InvalidInputError(`field "${name}" appears more than once`, { field: name });
    seen.add(name);
    if (value !== '') values.set(name, value);
  }

  for (const rule of op.rules) checkRule(op, rule, values, seen, exponent);

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
