/**
 * Verifying an OAuth 1.0a signed request (RFC 5849 section 3.2), server side.
 *
 * Checks run cheapest first, and the nonce store is touched only once the signature has
 * verified: header syntax, protocol parameters, signature method, body repeats, timestamp
 * window, base string, signature encoding, consumer lookup, method allowed for the consumer,
 * signature (constant time), nonce.
 *
 * @module
 */
import {
  ConfigurationError,
  InvalidInputError,
  SignatureMethodNotAllowedError,
  NonceReplayedError,
  NonceStoreError,
  OAuthParameterError,
  SignatureInvalidError,
  TimestampError,
  UnknownConsumerError,
  UnsupportedError,
} from '../../errors/index.js';
import { fromBase64 } from '../../encoding/base64.js';
import { joinBaseString, normalizeMethod, encodedParameters } from './base-string.js';
import { withoutOAuthRepeats } from './body.js';
import { parseAuthorizationHeader } from './header.js';
import {
  checkTimestampWindow,
  isSignatureMethod,
  oauthParam,
  refuseBodyRepeat,
  isTimestampText,
  MAX_CONSUMER_KEY_LENGTH,
  MAX_NONCE_LENGTH,
  MAX_SIGNATURE_LENGTH,
  rsaNotHere,
} from './protocol.js';
import type { NonceStore } from '../../stores/types.js';
import { splitUrl } from './url.js';
import { hmacMatch, rsaMatch } from './verify-keys.js';
import type { CryptoKeyLike } from '../../crypto/key-like.js';
import { matchedKeyOf, type KeyList, type MatchedKey } from '../../keys/list.js';

/** The request as received, for {@link verifyOAuth}. */
export interface VerifyOAuthRequest {
  /** HTTP method as received. */
  method: string;
  /** Absolute URL as received (e.g. `Request.url`); its query parameters are signed. */
  url: string;
  /** Decoded form-body parameters as received; may repeat the header's `oauth_*` values. */
  params: ReadonlyArray<readonly [string, string]>;
  /** The `Authorization` header as received. */
  authorization: string;
}

/**
 * A consumer's verification credentials; at least one must be present. Either may list up to
 * four keys while it is rotated (`[{ id: 'new', key }, { id: 'old', key }]`): each is tried.
 */
export interface OAuthConsumerCredentials {
  /** HMAC-SHA1 secret (the merchant control key). HMAC-SHA1 is refused when absent or empty. */
  consumerSecret?: KeyList<string>;
  /**
   * The same secret under the name the rest of paysig gives it (the merchant control key): read
   * when `consumerSecret` is absent, so one credentials table serves `verifyOAuth` and a verifier.
   */
  controlKey?: KeyList<string>;
  /** RSA-SHA256 public key: PEM (SPKI or PKCS#1) or `CryptoKey`. RSA-SHA256 is refused when absent. */
  publicKey?: KeyList<string | CryptoKeyLike>;
  /**
   * The canonical id of the merchant; nonces and quotas are keyed on it (default: the consumer
   * key as sent). Give it when the lookup accepts several spellings of one key (a
   * case-insensitive collation), so that each spelling does not get a quota of its own.
   */
  consumerId?: string;
}

/** Options of {@link verifyOAuth}. */
export interface VerifyOAuthOptions {
  /**
   * Looks up a consumer by `oauth_consumer_key`; `undefined` for an unknown consumer. May be
   * async. Errors it throws are passed through unchanged.
   */
  credentials: (
    consumerKey: string,
  ) => OAuthConsumerCredentials | undefined | Promise<OAuthConsumerCredentials | undefined>;
  /** Current time in seconds; default: now. */
  now?: number;
  /** Largest accepted age of `oauth_timestamp` (how far in the past); default 300. */
  maxSkewSeconds?: number;
  /**
   * Largest accepted distance of `oauth_timestamp` into the future; default 30 (or
   * `maxSkewSeconds`, when smaller). A store that loses its memory (a Redis wipe or failover)
   * refuses fresh requests for about this long afterwards, so keep it small.
   */
  maxFutureSkewSeconds?: number;
  /**
   * Where nonces are recorded (required): a replay within the window is refused. There is no
   * store behind the caller's back: pass a `MemoryNonceStore` you keep for the life of the
   * server, a `RedisNonceStore` for several processes, or, knowingly, `REPLAYS_NOT_CHECKED`.
   */
  nonceStore: NonceStore;
}

/** What {@link verifyOAuth} resolves with for a valid request. */
export interface VerifyOAuthResult {
  /** The authenticated `oauth_consumer_key`. */
  consumerKey: string;
  /** `HMAC-SHA1` or `RSA-SHA256`. */
  signatureMethod: string;
  /** `oauth_timestamp`, in seconds. */
  timestamp: number;
  /** `oauth_nonce`. */
  nonce: string;
  /**
   * Which of the consumer's keys verified the signature: present only when the credentials listed
   * keys (key rotation), so that a single key gives exactly the four fields above.
   */
  matchedKey?: MatchedKey;
}

