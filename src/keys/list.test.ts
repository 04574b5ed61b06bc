// Key rotation lists (list.ts): what counts as no key, the shape checks of each entry and their
// messages (null and non-object entries, ids of 1 to 64 characters), the two key predicates, the
// matched key reported for a position, and which of several keys firstMatch reports.
import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/helpers/refusal.js';
import { ConfigurationError } from '../errors/index.js';
import { firstMatch, isPublicKeyGiven, isSecretKey, type ListedKey, listKeys, MAX_KEYS, matchedKeyOf } from './list.js';

/** A predicate that takes anything for a key: what listKeys decides by itself shows. */
const anything = (_key: unknown): _key is unknown => true;

/** The ConfigurationError listKeys throws, checked for its code and field. */
function configurationError(run: () => unknown, field: string): ConfigurationError {
  const e = thrown(run);
  expect(e).toBeInstanceOf(ConfigurationError);
  expect(e.code).toBe('ERR_CONFIGURATION');
  expect(e.field).toBe(field);
  return e as ConfigurationError;
}

describe('listKeys: no key at all', () => {
  it('undefined and null are no key, whatever the predicate would say of them', () => {
    expect(listKeys(undefined, 'controlKey', anything)).toEqual([]);
    expect(listKeys(null, 'controlKey', anything)).toEqual([]);
    expect(listKeys(undefined, 'publicKey', isPublicKeyGiven)).toEqual([]);
    expect(listKeys(null, 'controlKey', isSecretKey)).toEqual([]);
  });

  it('a bare key the predicate refuses is no key; one it accepts is entry 0 without an id', () => {
    expect(listKeys('', 'controlKey', isSecretKey)).toEqual([]);
    expect(listKeys('k', 'controlKey', isSecretKey)).toEqual([{ index: 0, id: undefined, key: 'k' }]);
  });
});

describe('listKeys: entries', () => {
  const shape = (field: string, index: number): string =>
    `"${field}" entry ${index} must be { id?, key } with a non-empty key`;

  it.each([
    ['null', null],
    ['a string', 'secret'],
    ['a number', 7],
    ['a function with a key property', Object.assign(() => undefined, { key: 'secret' })],
    ['an entry without a key', { id: 'a' }],
    ['an entry with an empty key', { id: 'a', key: '' }],
  ])('refuses %s as an entry, naming the field and its position', (_what, entry) => {
    const list = [{ key: 'first' }, entry] as unknown as readonly { key: string }[];
    const e = configurationError(() => listKeys(list, 'controlKey', isSecretKey), 'controlKey');
    expect(e.message).toBe(shape('controlKey', 1));
  });

  it('refuses a public key entry whose key is undefined or null', () => {
    for (const key of [undefined, null]) {
      const list = [{ id: 'new', key }] as unknown as readonly { key: string }[];
      const e = configurationError(() => listKeys(list, 'publicKey', isPublicKeyGiven), 'publicKey');
      expect(e.message).toBe(shape('publicKey', 0));
    }
  });

  it('accepts ids of 1 and of exactly 64 characters', () => {
    const id64 = 'k'.repeat(64);
    expect(
      listKeys(
        [
          { id: 'a', key: 'one' },
          { id: id64, key: 'two' },
        ],
        'controlKey',
        isSecretKey,
      ),
    ).toEqual([
      { index: 0, id: 'a', key: 'one' },
      { index: 1, id: id64, key: 'two' },
    ]);
  });

  it.each([
    ['of 65 characters', 'k'.repeat(65)],
    ['that is empty', ''],
    ['that is a number', 7],
    ['that is null', null],
    ['that is an array of characters', ['k']],
  ])('refuses an id %s, naming the field, the position and the rule', (_what, id) => {
    const list = [{ key: 'one' }, { key: 'two' }, { id, key: 'three' }] as unknown as readonly { key: string }[];
    const e = configurationError(() => listKeys(list, 'consumerSecret', isSecretKey), 'consumerSecret');
    expect(e.message).toBe('"consumerSecret" entry 2: "id" must be a string of 1 to 64 characters');
  });

  it(`accepts ${MAX_KEYS} entries and refuses one more`, () => {
    const entries = Array.from({ length: MAX_KEYS + 1 }, (_, i) => ({ key: `k${i}` }));
    expect(listKeys(entries.slice(0, MAX_KEYS), 'controlKey', isSecretKey)).toHaveLength(MAX_KEYS);
    const e = configurationError(() => listKeys(entries, 'controlKey', isSecretKey), 'controlKey');
    expect(e.message).toBe(`"controlKey" lists ${MAX_KEYS + 1} keys; at most ${MAX_KEYS} are tried`);
  });
});

