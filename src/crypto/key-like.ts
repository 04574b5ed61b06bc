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
 * import { importPrivateKey, type CryptoKeyLike } from 'paysig';
 *
 * // A key the application generated or unwrapped with WebCrypto (DOM, node:crypto, Deno, Bun).
 * async function checkSigningKey(key: CryptoKeyLike): Promise<void> {
 *   await importPrivateKey(key); // RSASSA-PKCS1-v1_5, SHA-256, >= 2048 bits, `sign` usage; cached
 * }
 * ```
 */
export interface CryptoKeyLike {
  /** `'private'`, `'public'` or `'secret'`. */
  readonly type: string;
  /** Whether the key material can be exported. */
  readonly extractable: boolean;
  /** The algorithm (paysig needs `RSASSA-PKCS1-v1_5` with SHA-256). */
  readonly algorithm: {
    /** The algorithm's name, such as `RSASSA-PKCS1-v1_5`. */
    readonly name: string;
  };
  /** What the key may be used for (paysig needs `sign` or `verify`). */
  readonly usages: readonly string[];
}
