/**
 * The shape of a WebCrypto key as paysig's public types name it.
 *
 * It lists only the members paysig reads, so that TypeScript projects without the DOM library
 * (`"lib": ["es2022"]` with `@types/node`) compile against paysig; the DOM's `CryptoKey`,
 * node:crypto's `webcrypto.CryptoKey`, Deno's and Bun's all fit it. At run time paysig still
 * accepts only a real `CryptoKey` (anything else is refused with `ERR_KEY_INVALID`).
 *
 * @example
 * ```ts
 * import { webcrypto } from 'node:crypto';
 * import { importPrivateKey, type CryptoKeyLike } from 'paysig';
 *
 * const { privateKey } = await webcrypto.subtle.generateKey(
 *   { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
 *   false,
 *   ['sign', 'verify'],
 * );
 * const key: CryptoKeyLike = privateKey;
 * await importPrivateKey(key);
 * ```
 */
export interface CryptoKeyLike {
  /** `'private'`, `'public'` or `'secret'`. */
  readonly type: string;
  /** Whether the key material can be exported. */
  readonly extractable: boolean;
  /** The algorithm (paysig needs `RSASSA-PKCS1-v1_5` with SHA-256). */
  readonly algorithm: { readonly name: string };
  /** What the key may be used for (paysig needs `sign` or `verify`). */
  readonly usages: readonly string[];
}