/**
 * Verifies an OAuth 1.0a request signed with HMAC-SHA1 or RSA-SHA256, then records its nonce.
 *
 * The base string is built from the request as received (see {@link signatureBaseString}); body
 * repeats of the header's `oauth_*` values count once. An `oauth_token` in the header is signed
 * like any parameter, and the HMAC key uses an empty token secret (the service issues no tokens).
 * The nonce is recorded only after the signature verifies, for as long as its timestamp stays
 * inside the window, so a replay is refused and a forged request cannot fill the store.
 *
 * @example
 * ```ts
 * const { consumerKey } = await verifyOAuth(
 *   { method: req.method, url: req.url, params: parseForm(await req.text()), authorization: req.headers.get('authorization') ?? '' },
 *   { credentials: (login) => merchants.get(login), nonceStore },
 * );
 * ```
 * @returns the consumer, method, timestamp and nonce of a valid request; rejects otherwise with:
 * {@link OAuthHeaderError} (malformed header), {@link OAuthParameterError} (missing, malformed or
 * conflicting protocol parameter), {@link UnsupportedError} (unknown signature method),
 * {@link TimestampError} (outside `maxSkewSeconds`), {@link UnknownConsumerError},
 * {@link SignatureMethodNotAllowedError} (no credential for the method), {@link SignatureInvalidError},
 * {@link NonceReplayedError}, {@link NonceStoreError} (store failed: fail closed),
 * {@link InvalidInputError} / {@link EncodingError} (bad method, URL or body parameters),
 * {@link ConfigurationError} (no nonce store, one whose window is too short, bad options: the server's mistakes, 500).
 */
export function verifyOAuth(request: VerifyOAuthRequest, options: VerifyOAuthOptions): Promise<VerifyOAuthResult> {
  return verifyOAuthWith(request, options, RSA_VERIFIER);
}

/**
 * RSA-SHA256 for {@link verifyOAuthWith}: the check of the signature against the consumer's
 * public keys, and the key a client must sign with, named when the signature does not verify.
 * Both stay out of a bundle that never passes them (paysig/hmac).
 */
const RSA_VERIFIER = {
  match: rsaMatch,
  key: 'RSA-SHA256: the private key of the public key registered here',
};

/** An option in seconds: a finite number, and not negative when `nonNegative`. */
function seconds(value: number, field: string, nonNegative: boolean): number {
  // Number.isFinite is false for every non-number, so no separate typeof check is needed.
  if (!Number.isFinite(value) || (nonNegative && value < 0)) {
    throw new ConfigurationError(
      `"${field}" must be ${nonNegative ? 'a non-negative number' : 'a finite number of seconds'}`,
      {
        field,
      },
    );
  }
  return value;
}

/**
 * {@link verifyOAuth} with RSA-SHA256 verification passed in: `undefined` refuses RSA-SHA256
 * requests, so a bundle that never passes it (paysig/hmac) leaves `keys/` and the RSA backend
 * calls out. @internal
 */
