/**
 * RSA key pair generation, exported as PEM in the four forms paysig reads.
 *
 * @module
 */
import { backendName, generateRsaKeyPair } from '#crypto';
import { InvalidInputError, KeyError, WeakKeyError } from '../errors/index.js';
import { pkcs8ToPkcs1, spkiToPkcs1 } from './der.js';
import { MAX_RSA_BITS, MIN_RSA_BITS } from './rules.js';
import { formatPem } from './pem.js';

/** Options of {@link generateKeyPair}. */
export interface GenerateKeyPairOptions {
  /** Modulus length in bits: a multiple of 8 from 2048 to 8192. Default 4096. */
  bits?: number;
}

/**
 * A freshly generated RSA key pair as PEM text (64-character lines, final newline). The private
 * forms are secret: store them as such.
 */
export interface GeneratedKeyPair {
  /** The private key, PKCS#8 (`-----BEGIN PRIVATE KEY-----`). */
  privateKeyPkcs8: string;
  /** The same private key, PKCS#1 (`-----BEGIN RSA PRIVATE KEY-----`). */
  privateKeyPkcs1: string;
  /** The public key, X.509 SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`). */
  publicKeySpki: string;
  /** The same public key, PKCS#1 (`-----BEGIN RSA PUBLIC KEY-----`). */
  publicKeyPkcs1: string;
}

/** Default modulus length of {@link generateKeyPair}. */
export const DEFAULT_RSA_BITS = 4096;

/**
 * Generates an RSA key pair for RSA-SHA256 (public exponent 65537) with the backend's secure
 * generator, and returns it as PEM in PKCS#8, PKCS#1, SPKI and PKCS#1-public forms.
 *
 * Generation takes from a fraction of a second (2048 bits) to several seconds (4096 bits and
 * more).
 *
 * @param options - `bits`: modulus length, default 4096
 * @returns the four PEM texts
 * @throws (rejects with) {@link WeakKeyError} (`ERR_KEY_TOO_SMALL`) for fewer than 2048 bits,
 *   {@link InvalidInputError} (`ERR_INVALID_INPUT`) when `bits` is not an integer multiple of 8 or
 *   exceeds 8192
 *
 * @example
 * ```ts
 * const { privateKeyPkcs8, publicKeySpki } = await generateKeyPair({ bits: 3072 });
 * ```
 */
export async function generateKeyPair(options?: GenerateKeyPairOptions): Promise<GeneratedKeyPair> {
  const bits = options?.bits ?? DEFAULT_RSA_BITS;
  if (!Number.isInteger(bits)) {
    throw new InvalidInputError('bits must be an integer number of bits', { field: 'bits' });
  }
  if (bits < MIN_RSA_BITS) throw new WeakKeyError(bits);
  if (bits % 8 !== 0 || bits > MAX_RSA_BITS) {
    throw new InvalidInputError(`bits must be a multiple of 8 from ${MIN_RSA_BITS} to ${MAX_RSA_BITS}, got ${bits}`, {
      field: 'bits',
    });
  }
  let pair: { pkcs8: Uint8Array; spki: Uint8Array };
  try {
    pair = await generateRsaKeyPair(bits);
  } catch (cause) {
    throw new KeyError(`RSA key generation (${bits} bits) failed in the ${backendName()} crypto backend`, { cause });
  }
  return {
    privateKeyPkcs8: formatPem('PRIVATE KEY', pair.pkcs8),
    privateKeyPkcs1: formatPem('RSA PRIVATE KEY', pkcs8ToPkcs1(pair.pkcs8)),
    publicKeySpki: formatPem('PUBLIC KEY', pair.spki),
    publicKeyPkcs1: formatPem('RSA PUBLIC KEY', spkiToPkcs1(pair.spki)),
  };
}
