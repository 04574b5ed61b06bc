/**
 * Shapes and bounds of the OAuth protocol parameters, shared by signer and verifier so a signer
 * never produces what the verifier refuses.
 *
 * @module
 */
import { OAuthParameterError, TimestampError, UnsupportedError } from '../../errors/index.js';

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
 * `MAX_HEADER_LENGTH`, so the header cap does not bind. Written as a number (signature-cap.test.ts
 * derives it from `MAX_RSA_BITS`) so that a bundle that does not read it drops it.
 */
export const MAX_SIGNATURE_LENGTH = 1368;

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

/**
 * Refuses a timestamp (seconds) more than `maxSkew` before `now` or `maxFuture` after it; one in
 * milliseconds (`Date.now()`) is named as such. @internal
 */
export function checkTimestampWindow(timestamp: number, now: number, maxSkew: number, maxFuture: number): void {
  const skew = timestamp - now;
  if (skew > maxFuture && timestamp >= 1e12 && timestamp > now * 100) {
    throw new TimestampError(
      'oauth_timestamp looks like milliseconds (Date.now()): milliseconds? send seconds, Math.floor(Date.now() / 1000)',
    );
  }
  if (skew > maxFuture) {
    throw new TimestampError(
      `oauth_timestamp is ${Math.round(skew)} s in the future; at most ${maxFuture} s is allowed (maxFutureSkewSeconds)`,
    );
  }
  if (skew < -maxSkew) {
    throw new TimestampError(`oauth_timestamp is ${Math.round(-skew)} s in the past; at most ${maxSkew} s is allowed`);
  }
}

/** The header's parameter `name`: present, 1 to `max` characters. @internal */
export function oauthParam(params: Record<string, string>, name: string, max: number): string {
  const v = params[name];
  if (v === undefined) throw new OAuthParameterError(`missing required OAuth parameter "${name}"`, { field: name });
  if (v.length === 0 || v.length > max) {
    throw new OAuthParameterError(`"${name}" must be 1 to ${max} characters`, { field: name });
  }
  return v;
}

/** Refuses a body repeat of an `oauth_*` parameter (for `withoutOAuthRepeats`). @internal */
export function refuseBodyRepeat(name: string, rule: string): never {
  throw new OAuthParameterError(`"${name}" ${rule}`, { field: name });
}
