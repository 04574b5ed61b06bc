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
export interface FieldValues {
  /** The value of a field the rules or formula read; undefined when not sent or sent empty. */
  get(name: string): string | undefined;
  /** True when {@link FieldValues.get} has a value. */
  has(name: string): boolean;
  /** How many fields have a value. */
  readonly size: number;
}

/** The part of an operation the checks read. */
interface RuleSource {
  readonly id: string;
  readonly orderIdField: OrderIdField;
  readonly rules: readonly FieldRule[];
}

/**
 * What the checks of one operation and scheme read, worked out once: a slot per field name the
 * rules and the formula read, each rule's names as slots, and the formula's required body terms.
 */
interface Plan {
  readonly slots: ReadonlyMap<string, number>;
  /**
   * The names with their slots again, by length: a request's names are new strings, so most are
   * told from the few of their length by a comparison, without hashing each one for the map.
   */
  readonly byLength: readonly (readonly (readonly [string, number])[] | undefined)[];
  /** Per rule, in order: the slots of its names ({@link namesOf}), and `currency`'s last. */
  readonly at: readonly (readonly number[])[];
  /** The formula's required body terms, by field name in the operation's spelling. */
  readonly terms: readonly string[];
}

/** Per request: a slot's value as sent ('' when sent empty), undefined when not sent. */
type Slots = Array<string | undefined>;

/** A slot's value, '' counted as absent. */
function valueAt(slots: Slots, i: number): string | undefined {
  const v = slots[i];
  return v === '' ? undefined : v;
}

class Values implements FieldValues {
  constructor(
    private readonly plan: Plan,
    private readonly slots: Slots,
  ) {}
  get(name: string): string | undefined {
    const i = this.plan.slots.get(name);
    return i === undefined ? undefined : valueAt(this.slots, i);
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  get size(): number {
    let n = 0;
    for (let i = 0; i < this.slots.length; i++) if (valueAt(this.slots, i) !== undefined) n++;
    return n;
  }
}

function checkRule(
  op: RuleSource,
  rule: FieldRule,
  at: readonly number[],
  slots: Slots,
  exponent: Exponent | undefined,
): void {
  switch (rule.kind) {
    case 'spelling':
      // at: [use, field]; refused when sent at all, even empty
      if (slots[at[1]!] !== undefined) {
        throw new InvalidInputError(`operation "${op.id}" spells the field "${rule.use}", not "${rule.field}"`, {
          field: rule.field,
        });
      }
      break;
    case 'forbidden':
      if (valueAt(slots, at[0]!) !== undefined) {
        throw new InvalidInputError(`field "${rule.field}" is not allowed on "${op.id}": ${rule.reason}`, {
          field: rule.field,
        });
      }
      break;
    case 'oneOf': {
      const v = valueAt(slots, at[0]!);
      if (v !== undefined && !rule.values.includes(v)) {
        throw new InvalidInputError(`field "${rule.field}" must be one of ${rule.values.join(', ')}`, {
          field: rule.field,
        });
      }
      break;
    }
    case 'together': {
      // at: the slots of rule.fields, in order
      let missing: string | undefined;
      let given = false;
      for (let i = 0; i < rule.fields.length; i++) {
        if (valueAt(slots, at[i]!) !== undefined) given = true;
        else missing ??= rule.fields[i];
      }
      if (given && missing !== undefined) {
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
      if (valueAt(slots, at[0]!) === undefined) {
        throw new MissingFieldError(
          rule.field,
          `operation "${op.id}" needs the field "${rule.field}" with a non-empty value`,
        );
      }
      break;
    case 'decimal': {
      // at: [field, currency]
      const v = valueAt(slots, at[0]!);
      if (v !== undefined) minorUnitsString(v, exponentOf(exponent, valueAt(slots, at[1]!)));
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
    case 'decimal':
      return [rule.field, 'currency'];
    default:
      return [rule.field];
  }
}

/** The plans, per operation and scheme: built once, then reused (operations and schemes are the catalog's). */
const PLANS = new WeakMap<RuleSource, Map<string, Plan>>();

function planOf(op: RuleSource, auth: ResolvedAuth): Plan {
  const key = auth.scheme; // a control scheme is its formula
  let byScheme = PLANS.get(op);
  const hit = byScheme?.get(key);
  if (hit !== undefined) return hit;
  const slots = new Map<string, number>();
  const slotOf = (name: string): number => {
    let i = slots.get(name);
    if (i === undefined) slots.set(name, (i = slots.size));
    return i;
  };
  for (const name of ['control', 'login', 'amount', 'currency']) slotOf(name);
  const at = op.rules.map((rule) => namesOf(rule).map(slotOf));
  const terms: string[] = [];
  if (auth.kind === 'control') {
    for (const t of FORMULAS[auth.formula].terms) {
      const name = termFieldName(op, t.field);
      slotOf(name);
      if (t.presence === 'required' && t.field !== 'login' && t.field !== 'endpointId') terms.push(name);
    }
  }
  const byLength: (Array<readonly [string, number]> | undefined)[] = [];
  for (const [name, i] of slots) (byLength[name.length] ??= []).push([name, i]);
  const plan: Plan = { slots, at, terms, byLength };
  if (byScheme === undefined) PLANS.set(op, (byScheme = new Map()));
  byScheme.set(key, plan);
  return plan;
}

/** The slot of a field name, -1 when the rules and formula do not read it. */
function slotIn(plan: Plan, name: string): number {
  const named = plan.byLength[name.length];
  if (named !== undefined) for (let k = 0; k < named.length; k++) if (named[k]![0] === name) return named[k]![1];
  return -1;
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
  const plan = planOf(op, auth);
  const slots: Slots = [];
  for (let i = 0; i < plan.slots.size; i++) slots.push(undefined);
  for (let p = 0; p < pairs.length; p++) {
    const name = pairs[p]![0];
    const i = slotIn(plan, name);
    if (i < 0) continue;
    if (slots[i] !== undefined) throw new InvalidInputError(`field "${name}" appears more than once`, { field: name });
    slots[i] = pairs[p]![1];
  }

  for (let r = 0; r < op.rules.length; r++) checkRule(op, op.rules[r]!, plan.at[r]!, slots, exponent);

  if (auth.kind === 'control') {
    for (const name of plan.terms) {
      if (valueAt(slots, plan.slots.get(name)!) === undefined) {
        throw new MissingFieldError(
          name,
          `operation "${op.id}" (control formula ${auth.formula}) needs the field "${name}"`,
        );
      }
    }
  }
  return new Values(plan, slots);
}
