// The small helpers behind diagnose(): the first difference of two strings against hand-derived indexes and
// excerpts, and the memoised credentials lookup.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../catalog/index.js';
import { memoLookup } from './lookup.js';
import { firstDifference } from './text.js';
import type { CredentialsQuery } from '../request/verify.js';

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
