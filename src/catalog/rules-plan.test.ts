// checkFields holds a request's values by position in the operation's list of names the rules
// and formula read (worked out once per operation and scheme), not in a Map and a Set per request.
// This test holds it to the plain reading of the rules, written here the obvious way (a Map of
// values, a Set of names seen, each rule read by name), over every catalog operation, every
// scheme, and generated requests: the same values or the same refusal, always.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMULAS, type Formula } from '../schemes/control/formulas.js';
import { InvalidInputError, MissingFieldError } from '../errors/index.js';
import { toMinorUnits } from '../schemes/control/amount.js';
import { OPERATIONS, type Operation } from './index.js';
import type { FieldRule } from './row.js';
import { checkFields } from './rules.js';
import type { ResolvedAuth } from './scheme.js';
import type { Exponent } from '../schemes/control/amount.js';

const nameOfTerm = (op: Operation, field: string): string => (field === 'client_orderid' ? op.orderIdField : field);

function ruleNames(rule: FieldRule): string[] {
  if (rule.kind === 'together') return [...rule.fields];
  if (rule.kind === 'spelling') return [rule.use, rule.field];
  return [rule.field];
}

/** The rules read by name, one by one, in order. */
function reference(
  op: Operation,
  auth: ResolvedAuth,
  pairs: ReadonlyArray<readonly [string, string]>,
  exponent: Exponent | undefined,
): Map<string, string> {
  const read = new Set(['control', 'login', 'amount', 'currency']);
  for (const rule of op.rules) for (const n of ruleNames(rule)) read.add(n);
  if (auth.kind === 'control') for (const t of FORMULAS[auth.formula].terms) read.add(nameOfTerm(op, t.field));
  const values = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    if (!read.has(name)) continue;
    if (seen.has(name)) throw new InvalidInputError(`field "${name}" appears more than once`, { field: name });
    seen.add(name);
    if (value !== '') values.set(name, value);
  }
  for (const rule of op.rules) {
    if (rule.kind === 'spelling' && seen.has(rule.field))
      throw new InvalidInputError(`operation "${op.id}" spells the field "${rule.use}", not "${rule.field}"`, {
        field: rule.field,
      });
    if (rule.kind === 'forbidden' && values.has(rule.field))
      throw new InvalidInputError(`field "${rule.field}" is not allowed on "${op.id}": ${rule.reason}`, {
        field: rule.field,
      });
    if (rule.kind === 'oneOf' && values.has(rule.field) && !rule.values.includes(values.get(rule.field)!))
      throw new InvalidInputError(`field "${rule.field}" must be one of ${rule.values.join(', ')}`, {
        field: rule.field,
      });
    if (rule.kind === 'together') {
      const missing = rule.fields.filter((f) => !values.has(f));
      if (missing.length > 0 && missing.length < rule.fields.length)
        throw new InvalidInputError(
          `fields ${rule.fields.map((f) => `"${f}"`).join(' and ')} go together: "${missing[0]}" is missing`,
          { field: missing[0]! },
        );
    }
    if (rule.kind === 'required' && !values.has(rule.field))
      throw new MissingFieldError(
        rule.field,
        `operation "${op.id}" needs the field "${rule.field}" with a non-empty value`,
      );
    if (rule.kind === 'decimal' && values.has(rule.field)) {
      const e = typeof exponent === 'function' ? exponent(values.get('currency') ?? '') : (exponent ?? 2);
      toMinorUnits(values.get(rule.field)!, e);
    }
  }
  if (auth.kind === 'control') {
    for (const t of FORMULAS[auth.formula].terms) {
      const name = nameOfTerm(op, t.field);
      if (t.presence === 'required' && t.field !== 'login' && t.field !== 'endpointId' && !values.has(name))
        throw new MissingFieldError(
          name,
          `operation "${op.id}" (control formula ${auth.formula}) needs the field "${name}"`,
        );
    }
  }
  return values;
}

function outcome(run: () => { get(name: string): string | undefined; has(name: string): boolean; size: number }) {
  try {
    const v = run();
    const got: Record<string, string | undefined> = {};
    for (const n of NAMES) {
      got[n] = v.get(n);
      expect(v.has(n)).toBe(v.get(n) !== undefined);
    }
    return { size: v.size, got };
  } catch (e) {
    const err = e as { constructor: unknown; code?: string; field?: string; message: string };
    return { thrown: err.constructor, code: err.code, field: err.field, message: err.message };
  }
}