describe('the key predicates', () => {
  it('isSecretKey: a non-empty string only, not other values with a length', () => {
    expect(isSecretKey('k')).toBe(true);
    for (const value of ['', ['k'], { length: 3 }, new Uint8Array(3), undefined, null, 7]) {
      expect(isSecretKey(value), String(value)).toBe(false);
    }
    // A bare control key given as an object with a length is no key.
    expect(listKeys({ length: 3 } as unknown as string, 'controlKey', isSecretKey)).toEqual([]);
  });

  it('isPublicKeyGiven: anything but undefined and null (its form is checked on import)', () => {
    for (const value of ['', 'pem', {}, 0, false]) expect(isPublicKeyGiven(value), String(value)).toBe(true);
    expect(isPublicKeyGiven(undefined)).toBe(false);
    expect(isPublicKeyGiven(null)).toBe(false);
  });
});

describe('matchedKeyOf', () => {
  const keys: ListedKey<string>[] = [
    { index: 0, id: 'a', key: 'one' },
    { index: 1, id: undefined, key: 'two' },
    { index: 2, id: 'c', key: 'three' },
  ];

  it('reports the position and the id of the key, the last of several included', () => {
    expect(matchedKeyOf(keys, 0)).toEqual({ index: 0, id: 'a' });
    expect(matchedKeyOf(keys, 2)).toEqual({ index: 2, id: 'c' });
  });

  it('has no id property for a key listed without one', () => {
    const matched = matchedKeyOf(keys, 1);
    expect(matched).toEqual({ index: 1 });
    expect(Object.hasOwn(matched, 'id')).toBe(false);
  });

  it('reports a position the list does not reach without an id', () => {
    expect(matchedKeyOf(keys, 3)).toEqual({ index: 3 });
    expect(matchedKeyOf([], 0)).toEqual({ index: 0 });
    expect(matchedKeyOf(keys, -1)).toEqual({ index: -1 });
  });
});

describe('firstMatch', () => {
  const listed = (...names: string[]): ListedKey<string>[] =>
    names.map((key, index) => ({ index, id: undefined, key }));
  const matches =
    (...good: string[]) =>
    (key: string): Promise<boolean> =>
      Promise.resolve(good.includes(key));

  it('gives the position of the first key that matches, the last of several included, or -1', async () => {
    expect(await firstMatch(listed('a'), matches('a'))).toBe(0);
    expect(await firstMatch(listed('a'), matches())).toBe(-1);
    expect(await firstMatch(listed('a', 'b', 'c', 'd'), matches('d'))).toBe(3);
    expect(await firstMatch(listed('a', 'b', 'c', 'd'), matches('b', 'd'))).toBe(1);
    expect(await firstMatch(listed('a', 'b'), matches())).toBe(-1);
  });

  it('answers for a single key sooner than for a list: no list of promises to build and wait for', async () => {
    /** Microtask turns until `p` settles, counted by a chain of resolved promises running beside it. */
    async function turnsUntilSettled(p: Promise<unknown>): Promise<number> {
      let settled = false;
      void p.then(() => (settled = true));
      let turns = 0;
      while (!settled) {
        await Promise.resolve();
        turns++;
      }
      return turns;
    }
    const one = await turnsUntilSettled(firstMatch(listed('a'), matches('a')));
    const two = await turnsUntilSettled(firstMatch(listed('a', 'b'), matches('a')));
    expect(one).toBeLessThan(two);
  });

  it('reads no result past the last key: a polluted Array.prototype cannot make a key match', async () => {
    // Index 2 and 3 on Array.prototype answer `true` for any array shorter than that; writable, so
    // that assignments elsewhere still create own elements. Removed before anything else runs.
    const polluted = { value: true, writable: true, configurable: true };
    Object.defineProperty(Array.prototype, '2', polluted);
    Object.defineProperty(Array.prototype, '3', polluted);
    let found: number;
    try {
      found = await firstMatch(listed('a', 'b'), matches());
    } finally {
      delete (Array.prototype as unknown as Record<string, unknown>)['2'];
      delete (Array.prototype as unknown as Record<string, unknown>)['3'];
    }
    expect(Object.hasOwn(Array.prototype, '2')).toBe(false);
    expect(found).toBe(-1);
  });

  it('checks every key, whichever matches', async () => {
    const seen: string[] = [];
    const check = (key: string): Promise<boolean> => {
      seen.push(key);
      return Promise.resolve(key === 'a');
    };
    expect(await firstMatch(listed('a', 'b', 'c'), check)).toBe(0);
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
