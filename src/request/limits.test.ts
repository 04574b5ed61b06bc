// utf8LongerThan and serviceTrim. Byte counts come from the platform's TextEncoder; trimming
// follows Java's String.trim (every leading and trailing char up to U+0020), written out by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exponentOf } from '../schemes/control/amount.js';
import { utf8LongerThan } from './limits.js';
import { serviceTrim } from '../encoding/trim.js';

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

describe('utf8LongerThan', () => {
  // The edges of each UTF-8 length: 1, 2, 3 and 4 bytes (a surrogate pair), around the surrogates.
  it.each([
    '\u007f',
    '\u0080',
    '\u07ff',
    '\u0800',
    '\ud7ff',
    '\ue000',
    '\uffff',
    '\u{10000}',
    '\u{10ffff}',
    'a\u00e9\u20ac\u{1f600}',
  ])('counts %j as TextEncoder does', (s) => {
    const n = utf8Length(s);
    expect(utf8LongerThan(s, n)).toBe(false);
    expect(utf8LongerThan(s, n - 1)).toBe(true);
    expect(utf8LongerThan(s.repeat(3), 3 * n)).toBe(false);
    expect(utf8LongerThan(s.repeat(3), 3 * n - 1)).toBe(true);
  });

  it('answers without counting far past the limit', () => {
    expect(utf8LongerThan('x'.repeat(1_000_000), 10)).toBe(true);
    expect(utf8LongerThan('', 0)).toBe(false);
  });
});

describe('serviceTrim', () => {
  it.each([
    ['', ''],
    [' \t\r\n\u0000\u001f ', ''],
    ['\t 902B4FF5\n', '902B4FF5'],
    ['a b', 'a b'],
    [' a', 'a'],
    ['a ', 'a'],
    ['\u00a0gift\u00a0', '\u00a0gift\u00a0'], // U+00A0 is content to Java
    ['\u0021x\u0021', '\u0021x\u0021'], // "!" is the first character kept
  ])('%j -> %j', (input, out) => {
    expect(serviceTrim(input)).toBe(out);
  });
});

describe('exponentOf', () => {
  it('is 2 by default, the number given, or the function of the currency', () => {
    expect(exponentOf(undefined, 'JPY')).toBe(2);
    expect(exponentOf(3, 'USD')).toBe(3);
    expect(exponentOf(0, undefined)).toBe(0);
    const seen: string[] = [];
    const byCurrency = (c: string): number => {
      seen.push(c);
      return c === 'JPY' ? 0 : 2;
    };
    expect(exponentOf(byCurrency, 'JPY')).toBe(0);
    expect(exponentOf(byCurrency, undefined)).toBe(2);
    expect(seen).toEqual(['JPY', '']); // no currency: the function gets ''
  });
});

describe('utf8LongerThan against Buffer.byteLength', () => {
  // One of each UTF-8 length class and the boundaries between them (bytes per Buffer.byteLength).
  const cases: Array<[string, string]> = [
    ['ASCII', 'a'],
    ['U+007F', '\u007f'],
    ['U+0080', '\u0080'],
    ['U+07FF', '\u07ff'],
    ['U+0800', '\u0800'],
    ['U+D7FF', '\ud7ff'],
    ['U+FFFF', '\uffff'],
    ['a pair (U+10000)', '\ud800\udc00'],
    ['a pair (U+10FFFF)', '\udbff\udfff'],
    ['a lone high surrogate', '\ud800'],
    ['a lone high surrogate then ASCII', '\udbffa'],
    ['a lone low surrogate', '\udc00'],
    ['a low then a high surrogate', '\udc00\ud800'],
    ['U+0800 then a low surrogate', '\u0800\udc00'],
    ['U+E000 then a low surrogate', '\ue000\udfff'],
    ['two high surrogates then a low one', '\ud800\udbff\udc00'],
    ['mixed', 'a\u00e9\u20ac\ud83d\ude00z'],
  ];
  it.each(cases)('counts %s as Buffer.byteLength does, at every max around it', (_, text) => {
    const bytes = Buffer.byteLength(text, 'utf8');
    for (let max = 0; max <= bytes + 2; max++) expect([max, utf8LongerThan(text, max)]).toEqual([max, bytes > max]);
  });

  it('is exact at the boundary for text of every kind (property)', () => {
    const unit = fc.oneof(
      fc.constantFrom(
        'a',
        '\u007f',
        '\u0080',
        '\u07ff',
        '\u0800',
        '\ud7ff',
        '\ud800',
        '\udbff',
        '\udc00',
        '\udfff',
        '\uffff',
      ),
      fc.string({ unit: 'binary', maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), fc.integer({ min: -2, max: 2 }), (units, delta) => {
        const text = units.join('');
        const max = Math.max(0, Buffer.byteLength(text, 'utf8') + delta);
        expect(utf8LongerThan(text, max)).toBe(Buffer.byteLength(text, 'utf8') > max);
      }),
      { numRuns: 500 },
    );
  });

  it('says no for the empty text and yes for ASCII text one byte over', () => {
    expect(utf8LongerThan('', 0)).toBe(false);
    expect(utf8LongerThan('abc', 3)).toBe(false);
    expect(utf8LongerThan('abcd', 3)).toBe(true);
  });
});
