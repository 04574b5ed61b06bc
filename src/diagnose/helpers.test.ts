// The small helpers behind diagnose(): the bounded UTF-8 length check against Node's
// Buffer.byteLength, the first difference of two strings against hand-derived indexes and
// excerpts, and the memoised credentials lookup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../catalog/index.js';
import { memoLookup } from './lookup.js';
import { firstDifference, longerThan } from './text.js';
import type { CredentialsQuery } from '../operations/verify.js';

describe('longerThan', () => {
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
    for (let max = 0; max <= bytes + 2; max++) expect([max, longerThan(text, max)]).toEqual([max, bytes > max]);
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
        expect(longerThan(text, max)).toBe(Buffer.byteLength(text, 'utf8') > max);
      }),
      { numRuns: 500 },
    );
  });

  it('says no for the empty text and yes for ASCII text one byte over', () => {
    expect(longerThan('', 0)).toBe(false);
    expect(longerThan('abc', 3)).toBe(false);
    expect(longerThan('abcd', 3)).toBe(true);
  });
});

describe('firstDifference', () => {
  it('is undefined for equal strings, including empty ones', () => {
    expect(firstDifference('signature', 'abc', 'abc')).toBeUndefined();
    expect(firstDifference('signature', '', '')).toBeUndefined();
  });

  it('reports the shorter length when one string is a prefix of the other', () => {
    expect(firstDifference('base string', 'abc', 'abcd')).toEqual({
      what: 'base string',
      index: 3,
      expected: 'abc',
      received: 'abcd',
    });
    expect(firstDifference('base string', 'abcd', '')).toEqual({
      what: 'base string',
      index: 0,
      expected: 'abcd',
      received: '',
    });
  });

  it('shows 40 characters from 10 before the difference', () => {
    // 0123456789 repeated: the character at index i is i % 10.
    const digits = '0123456789'.repeat(10);
    const changed = `${digits.slice(0, 55)}X${digits.slice(56)}`;
    expect(firstDifference('control input', digits, changed)).toEqual({
      what: 'control input',
      index: 55,
      expected: '5678901234567890123456789012345678901234',
      received: '5678901234X67890123456789012345678901234',
    });
    // Near the start the excerpt begins at 0.
    const early = `ab${digits.slice(2)}`;
    expect(firstDifference('control digest', digits, early)).toEqual({
      what: 'control digest',
      index: 0,
      expected: '0123456789012345678901234567890123456789',
      received: 'ab23456789012345678901234567890123456789',
    });
  });
});

describe('memoLookup', () => {
  const op = { id: 'sale' } as Operation;
  it('calls credentials once per distinct query and gives each query its own answer', async () => {
    const calls: CredentialsQuery[] = [];
    const lookup = memoLookup((who) => {
      calls.push(who);
      return { controlKey: JSON.stringify([who.login, who.consumerKey, who.endpointId, who.endpointGroupId]) };
    });
    const queries: CredentialsQuery[] = [
      { operation: op, endpointId: '1' },
      { operation: op, endpointId: '2' },
      { operation: op, endpointGroupId: '1' },
      { operation: op, login: 'm', endpointId: '1' },
      { operation: op, consumerKey: 'm', endpointId: '1' },
    ];
    for (const q of queries) {
      const expected = JSON.stringify([q.login, q.consumerKey, q.endpointId, q.endpointGroupId]);
      expect((await lookup(q))?.controlKey).toBe(expected);
      expect((await lookup({ ...q }))?.controlKey).toBe(expected);
    }
    expect(calls).toEqual(queries);
  });

  it('hands on a rejection as it is, without calling again', async () => {
    const boom = new TypeError('database down');
    let n = 0;
    const lookup = memoLookup(() => {
      n++;
      throw boom;
    });
    await expect(lookup({ operation: op, endpointId: '1' })).rejects.toBe(boom);
    await expect(lookup({ operation: op, endpointId: '1' })).rejects.toBe(boom);
    expect(n).toBe(1);
  });
});
