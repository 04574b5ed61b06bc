/**
 * Signing a request with OAuth 1.0a (RFC 5849 section 3): HMAC-SHA1 or RSA-SHA256.
 *
 * @module
 */
import { hmacSha1, randomBytes, rsaSha256Sign } from '#crypto';
import { InvalidInputError, UnsupportedError } from '../../errors/index.js';
import { hmacKeyOf } from './hmac-key.js';
import { toBase64 } from '../../encoding/base64.js';
import { toHex } from '../../encoding/hex.js';
import { importPrivateKey } from '../../keys/import.js';
import type { CryptoKeyLike } from '../../crypto/key-like.js';
import { joinBaseString, normalizeMethod, encodedParameters } from './base-string.js';
import { withoutOAuthRepeats } from './body.js';
import { buildAuthorizationHeader } from './header.js';
import {
  isSignatureMethod,
  isTimestampText,
  MAX_CONSUMER_KEY_LENGTH,
  MAX_NONCE_LENGTH,
  type SignatureMethod,
  rsaNotHere,
} from './protocol.js';
import { splitUrl } from './url.js';

/** What {@link signOAuth} signs, and with which credentials. */
export interface SignOAuthRequest {
  /** HTTP method, any case. */
  method: string;
  /** Absolute http(s) URL; its query parameters are signed too. */
  url: string;
  /**
   * Decoded form-body parameters. They may repeat the `oauth_*` values paysig sends (pass `nonce`
   * and `timestamp` to know them beforehand): a repeated value equal to the one sent is signed
   * once; a different one, or an `oauth_signature`, is refused. Other `oauth_*` names (e.g.
   * `oauth_callback`) are ordinary parameters. See {@link oauthBodyParams}.
   */
  params: ReadonlyArray<readonly [string, string]>;
  /** `oauth_consumer_key`: the merchant login. */
  consumerKey: string;
  /** `HMAC-SHA1` (needs `consumerSecret`) or `RSA-SHA256` (needs `privateKey`). */
  signatureMethod: SignatureMethod;
  /** HMAC-SHA1: the merchant control key (non-empty). */
  consumerSecret?: string;
  /** RFC 5849 token (`oauth_token`); the service uses none. */
  token?: string;
  /** HMAC-SHA1 token secret; default `''`. */
  tokenSecret?: string;
  /** RSA-SHA256: PEM (PKCS#1 or PKCS#8) of at least 2048 bits, or a `CryptoKey`. */
  privateKey?: string | CryptoKeyLike;
  /** `oauth_nonce`; default: 128 random bits as 32 hex digits. At most 256 characters. */
  nonce?: string;
  /** `oauth_timestamp` in seconds (non-negative safe integer, or up to 15 digits); default: now. */
  timestamp?: number | string;
  /** `realm` for the header; never signed. */
  realm?: string;
}

/** The result of {@link signOAuth}. */
export interface SignOAuthResult {
  /** The whole `Authorization` header value, starting `OAuth `. */
  authorization: string;
  /** The signature in Base64, not percent-encoded. */
  signature: string;
  /** The signature base string that was signed. */
  baseString: string;
  /** Every `oauth_*` parameter sent, decoded, the signature included. */
  oauthParams: Record<string, string>;
}

function need(field: string, rule: string): never {
  throw new InvalidInputError(`"${field}" ${rule}`, { field });
}

function timestampText(value: number | string | undefined): string {
  if (value === undefined) return String(Math.floor(Date.now() / 1000));
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) need('timestamp', 'must be a non-negative safe integer (seconds)');
    text = String(value);
  } else {
    if (typeof value !== 'string' || !isTimestampText(value))
      need('timestamp', 'must be 1 to 15 decimal digits (seconds)');
    text = value;
  }
  // 10^12 seconds is some 30,000 years away; 10^12 milliseconds is 2001: Date.now() was passed.
  if (Number(text) >= 1e12)
    need('timestamp', 'is in milliseconds (Date.now()): send seconds, Math.floor(Date.now() / 1000)');
  return text;
}

/** 128 random bits from the backend's CSPRNG, as 32 lowercase hex digits (a default nonce). */
function randomNonce(): string {
  return toHex(randomBytes(16));
}

function nonceText(value: string | undefined): string {
  if (value === undefined) return randomNonce();
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NONCE_LENGTH) {
    need('nonce', `must be a non-empty string of at most ${MAX_NONCE_LENGTH} characters`);
  }
  return value;
}

function optionalString(field: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'string') need(field, 'must be a string when given');
}

/**
 * Signs a request with OAuth 1.0a and returns the `Authorization` header value and its parts.
 *
 * Sends `oauth_consumer_key`, `oauth_nonce`, `oauth_signature_method`, `oauth_timestamp`,
 * `oauth_token` (when given), `oauth_version="1.0"` and `oauth_signature`.
 *
 * @example
 * ```ts
 * const { authorization } = await signOAuth({
 *   method: 'POST',
 *   url: 'https://sandbox.example.com/paynet/api/v2/payout/1234',
 *   params: [['client_orderid', '902B4FF5']],
 *   consumerKey: 'merchantlogin',
 *   signatureMethod: 'HMAC-SHA1',
 *   consumerSecret: controlKey,
 * });
 * ```
 * @throws {@link InvalidInputError} for a missing or malformed input (naming it).
 * @throws {@link UnsupportedError} for a signature method other than HMAC-SHA1 and RSA-SHA256.
 * @throws {@link KeyError} / {@link WeakKeyError} for an unusable private key.
 */
