/**
 * What makes an RSA key acceptable for RSA-SHA256, whatever form it arrives in (PEM of any of
 * the four forms, or a `CryptoKey`): one function, called by every import path before the key
 * reaches a crypto backend or a cache.
 *
 * - Modulus from {@link MIN_RSA_BITS} (2048) to {@link MAX_RSA_BITS} (8192) bits. 8192 rather
 *   than 16384: RSA-SHA256 is capped at SHA-256's 128-bit collision strength, which 3072 bits
 *   already match, so larger keys add cost (verification ~4x, signing ~8x per doubling) and no
 *   strength; the service's own procedure makes 4096-bit keys.
 * - Public exponent odd, at least {@link MIN_PUBLIC_EXPONENT} (65537) and at most
 *   {@link MAX_PUBLIC_EXPONENT_BITS} (32) bits. e = 1 makes every padded digest its own
 *   signature (anyone can forge); an even e is not an RSA key; e = 3, 17 and other small
 *   exponents are safe only with a perfectly strict verifier and are refused, as FIPS 186-5
 *   (e > 2^16) asks. 32 bits bounds the cost of a verification and is accepted by every runtime
 *   paysig supports (BoringSSL stops at 33 bits).
 *
 * Strict DER (minimal INTEGERs, no trailing bytes) is enforced by the reader in `der.ts`.
 *
 * @module
 */
import { KeyExponentError, KeyTooLargeError, WeakKeyError } from '../errors.js';

/** Smallest modulus accepted for signing or verifying, in bits. */
export const MIN_RSA_BITS = 2048;

/** Largest modulus accepted, in bits. The `oauth_signature` length cap derives from it. */
export const MAX_RSA_BITS = 8192;

/** Smallest public exponent accepted (2^16 + 1, what every key generator uses). */
export const MIN_PUBLIC_EXPONENT = 65537;

/** Longest public exponent accepted, in bits (so at most 2^32 - 1). */
export const MAX_PUBLIC_EXPONENT_BITS = 32;

const REGENERATE = 'generate a new key pair (for example `paysig keygen`, or openssl genpkey, which use e = 65537)';

/** Refuses a modulus length outside {@link MIN_RSA_BITS}..{@link MAX_RSA_BITS}. */
export function checkBits(bits: number): void {
  if (bits < MIN_RSA_BITS) throw new WeakKeyError(bits);
  if (bits > MAX_RSA_BITS) throw new KeyTooLargeError(bits, MAX_RSA_BITS);
}

/**
 * Refuses a public exponent that is not odd, 65537 or more, and at most 32 bits long.
 * `exponent` is the unsigned big-endian magnitude (leading zero bytes allowed).
 */
export function checkExponent(exponent: Uint8Array): void {
  let i = 0;
  while (i < exponent.length && exponent[i] === 0) i++;
  const len = exponent.length - i;
  if (len > MAX_PUBLIC_EXPONENT_BITS / 8) {
    throw new KeyExponentError(
      `RSA public exponent is longer than ${MAX_PUBLIC_EXPONENT_BITS} bits: paysig accepts odd exponents ` +
        `from ${MIN_PUBLIC_EXPONENT} to 2^${MAX_PUBLIC_EXPONENT_BITS} - 1; ${REGENERATE}`,
    );
  }
  let e = 0;
  for (let j = i; j < exponent.length; j++) e = e * 256 + exponent[j]!;
  if (e % 2 === 0) {
    throw new KeyExponentError(`RSA public exponent ${e} is even, so this is not a valid RSA key; ${REGENERATE}`);
  }
  if (e < MIN_PUBLIC_EXPONENT) {
    throw new KeyExponentError(
      e === 1
        ? `RSA public exponent is 1: with it anyone can forge signatures; ${REGENERATE}`
        : `RSA public exponent ${e} is below ${MIN_PUBLIC_EXPONENT}: small exponents are refused; ${REGENERATE}`,
    );
  }
}

/** Applies every rule of this module: modulus length, then public exponent. */
export function checkRsaKey(bits: number, exponent: Uint8Array): void {
  checkBits(bits);
  checkExponent(exponent);
}
