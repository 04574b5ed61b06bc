import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatForm, parseForm } from './form.js';

describe('form codec', () => {
  it('keeps order and duplicates, reads + as space, handles bare names and empty segments', () => {
    expect(parseForm('b=2&a=1&b=1&&c&d=&e=x+y%2Bz')).toEqual([
      ['b', '2'],
      ['a', '1'],
      ['b', '1'],
      ['c', ''],
      ['d', ''],
      ['e', 'x y+z'],
    ]);
    expect(parseForm('')).toEqual([]);
    expect(parseForm('a=b=c')).toEqual([['a', 'b=c']]);
  });

  it('never writes + and escapes what RFC 3986 reserves', () => {
    expect(
      formatForm([
        ['a b', "x+y!*'()"],
        ['a b', ''],
      ]),
    ).toBe('a%20b=x%2By%21%2A%27%28%29&a%20b=');
  });

  it('agrees with URLSearchParams on parsing (for bodies URLSearchParams reads exactly)', () => {
    const pair = fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 8 }), (pairs) => {
        const body = new URLSearchParams(pairs).toString();
        expect(parseForm(body)).toEqual(pairs);
        expect(parseForm(body)).toEqual([...new URLSearchParams(body)]);
      }),
    );
  });

  it('round-trips ordered pairs', () => {
    const pair = fc.tuple(fc.string({ unit: 'binary', minLength: 1 }), fc.string({ unit: 'binary' }));
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 10 }), (pairs) => {
        expect(parseForm(formatForm(pairs))).toEqual(pairs);
      }),
    );
  });

  it('bounds the number of pairs', () => {
    expect(() => parseForm('a=1&'.repeat(11), 10)).toThrowError(expect.objectContaining({ code: 'ERR_ENCODING' }));
    expect(parseForm('a=1&'.repeat(10), 10)).toHaveLength(10);
  });

  it('refuses malformed escapes instead of replacing them', () => {
    expect(() => parseForm('a=%ZZ')).toThrowError(expect.objectContaining({ code: 'ERR_ENCODING' }));
    expect(() => parseForm('a=%C3')).toThrowError(expect.objectContaining({ code: 'ERR_ENCODING' }));
  });
});