/** Rules no catalog row has (three fields together, every kind at once), beside the catalog's own. */
const SYNTHETIC = {
  ...OPERATIONS[0]!,
  id: 'synthetic',
  orderIdField: 'client-order-id',
  rules: [
    { kind: 'spelling', field: 'client_orderid', use: 'client-order-id' },
    { kind: 'together', fields: ['amount', 'currency', 'email'] },
    { kind: 'oneOf', field: 'status', values: ['approved', 'declined'] },
    { kind: 'forbidden', field: 'cardrefid', reason: 'not here' },
    { kind: 'decimal', field: 'amount' },
    { kind: 'required', field: 'orderid' },
  ].map((r) => ({ ...r, source: 'paysig', fact: 'T' })),
  sample: {
    params: [
      ['client-order-id', '1'],
      ['orderid', '2'],
      ['amount', '10.42'],
      ['currency', 'EUR'],
      ['email', 'a@example.com'],
      ['status', 'approved'],
    ],
  },
} as unknown as Operation;
const OPS = [...OPERATIONS, SYNTHETIC];

const AUTHS: ResolvedAuth[] = [
  { kind: 'oauth', method: 'HMAC-SHA1', scheme: 'HMAC-SHA1' },
  ...(Object.keys(FORMULAS) as Formula[]).map((f): ResolvedAuth => ({ kind: 'control', formula: f, scheme: f })),
];

function ownAuth(op: Operation): ResolvedAuth {
  const a = op.auth;
  if (a.kind === 'control') return { kind: 'control', formula: a.formula, scheme: a.formula };
  if (a.kind === 'oauth') return { kind: 'oauth', method: a.method, scheme: a.method };
  return AUTHS[0]!;
}

const NAMES = [
  ...new Set([
    'control',
    'login',
    'amount',
    'currency',
    'endpointId',
    'description',
    ...OPS.flatMap((op) => op.rules.flatMap(ruleNames)),
    ...Object.values(FORMULAS).flatMap((f) => f.terms.map((t) => t.field as string)),
    'client-order-id',
  ]),
];
const VALUES = [
  '',
  'x',
  '10.42',
  '10.420',
  '1.005',
  '-1',
  'EUR',
  'JPY',
  ...new Set(OPS.flatMap((op) => op.rules.flatMap((r) => (r.kind === 'oneOf' ? r.values : [])))),
];

describe('checkFields: the planned checks and the rules read one by one agree', () => {
  it('on every operation and scheme, for generated requests', () => {
    const pair = fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES)).map(([n, v]) => [n, v] as const);
    const exponent = fc.constantFrom<Exponent | undefined>(undefined, 0, 3, (c: string) =>
      /^[A-Z]{3}$/.test(c) ? 2 : 0,
    );
    fc.assert(
      fc.property(
        // the operation's sample fields (most of them, some values changed), then a few more
        fc.constantFrom(...OPS).chain((op) =>
          fc.tuple(
            fc.constant(op),
            fc.subarray(
              op.sample.params.map(([n, v]) => [n, String(v)] as const),
              { minLength: Math.max(0, op.sample.params.length - 2) },
            ),
            fc.array(pair, { maxLength: 3 }),
            fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constant(''), fc.constantFrom(...VALUES))), { maxLength: 3 }),
            fc.oneof(fc.constant(ownAuth(op)), fc.constantFrom(...AUTHS)),
          ),
        ),
        exponent,
        fc.boolean(),
        ([op, sample, extra, changes, auth], exp, fresh) => {
          const pairs: Array<readonly [string, string]> = [...sample, ...extra];
          for (const [at, value] of changes)
            if (pairs.length > 0) pairs[at % pairs.length] = [pairs[at % pairs.length]![0], value];
          // a fresh copy of the row has no plan yet: the plan built on this call is checked too
          const target = fresh ? { ...op } : op;
          expect(outcome(() => checkFields(target, auth, pairs, exp))).toEqual(
            outcome(() => {
              const m = reference(op, auth, pairs, exp);
              return { get: (n: string) => m.get(n), has: (n: string) => m.has(n), size: m.size };
            }),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
