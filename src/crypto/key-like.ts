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

/** What a real `CryptoKey` holds in its internal slots, read through the platform's own getters. */
export interface CryptoKeySlots {
  /** `[[type]]`: `'private'`, `'public'` or `'secret'`. */
  readonly type: unknown;
  /** `[[extractable]]`. */
  readonly extractable: unknown;
  /** `[[algorithm]]` as the platform's getter returns it (never a property set on the object). */
  readonly algorithm: unknown;
  /** `[[usages]]`. */
  readonly usages: unknown;
}

const SLOTS = ['type', 'extractable', 'algorithm', 'usages'] as const;

/**
 * Whether `value` and its prototypes lead to a `CryptoKey.prototype` (of any realm: the object
 * with the slot getters) through class prototypes only (Node's keys are instances of an internal
 * subclass), with no `type`, `extractable`, `algorithm` or `usages` of their own on the way. Some
 * runtimes' `subtle` reads those public properties, not the slots: a key with one set on it, or a
 * look-alike built on a real key (`Object.create(key)`, the key an instance on the way), is no key.
 */
function keyPrototypeChain(value: object): boolean {
  let o: object | null = value;
  for (let depth = 0; o !== null && depth < 8; depth++) {
    if (o !== value && Object.getOwnPropertyDescriptor(o, 'algorithm')?.get !== undefined) return true;
    for (const name of SLOTS) if (Object.hasOwn(o, name)) return false;
    if (o !== value && typeof Object.getOwnPropertyDescriptor(o, 'constructor')?.value !== 'function') return false;
    o = Object.getPrototypeOf(o) as object | null;
  }
  return false;
}

/**
 * The slots of a real `CryptoKey` (of this realm or another: the getters check the brand, not
 * the realm), read with the getters of `CryptoKey.prototype`, so that neither a property set on
 * the key nor an object posing as one (`Symbol.toStringTag = 'CryptoKey'`) is believed. Undefined
 * for anything that is not a `CryptoKey`, and on a runtime without the `CryptoKey` class.
 */
export function cryptoKeySlots(value: unknown): CryptoKeySlots | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const proto = (globalThis as { CryptoKey?: { prototype?: unknown } }).CryptoKey?.prototype;
  if (typeof proto !== 'object' || proto === null) return undefined;
  if (!keyPrototypeChain(value)) return undefined;
  const out: Record<string, unknown> = {};
  try {
    for (const name of SLOTS) {
      const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
      if (get === undefined) return undefined;
      out[name] = get.call(value);
    }
  } catch {
    return undefined; // the brand check refused it: not a CryptoKey
  }
  if (typeof out['type'] !== 'string' || typeof out['algorithm'] !== 'object' || out['algorithm'] === null) {
    return undefined;
  }
  return out as unknown as CryptoKeySlots;
}
