/**
 * Shapes and bounds of the OAuth protocol parameters, shared by signer and verifier so a signer
 * never produces what the verifier refuses.
 *
 * @module
 */
import { UnsupportedError } from '../errors/index.js';
import { MAX_RSA_BITS } from '../keys/rules.js';

/** Signature methods paysig implements. */
export type SignatureMethod = 'HMAC-SHA1' | 'RSA-SHA256';

/** Longest accepted `oauth_nonce`, in UTF-16 units. */
export const MAX_NONCE_LENGTH = 256;

/** Longest accepted `oauth_timestamp`, in digits (any safe integer fits in 15 digits). */
export const MAX_TIMESTAMP_DIGITS = 15;

/** Longest accepted `oauth_consumer_key`, in UTF-16 units. */
export const MAX_CONSUMER_KEY_LENGTH = 1024;

/**
 * Longest accepted `oauth_signature`, in characters: the padded Base64 of the largest RSA
 * signature paysig accepts (a signature is as long as the modulus: 8192 bits, 1024 bytes, 1368
 * characters). HMAC-SHA1's 28 characters fit. Longer values are refused before any crypto.
 * Percent-encoded in the header (at most 3 characters each) it stays well within
 * `MAX_HEADER_LENGTH`, so the header cap does not bind.
 */
export const MAX_SIGNATURE_LENGTH = 4 * Math.ceil(MAX_RSA_BITS / 8 / 3);

/** True for `HMAC-SHA1` and `RSA-SHA256`. @internal */
export function isSignatureMethod(value: unknown): value is SignatureMethod {
  return value === 'HMAC-SHA1' || value === 'RSA-SHA256';
}

/** True for 1 to {@link MAX_TIMESTAMP_DIGITS} ASCII digits. @internal */
export function isTimestampText(value: string): boolean {
  const n = value.length;
  if (n === 0 || n > MAX_TIMESTAMP_DIGITS) return false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The refusal of RSA-SHA256 by the HMAC-only entry (paysig/hmac). @internal */
export function rsaNotHere(): UnsupportedError {
  return new UnsupportedError(
    'RSA-SHA256 is not available in the paysig/hmac entry (HMAC-SHA1 only); use signOAuth and verifyOAuth of the paysig package root',
    { field: 'signatureMethod' },
  );
}
