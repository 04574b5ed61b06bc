// normalizeParams: what signRequest reads from `params`. Expected strings are written out by hand
// from the documented rules (booleans as "true"/"false", safe integers in decimal, Java-style trim).
import { describe, expect, it } from 'vitest';
import { PaysigError } from '../errors/index.js';
import { normalizeParams } from './normalize.js';

function refusal(params: unknown): PaysigError {
  try {
    normalizeParams(params as Parameters<typeof normalizeParams>[0]);
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return e as PaysigError;
  }
  throw new Error('expected a refusal');
}

describe('normalizeParams: an object of fields', () => {
  it('stringifies booleans and safe integers, trims strings and leaves out undefined', () => {
    expect(normalizeParams({ a: true, b: false, c: 0, d: -42, e: 9007199254740991, f: ' x\t', g: undefined })).toEqual([
      ['a', 'true'],
      ['b', 'false'],
      ['c', '0'],
      ['d', '-42'],
      ['e', '9007199254740991'],
      ['f', 'x'],
    ]);
  });

  it('refuses a number for "amount", even an integer', () => {
    const e = refusal({ amount: 10 });
    expect(e).toMatchObject({ code: 'ERR_INVALID_AMOUNT', field: 'amount' });
    expect(e.message).toBe(
      'amount is a number: pass a decimal string such as "10.42" (floating point cannot hold most amounts exactly)',
    );
  });

  it.each([1.5, 9007199254740992, Number.NaN, Number.POSITIVE_INFINITY])('refuses the number %s', (n) => {
    const e = refusal({ quantity: n });
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'quantity' });
    expect(e.message).toBe('"quantity" as a number must be a safe integer; pass decimals and large values as strings');
  });

  it.each<[unknown, string]>([
    [null, 'null'],
    [{}, 'object'],
    [10n, 'bigint'],
    [Symbol('s'), 'symbol'],
    [() => 'x', 'function'],
  ])('refuses the value %s', (v, kind) => {
    const e = refusal({ email: v });
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'email' });
    expect(e.message).toBe(`"email" must be a string, safe integer or boolean, got ${kind}`);
  });
});

describe('normalizeParams: pairs', () => {
  it('keeps the order and repeats, trimming values only', () => {
    expect(
      normalizeParams([
        [' a ', ' 1 '],
        ['a', '2'],
      ]),
    ).toEqual([
      [' a ', '1'],
      ['a', '2'],
    ]);
    expect(normalizeParams(new Map([['k', 'v']]))).toEqual([['k', 'v']]);
  });

  it.each<[string, unknown]>([
    ['a string', 'ab'],
    ['a one-element pair', [['a']]],
    ['a three-element pair', [['a', 'b', 'c']]],
    ['a pair as a string', ['ab']],
    ['a number name', [[1, 'b']]],
    ['a number value', [['a', 2]]],
    ['a pair as an object', [{ 0: 'a', 1: 'b', length: 2 }]],
  ])('refuses %s', (_, params) => {
    const e = refusal(params);
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'params' });
    expect(e.message).toBe(
      typeof params === 'string'
        ? '"params" must be an object or an iterable of [name, value] pairs'
        : 'every parameter pair must be [name, value] with two strings',
    );
  });

  it.each([null, 42, true])('refuses params %s', (params) => {
    const e = refusal(params);
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'params' });
    expect(e.message).toBe('"params" must be an object or an iterable of [name, value] pairs');
  });
});