export async function verifyOAuthWith(
  request: VerifyOAuthRequest,
  options: VerifyOAuthOptions,
  rsa: typeof RSA_VERIFIER | undefined,
): Promise<VerifyOAuthResult> {
  if (request === null || typeof request !== 'object') {
    throw new InvalidInputError('request must be an object', { field: 'request' });
  }
  if (options === null || typeof options !== 'object' || typeof options.credentials !== 'function') {
    throw new ConfigurationError('"options.credentials" must be a function', { field: 'credentials' });
  }
  const maxSkew = seconds(options.maxSkewSeconds ?? 300, 'maxSkewSeconds', true);
  const maxFuture = seconds(options.maxFutureSkewSeconds ?? Math.min(maxSkew, 30), 'maxFutureSkewSeconds', true);
  const now = seconds(options.now ?? Date.now() / 1000, 'now', false);
  const store = checkNonceStore(options.nonceStore, maxSkew);

  // 1. Header syntax and protocol parameters.
  const { params: oauth } = parseAuthorizationHeader(request.authorization);
  const consumerKey = oauthParam(oauth, 'oauth_consumer_key', MAX_CONSUMER_KEY_LENGTH);
  const signatureMethod = oauthParam(oauth, 'oauth_signature_method', 64);
  const signatureText = oauthParam(oauth, 'oauth_signature', MAX_SIGNATURE_LENGTH);
  const timestampText = oauthParam(oauth, 'oauth_timestamp', 64);
  const nonce = oauthParam(oauth, 'oauth_nonce', MAX_NONCE_LENGTH);
  if (!isTimestampText(timestampText)) {
    throw new OAuthParameterError('"oauth_timestamp" must be 1 to 15 decimal digits', { field: 'oauth_timestamp' });
  }
  const version = oauth['oauth_version'];
  if (version !== undefined && version !== '1.0') {
    throw new OAuthParameterError('"oauth_version" must be "1.0" when present', { field: 'oauth_version' });
  }
  if (!isSignatureMethod(signatureMethod)) {
    throw new UnsupportedError(`oauth_signature_method "${signatureMethod}" is not supported`, {
      field: 'oauth_signature_method',
    });
  }
  if (rsa === undefined && signatureMethod !== 'HMAC-SHA1') throw rsaNotHere();

  // 2. Body repeats of header values count once.
  if (!Array.isArray(request.params)) {
    throw new InvalidInputError('"params" must be an array of [name, value] pairs', { field: 'params' });
  }
  const body = withoutOAuthRepeats(request.params, oauth, refuseBodyRepeat);

  // 3. Timestamp window.
  const timestamp = Number(timestampText);
  checkTimestampWindow(timestamp, now, maxSkew, maxFuture);

  // 4. Base string (pure computation; request errors surface before any lookup).
  const method = normalizeMethod(request.method);
  const { encodedBaseUri, query } = splitUrl(request.url);
  const all: Array<readonly [string, string]> = body.slice();
  // encodedParameters leaves oauth_signature out, so the header's parameters go in as they are.
  for (const name in oauth) all.push([name, oauth[name]!]);
  const baseString = joinBaseString(method, encodedBaseUri, encodedParameters(query, all));

  let received: Uint8Array;
  try {
    received = fromBase64(signatureText);
  } catch (e) {
    throw new OAuthParameterError('"oauth_signature" is not canonical padded Base64', {
      field: 'oauth_signature',
      cause: e,
    });
  }

  // 5. Consumer and method.
  const creds = await options.credentials(consumerKey);
  if (creds === undefined || creds === null) throw new UnknownConsumerError();
  const hmac = signatureMethod === 'HMAC-SHA1';
  const listed = Array.isArray(hmac ? (creds.consumerSecret ?? creds.controlKey) : creds.publicKey);
  // Every listed key is tried (constant time each), whichever matches.
  const [keys, matched] = hmac
    ? await hmacMatch(creds, baseString, received)
    : await rsa!.match(creds, baseString, received);
  if (matched < 0) {
    // The URL as checked, without any user:password part.
    const url = request.url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1');
    throw new SignatureInvalidError(
      `oauth_signature does not verify for ${method} ${url.length > 300 ? `${url.slice(0, 300)}...` : url}: the client signed another URL (it must sign exactly this one; behind a proxy, verify against the public URL the client addressed) or with another key (${hmac ? 'HMAC-SHA1: the merchant control key, then "&"' : rsa!.key}); diagnose() or \`paysig diagnose\` tells which`,
      { url },
    );
  }

  // 6. Nonce, only for a request whose signature verified. Fail closed.
  const consumer = creds.consumerId ?? consumerKey;
  if (typeof consumer !== 'string' || consumer.length === 0) {
    throw new ConfigurationError('the credentials callback returned a "consumerId" that is not a non-empty string', {
      field: 'consumerId',
    });
  }
  const ttl = Math.max(1, Math.ceil(timestamp + maxSkew - now) + 1);
  let fresh: unknown;
  try {
    fresh = await store.check(consumer, nonce, timestamp, ttl, {
      maxSkewSeconds: maxSkew,
      maxFutureSkewSeconds: maxFuture,
      now,
    });
  } catch (e) {
    if (e instanceof NonceStoreError) throw e;
    throw new NonceStoreError('nonce store failed; request refused', { cause: e });
  }
  if (fresh === false) throw new NonceReplayedError();
  if (fresh !== true) throw new NonceStoreError('nonce store answered neither true nor false; request refused');
  const result: VerifyOAuthResult = { consumerKey, signatureMethod, timestamp, nonce };
  if (listed) result.matchedKey = matchedKeyOf(keys, matched);
  return result;
}

/**
 * The nonce store of a verification: given, with a check function, and remembering nonces at
 * least as long as this verifier accepts timestamps. @internal
 */
export function checkNonceStore(store: NonceStore | undefined, maxSkew: number): NonceStore {
  if (store === undefined || store === null) {
    throw new ConfigurationError(
      'no nonceStore: OAuth verification needs one to refuse replays (make a verifier once with createVerifier, which owns one, or pass a MemoryNonceStore or RedisNonceStore you keep; REPLAYS_NOT_CHECKED only where replays are checked elsewhere)',
      { field: 'nonceStore' },
    );
  }
  if (typeof store !== 'object' || typeof store.check !== 'function') {
    throw new ConfigurationError('"nonceStore" must be an object with a check() method (see NonceStore)', {
      field: 'nonceStore',
    });
  }
  const window = store.windowSeconds;
  if (typeof window === 'number' && maxSkew > window) {
    throw new ConfigurationError(
      `maxSkewSeconds ${maxSkew} is larger than the nonce store's window (${window} s): a nonce could be forgotten while its timestamp is still accepted; lower maxSkewSeconds or widen the store's windowSeconds`,
      { field: 'maxSkewSeconds' },
    );
  }
  return store;
}
