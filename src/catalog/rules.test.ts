// checkFields on small hand-made operations: each rule kind, the fields that must appear once, and
// the formula's required terms. Expected messages are written out from the catalog's rule wording.
import { describe, expect, it } from 'vitest';
import { InvalidAmountError, InvalidInputError, MissingFieldError, PaysigError } from '../errors/index.js';
import type { FieldRule, OrderIdField } from './row.js';
import { checkFields } from './rules.js';
import type { ResolvedAuth } from './scheme.js';

type Rule = FieldRule extends infer R ? (R extends unknown ? Omit<R, 'source' | 'fact'> : never) : never;
const op = (rules: Rule[], orderIdField: OrderIdField = 'client_orderid') => ({
  id: 'test-op',
  orderIdField,
  rules: rules.map((r) => ({ ...r, source: 'paysig', fact: 'T' }) as FieldRule),
});
const OAUTH: ResolvedAuth = { kind: 'oauth', method: 'HMAC-SHA1', scheme: 'HMAC-SHA1' };
const control = (formula: 'C-A' | 'C-B'): ResolvedAuth => ({ kind: 'control', formula, scheme: formula });

function refusal(run: () => unknown): PaysigError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return e as PaysigError;
  }
  throw new Error('expected a refusal');
}

describe('checkFields: rules', () => {
  it('spelling: refuses the other spelling, even empty, naming the one to use', () => {
    const o = op([{ kind: 'spelling', field: 'client_orderid', use: 'client-order-id' }], 'client-order-id');
    for (const value of ['1', '']) {
      const e = refusal(() => checkFields(o, OAUTH, [['client_orderid', value]], undefined));
      expect(e).toBeInstanceOf(InvalidInputError);
      expect(e.field).toBe('client_orderid');
      expect(e.message).toBe('operation "test-op" spells the field "client-order-id", not "client_orderid"');
    }
    const twice = refusal(() =>
      checkFields(
        o,
        OAUTH,
        [
          ['client-order-id', '1'],
          ['client-order-id', '2'],
        ],
        undefined,
      ),
    );
    expect(twice).toMatchObject({
      field: 'client-order-id',
      message: 'field "client-order-id" appears more than once',
    });
  });

  it('forbidden: refuses a non-empty value, quoting the reason', () => {
    const o = op([{ kind: 'forbidden', field: 'x', reason: 'the service ignores it' }]);
    expect(checkFields(o, OAUTH, [['x', '']], undefined).has('x')).toBe(false);
    const e = refusal(() => checkFields(o, OAUTH, [['x', '1']], undefined));
    expect(e).toBeInstanceOf(InvalidInputError);
    expect(e).toMatchObject({ field: 'x', message: 'field "x" is not allowed on "test-op": the service ignores it' });
  });

  it('oneOf: checks a value that is sent, listing the allowed ones', () => {
    const o = op([{ kind: 'oneOf', field: 'kind', values: ['a', 'b'] }]);
    expect(checkFields(o, OAUTH, [], undefined).size).toBe(0);
    expect(checkFields(o, OAUTH, [['kind', '']], undefined).size).toBe(0);
    expect(checkFields(o, OAUTH, [['kind', 'b']], undefined).get('kind')).toBe('b');
    const e = refusal(() => checkFields(o, OAUTH, [['kind', 'c']], undefined));
    expect(e).toBeInstanceOf(InvalidInputError);
    expect(e).toMatchObject({ field: 'kind', message: 'field "kind" must be one of a, b' });
  });

  it('together: all or none, naming the missing one', () => {
    const o = op([{ kind: 'together', fields: ['a', 'b'] }]);
    expect(checkFields(o, OAUTH, [], undefined).size).toBe(0);
    expect(
      checkFields(
        o,
        OAUTH,
        [
          ['a', '1'],
          ['b', '2'],
        ],
        undefined,
      ).size,
    ).toBe(2);
    const e = refusal(() => checkFields(o, OAUTH, [['a', '1']], undefined));
    expect(e).toBeInstanceOf(InvalidInputError);
    expect(e).toMatchObject({ field: 'b', message: 'fields "a" and "b" go together: "b" is missing' });
  });

  it('required: an empty value is missing', () => {
    const o = op([{ kind: 'required', field: 'r' }]);
    expect(checkFields(o, OAUTH, [['r', 'v']], undefined).get('r')).toBe('v');
    const e = refusal(() => checkFields(o, OAUTH, [['r', '']], undefined));
    expect(e).toBeInstanceOf(MissingFieldError);
    expect(e).toMatchObject({
      code: 'ERR_MISSING_FIELD',
      field: 'r',
      message: 'operation "test-op" needs the field "r" with a non-empty value',
    });
  });

  it('decimal: the exponent function gets the request currency', () => {
    const o = op([{ kind: 'decimal', field: 'amount' }]);
    const exponent = (c: string): number => (c === 'JPY' ? 0 : 2);
    const pairs = (currency: string): Array<[string, string]> => [
      ['amount', '10.5'],
      ['currency', currency],
    ];
    expect(checkFields(o, OAUTH, pairs('USD'), exponent).get('amount')).toBe('10.5');
    expect(refusal(() => checkFields(o, OAUTH, pairs('JPY'), exponent))).toBeInstanceOf(InvalidAmountError);
  });
});

describe('checkFields: fields read once', () => {
  it.each(['control', 'login', 'amount', 'currency'])('refuses "%s" twice on any operation', (name) => {
    const e = refusal(() =>
      checkFields(
        op([]),
        OAUTH,
        [
          [name, '1'],
          [name, '1'],
        ],
        undefined,
      ),
    );
    expect(e).toBeInstanceOf(InvalidInputError);
    expect(e).toMatchObject({ field: name, message: `field "${name}" appears more than once` });
  });

  it('leaves other repeated fields alone', () => {
    const pairs: Array<[string, string]> = [
      ['description', 'a'],
      ['description', 'b'],
    ];
    expect(checkFields(op([]), OAUTH, pairs, undefined).size).toBe(0);
  });
});

describe('checkFields: control formula terms', () => {
  it('names the missing term in the operation spelling', () => {
    const e = refusal(() => checkFields(op([]), control('C-A'), [['client_orderid', '1']], undefined));
    expect(e).toBeInstanceOf(MissingFieldError);
    expect(e).toMatchObject({
      field: 'orderid',
      message: 'operation "test-op" (control formula C-A) needs the field "orderid"',
    });
    const spelled = refusal(() =>
      checkFields(op([], 'client-order-id'), control('C-A'), [['orderid', '1']], undefined),
    );
    expect(spelled.message).toBe('operation "test-op" (control formula C-A) needs the field "client-order-id"');
  });

  it('reads each formula its own terms on the same operation', () => {
    const o = op([]);
    const a: Array<[string, string]> = [
      ['client_orderid', '1'],
      ['orderid', '2'],
    ];
    expect(checkFields(o, control('C-A'), a, undefined).get('orderid')).toBe('2');
    const b: Array<[string, string]> = [
      ['client_orderid', '1'],
      ['amount', '1.00'],
      ['email', 'a@example.com'],
    ];
    expect(checkFields(o, control('C-B'), b, undefined).get('email')).toBe('a@example.com');
    expect(checkFields(o, control('C-A'), a, undefined).has('email')).toBe(false);
  });
});
