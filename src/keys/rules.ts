/**
 * What makes an RSA key acceptable for RSA-SHA256, whatever form it arrives in (PEM of any of
 * the four forms, or a `CryptoKey`): one function, called by every import path before the key
 * reaches a crypto backend or a cache.
 *
 * - Modulus from {@link MIN_RSA_BITS} (2048) to {@link MAX_RSA_BITS} (8192) bits. 8192 rather
 *   than 16384: RSA-SHA256 is capped at SHA-256's 128-bit collision strength, which 3072 bits
 *   already match, so larger keys add cost (verification ~4x, signing ~8x per doubling) and no
 *   strength; the service's own procedure makes 4096-bit keys. (Deno's crypto refuses public
 *   keys above 4096 bits by itself: there a larger key fails with `ERR_KEY_INVALID`.)
 * - Public exponent exactly {@link PUBLIC_EXPONENT} (65537). e = 1 makes every padded digest its
 *   own signature (anyone can forge); an even e is not an RSA key; e = 3, 17 and other small
 *   exponents are safe only with a perfectly strict verifier (FIPS 186-5 asks for e > 2^16).
 *   Other odd exponents above 65537 would be sound, but workerd's WebCrypto refuses them, so
 *   accepting them would make a key work on one runtime and fail on another; every usual
 *   generator (OpenSSL, WebCrypto, paysig) uses 65537.
 *
 * Strict DER (minimal INTEGERs, no trailing bytes) is enforced by the reader in `der.ts`.
 *
 * @module
 */
import { KeyExponentError, KeyTooLargeError, WeakKeyError } from '../errors/index.js';

/** Smallest modulus accepted for signing or verifying, in bits. */
export const MIN_RSA_BITS = 2048;

/** Largest modulus accepted, in bits. The `oauth_signature` length cap derives from it. */
export const MAX_RSA_BITS = 8192;

/** The only public exponent accepted: 2^16 + 1, what every usual key generator uses. */
export const PUBLIC_EXPONENT = 65537;

const REGENERATE = 'generate a new key pair (for example `paysig keygen`, or openssl genpkey, which use e = 65537)';

/** Refuses a modulus length outside {@link MIN_RSA_BITS}..{@link MAX_RSA_BITS}. */
export function checkBits(bits: number): void {
  if (bits < MIN_RSA_BITS) throw new WeakKeyError(bits);
  if (bits > MAX_RSA_BITS) throw new KeyTooLargeError(bits, MAX_RSA_BITS);
}

/**
 * Refuses a public exponent other than {@link PUBLIC_EXPONENT}, saying why.
 * `exponent` is the unsigned big-endian magnitude (leading zero bytes allowed).
 */
export function checkExponent(exponent: Uint8Array): void {
  let i = 0;
  while (i < exponent.length && exponent[i] === 0) i++;
  if (exponent.length - i > 4) {
    throw new KeyExponentError(
      `RSA public exponent is longer than 32 bits: only ${PUBLIC_EXPONENT} is accepted; ${REGENERATE}`,
    );
  }
  let e = 0;
  for (let j = i; j < exponent.length; j++) e = e * 256 + exponent[j]!;
  if (e === PUBLIC_EXPONENT) return;
  let why = `only ${PUBLIC_EXPONENT} is accepted`;
  if (e === 1) why = 'with it anyone can forge signatures';
  else if (e % 2 === 0) why = 'an even exponent is not a valid RSA key';
  // Odd and at most 16 bits (65537 itself returned above): FIPS 186-5 asks for e > 2^16.
  else if (e <= 0xffff) why = `small exponents are refused; only ${PUBLIC_EXPONENT} is accepted`;
  throw new KeyExponentError(`RSA public exponent is ${e}: ${why}; ${REGENERATE}`);
}

/** Applies every rule of this module: modulus length, then public exponent. */
export function checkRsaKey(bits: number, exponent: Uint8Array): void {
  checkBits(bits);
  checkExponent(exponent);
}