export function signOAuth(request: SignOAuthRequest): Promise<SignOAuthResult> {
  return signOAuthWith(request, RSA_SIGNER);
}

/**
 * RSA-SHA256 for {@link signOAuthWith}: the private key's presence check (made in its place among
 * the request checks) and the signature of `baseString` under the key (PEM or `CryptoKey`). Both
 * stay out of a bundle that never passes them (paysig/hmac).
 */
const RSA_SIGNER = {
  check(privateKey: unknown): void {
    if (privateKey === undefined || privateKey === null) {
      need('privateKey', 'is required for RSA-SHA256 (PEM or CryptoKey)');
    }
  },
  async sign(privateKey: string | CryptoKeyLike, baseString: string): Promise<Uint8Array> {
    return rsaSha256Sign(await importPrivateKey(privateKey), baseString);
  },
};

/**
 * {@link signOAuth} with RSA-SHA256 signing passed in: `undefined` refuses RSA-SHA256, so a
 * bundle that never passes it (paysig/hmac) leaves `keys/` and the RSA backend calls out. @internal
 */
export async function signOAuthWith(
  request: SignOAuthRequest,
  rsa: typeof RSA_SIGNER | undefined,
): Promise<SignOAuthResult> {
  if (request === null || typeof request !== 'object') need('request', 'must be an object');
  const signatureMethod: unknown = request.signatureMethod;
  if (!isSignatureMethod(signatureMethod)) {
    throw new UnsupportedError(
      `"signatureMethod" ${JSON.stringify(String(signatureMethod))} is not supported; use "HMAC-SHA1" or "RSA-SHA256"`,
      { field: 'signatureMethod' },
    );
  }
  if (rsa === undefined && signatureMethod !== 'HMAC-SHA1') throw rsaNotHere();
  const { consumerKey } = request;
  if (typeof consumerKey !== 'string' || consumerKey.length === 0 || consumerKey.length > MAX_CONSUMER_KEY_LENGTH) {
    need('consumerKey', `must be a non-empty string of at most ${MAX_CONSUMER_KEY_LENGTH} characters`);
  }
  optionalString('token', request.token);
  optionalString('tokenSecret', request.tokenSecret);
  optionalString('realm', request.realm);
  let hmacKey = '';
  if (signatureMethod === 'HMAC-SHA1') {
    if (typeof request.consumerSecret !== 'string' || request.consumerSecret.length === 0) {
      need('consumerSecret', 'is required for HMAC-SHA1 (the merchant control key, non-empty)');
    }
    hmacKey = hmacKeyOf(request.consumerSecret, request.tokenSecret);
  } else {
    // RSA-SHA256, so rsa is given (refused above otherwise)
    rsa!.check(request.privateKey);
  }

  const method = normalizeMethod(request.method);
  const { encodedBaseUri, query } = splitUrl(request.url);

  const oauth: Record<string, string> = {
    oauth_consumer_key: consumerKey,
    oauth_nonce: nonceText(request.nonce),
    oauth_signature_method: signatureMethod,
    oauth_timestamp: timestampText(request.timestamp),
  };
  if (request.token !== undefined) oauth['oauth_token'] = request.token;
  oauth['oauth_version'] = '1.0';

  if (!Array.isArray(request.params)) need('params', 'must be an array of [name, value] pairs');
  const body = withoutOAuthRepeats(request.params, oauth, (name, rule) => {
    throw new InvalidInputError(`"params": "${name}" ${rule}`, { field: name });
  });
  const all: Array<readonly [string, string]> = body.slice();
  for (const name in oauth) all.push([name, oauth[name]!]);
  const baseString = joinBaseString(method, encodedBaseUri, encodedParameters(query, all));

  const signature = toBase64(
    await (signatureMethod === 'HMAC-SHA1'
      ? hmacSha1(hmacKey, baseString)
      : rsa!.sign(request.privateKey!, baseString)),
  );
  oauth['oauth_signature'] = signature;
  const authorization = buildAuthorizationHeader(Object.entries(oauth), request.realm);
  return { authorization, signature, baseString, oauthParams: oauth };
}

/**
 * The `oauth_*` parameters of a {@link signOAuth} result other than the signature, as form pairs,
 * for APIs (like this service) that also want them in the body. Append them to the body
 * parameters you send; they take part in the base string once (the signer and
 * {@link verifyOAuth} both count a body repeat of a header value once).
 *
 * @example
 * ```ts
 * const signed = await signOAuth({ ...request, params });
 * const body = formatForm([...params, ...oauthBodyParams(signed)]);
 * ```
 */
export function oauthBodyParams(result: Pick<SignOAuthResult, 'oauthParams'>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const name in result.oauthParams) {
    if (name !== 'oauth_signature') out.push([name, result.oauthParams[name]!]);
  }
  return out;
}
