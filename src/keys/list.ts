/**
 * Key rotation: a merchant's secret given as one key or as a short list of keys, each with an
 * optional id, all tried against one request. Read the same way for control keys, HMAC-SHA1
 * secrets and RSA public keys.
 *
 * @module
 */
import { ConfigurationError } from '../errors/index.js';

/** Most keys one credential may list (a rotation needs two; four leaves room for overlaps). */
export const MAX_KEYS = 4;

/**
 * One key of a rotation: the key and the name the operator gave it (a date, a version), which
 * the verification result repeats so that logs show which key a merchant still signs with.
 *
 * @example
 * ```ts
 * const keys: KeyEntry<string>[] = [{ id: '2026-11', key: newKey }, { id: '2026-05', key: oldKey }];
 * ```
 */
export interface KeyEntry<K> {
  /** The caller's name for the key; repeated in {@link MatchedKey.id}. At most 64 characters. */
  readonly id?: string;
  /** The key itself. */
  readonly key: K;
}

/**
 * A secret as a credentials callback gives it: one key, or up to {@link MAX_KEYS} entries while
 * a key is rotated (each tried; the request verifies when one matches).
 *
 * @example
 * ```ts
 * const controlKey: KeyList<string> = [{ id: 'new', key: newKey }, { id: 'old', key: oldKey }];
 * ```
 */
export type KeyList<K> = K | readonly KeyEntry<K>[];

/**
 * Which listed key verified the request: its position in the list (0 for a single key) and the
 * id given with it, if any.
 *
 * @example
 * ```ts
 * const { matchedKey } = await verifier.verify(request);
 * if (matchedKey.id === '2026-05') log.info('merchant still signs with the old key');
 * ```
 */
export interface MatchedKey {
  /** Position in the list given (0 when one key was given). */
  readonly index: number;
  /** The id given with that key; absent for a bare key. */
  readonly id?: string;
}

/** A listed key after the shape checks. @internal */
export interface ListedKey<K> {
  readonly index: number;
  readonly id: string | undefined;
  readonly key: K;
}

/** The matched key of `list` at `index`, as results report it. @internal */
export function matchedKeyOf(list: readonly ListedKey<unknown>[], index: number): MatchedKey {
  const id = list[index]?.id;
  return id === undefined ? { index } : { index, id };
}

/**
 * The keys of a credential, checked: `[]` when there is none (absent, null, an empty key or an
 * empty list), one entry for a bare key, the entries of a list. `usable` says whether a key is
 * present at all (an empty string is not); a list entry that is not usable, a list longer than
 * {@link MAX_KEYS}, or an id that is not a string of 1 to 64 characters is
 * {@link ConfigurationError} naming `field` (the keys come from the server's configuration). @internal
 */
export function listKeys<K>(
  value: KeyList<K> | undefined | null,
  field: string,
  usable: (key: unknown) => key is K,
): ListedKey<K>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return usable(value) ? [{ index: 0, id: undefined, key: value as K }] : [];
  if (value.length > MAX_KEYS) {
    throw new ConfigurationError(`"${field}" lists ${value.length} keys; at most ${MAX_KEYS} are tried`, { field });
  }
  return value.map((entry: unknown, index): ListedKey<K> => {
    const e = entry as Partial<KeyEntry<unknown>> | null;
    if (e === null || typeof e !== 'object' || !usable(e.key)) {
      throw new ConfigurationError(`"${field}" entry ${index} must be { id?, key } with a non-empty key`, { field });
    }
    const id = e.id;
    if (id !== undefined && (typeof id !== 'string' || id.length === 0 || id.length > 64)) {
      throw new ConfigurationError(`"${field}" entry ${index}: "id" must be a string of 1 to 64 characters`, { field });
    }
    return { index, id, key: e.key };
  });
}

/** A non-empty string key (control key, HMAC-SHA1 secret). @internal */
export function isSecretKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0;
}

/** A public key given at all (PEM text or a key object; its form is checked on import). @internal */
export function isPublicKeyGiven<K>(key: unknown): key is K {
  return key !== undefined && key !== null;
}

/**
 * Runs `check` on every listed key, all of them whatever the outcome (so the time does not say
 * which key matched), and gives the index of the first that matched, or -1.
 * @internal
 */
export async function firstMatch<K>(
  keys: readonly ListedKey<K>[],
  check: (key: K) => Promise<boolean>,
): Promise<number> {
  // One key (no rotation), the usual case: no list of promises to build and wait for.
  if (keys.length === 1) return (await check(keys[0]!.key)) === true ? 0 : -1;
  const results = await Promise.all(keys.map((k) => check(k.key)));
  let found = -1;
  for (let i = results.length - 1; i >= 0; i--) found = results[i] === true ? i : found;
  return found;
}
