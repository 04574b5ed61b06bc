/**
 * Key rotation in a diagnosis: when the credentials list several keys, the diagnosis is made once
 * per key, each key is reported with whether it matched, and the matching key's (else the
 * first's) work is the one shown. Internal.
 *
 * @module
 */
import type { CryptoKeyLike } from '../crypto/key-like.js';
import { isPublicKeyGiven, isSecretKey, listKeys, type ListedKey } from '../keys/list.js';
import type { VerifyCredentials } from '../request/verify.js';
import type { DiagnosisKey } from './diagnosis.js';

/** The merchant's secrets with one key of each kind: what a diagnosis of one key reads. */
export interface OneKeyCredentials {
  readonly controlKey?: string;
  readonly publicKey?: string | CryptoKeyLike;
}

/** Which credential a scheme reads. */
export type KeyField = 'controlKey' | 'publicKey';

/** Receives the keys listed for the field diagnosed (called only when the credential is a list). */
export type NoteKeys = (keys: readonly ListedKey<unknown>[]) => void;

function keysOf(creds: VerifyCredentials, field: KeyField): readonly ListedKey<unknown>[] {
  try {
    return field === 'controlKey'
      ? listKeys(creds.controlKey, field, isSecretKey)
      : listKeys(creds.publicKey, field, isPublicKeyGiven);
  } catch {
    return []; // a malformed list: verifyRequest's error says why, the diagnosis has no key
  }
}

/** `creds` with key `index` of `field` (and the first key of the other kind), noting the list. */
export function withKey(
  creds: VerifyCredentials | undefined | null,
  field: KeyField,
  index: number,
  note: NoteKeys,
): OneKeyCredentials | undefined {
  if (creds === undefined || creds === null) return undefined;
  const list = keysOf(creds, field);
  if (Array.isArray(creds[field])) note(list);
  const other: KeyField = field === 'controlKey' ? 'publicKey' : 'controlKey';
  const key = list[index]?.key;
  const otherKey = keysOf(creds, other)[0]?.key;
  return { ...(key !== undefined ? { [field]: key } : {}), ...(otherKey !== undefined ? { [other]: otherKey } : {}) };
}

/**
 * Runs a diagnosis with key 0 and, when the credential lists more, with each other key; gives the
 * result to show (the first key that matched, else key 0) and, for a list, every key tried.
 */
export async function eachKey<R>(
  run: (index: number, note: NoteKeys) => Promise<R>,
  matches: (result: R) => boolean,
): Promise<{ result: R; keys?: DiagnosisKey[] }> {
  let listed: readonly ListedKey<unknown>[] | undefined;
  const first = await run(0, (keys) => {
    listed = keys;
  });
  if (listed === undefined) return { result: first };
  const results = [first];
  for (let i = 1; i < listed.length; i++) results.push(await run(i, () => undefined));
  const keys = listed.map(
    (k, i): DiagnosisKey => ({
      index: k.index,
      ...(k.id !== undefined ? { id: k.id } : {}),
      matches: matches(results[i]!),
    }),
  );
  const shown = keys.findIndex((k) => k.matches);
  return { result: results[Math.max(shown, 0)]!, keys };
}
