/**
 * Shapes and bounds of the OAuth protocol parameters, shared by signer and verifier so a signer
 * never produces what the verifier refuses.
 *
 * @module
 */

/** Signature methods paysig implements. */
export type SignatureMethod = 'HMAC-SHA1' | 'RSA-SHA256';

/** Longest accepted `oauth_nonce`, in UTF-16 units. */
export const MAX_NONCE_LENGTH = 256;

/** Longest accepted `oauth_timestamp`, in digits (any safe integer fits in 15 digits). */
export const MAX_TIMESTAMP_DIGITS = 15;

/** Longest accepted `oauth_consumer_key`, in UTF-16 units. */
export const MAX_CONSUMER_KEY_LENGTH = 1024;

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
