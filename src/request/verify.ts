/**
 * `verifyRequest`: the server side. Takes a Fetch `Request`, finds the operation from its path,
 * checks method, media types, body size and fields, then the `control` digest or the OAuth
 * signature.
 *
 * @module
 */
import { endpointIdString } from '../schemes/control/endpoint.js';
import { parseForm } from '../encoding/form.js';
import type { CryptoKeyLike } from '../crypto/key-like.js';
import {
  ConfigurationError,
  InvalidInputError,
  HttpMethodNotAllowedError,
  MediaTypeError,
  UnknownMerchantError,
  UnknownOperationError,
} from '../errors/index.js';
import { verifierOf } from '../schemes/index.js';
import { isThenable } from '../schemes/need.js';
import type { NonceStore } from '../stores/types.js';
import type { Operation } from '../catalog/index.js';
import { matchOperationPath, unknownPathMessage } from '../catalog/lookup.js';
import { boundedCache } from '../cache/bounded.js';
import { serviceTrim } from '../encoding/trim.js';
import { resolveAuth, type Scheme } from '../catalog/scheme.js';
import { checkFields } from '../catalog/rules.js';
import { exponentOf, type Exponent } from '../schemes/control/amount.js';
import { DEFAULT_MAX_BODY_BYTES } from './limits.js';
import { assertAcceptMode, negotiateAccept, type AcceptMode } from './accept.js';
import { checkContentType, readBody } from './body.js';
import { refuseDuplicates, signedParamsOf } from './signed.js';
import type { KeyList } from '../keys/list.js';
import { verifiedResult, type VerifiedParty, type VerifiedRequest } from './verified.js';

export type { VerifiedRequest };

/** Who is asking: what the verifier knows before it looks the merchant's secrets up. */
export interface CredentialsQuery {
  /** The operation the path addresses. */
  readonly operation: Operation;
  /** The body's `login`, for control formulas that have one. */
  readonly login?: string;
  /** The OAuth `oauth_consumer_key` (the merchant login). */
  readonly consumerKey?: string;
  /** Endpoint id from the path. */
  readonly endpointId?: string;
  /** Endpoint group id from the path. */
  readonly endpointGroupId?: string;
}

/**
 * A merchant's verification secrets; undefined when the merchant is unknown. While a key is
 * rotated, either may list up to four keys, `[{ id: '2026-11', key }, { id: '2026-05', key }]`:
 * each is tried, and the result's `matchedKey` names the one that matched.
 */
export interface VerifyCredentials {
  /** Merchant control key: control digests and HMAC-SHA1. */
  controlKey?: KeyList<string>;
  /**
   * The control key under the OAuth name, read when `controlKey` is absent.
   *
   * @deprecated the one name of the merchant's secret is `controlKey`; `consumerSecret` is read
   *   until the next minor version.
   */
  consumerSecret?: KeyList<string>;
  /** RSA public key (PEM SPKI or PKCS#1, or a `CryptoKey`) for RSA-SHA256. */
  publicKey?: KeyList<string | CryptoKeyLike>;
  /** OAuth: the canonical id of the merchant; nonces and quotas are keyed on it (default: the consumer key as sent). */
  consumerId?: string;
}

/** Options of {@link verifyRequest}. */
export interface VerifyRequestOptions {
  /** Path prefix in front of `/api/...` (default `''`). */
  basePath?: string;
  /**
   * The absolute URL the client addressed, when the server sees another one (behind a proxy that
   * rewrites scheme, host or path). Default: `request.url`. OAuth signs this URL.
   */
  url?: string;
  /**
   * Looks the merchant's secrets up. Returning undefined (or no usable secret) refuses the request:
   * {@link UnknownMerchantError} on a `control` request, `UnknownConsumerError` on an OAuth one.
   */
  credentials: (who: CredentialsQuery) => VerifyCredentials | undefined | Promise<VerifyCredentials | undefined>;
  /** Current time in seconds (default: now). OAuth only. A verifier (`createVerifier`) takes a clock function instead. */
  now?: number;
  /** Allowed OAuth clock skew into the past, in seconds (default 300). */
  maxSkewSeconds?: number;
  /** Allowed OAuth clock skew into the future, in seconds (default 30, or `maxSkewSeconds` when smaller). */
  maxFutureSkewSeconds?: number;
  /**
   * OAuth nonce store; replays within the window are refused. Needed for an OAuth request
   * (`ConfigurationError` without one): `verifyRequest` keeps no store of its own. A verifier made
   * by `createVerifier` owns one, so prefer it.
   */
  nonceStore?: NonceStore;
  /** Largest body accepted, in bytes (default 64 KiB), read with a bounded reader; over it: {@link index!BodyTooLargeError}. */
  maxBodyBytes?: number;
  /** Explicit schemes by operation id, for the operations whose scheme is unknown (or to override). */
  schemes?: Readonly<Record<string, Scheme>>;
  /** Minor-unit digits of the currency (default 2), or a function of the currency code. */
  exponent?: Exponent;
  /**
   * How `Accept` is read (default `'negotiate'`): RFC 9110 content negotiation, which accepts a
   * missing header and the any-type range (star, slash, star) real clients send, and refuses one
   * that excludes both ({@link index!NotAcceptableError}, 406). `'strict'`: only `application/vnd.pay+json`
   * ({@link MediaTypeError}, 400). Anything else: `ERR_INVALID_INPUT` (field `accept`). See docs/verifying.md.
   */
  accept?: AcceptMode;
}

export { DEFAULT_MAX_BODY_BYTES };

/**
 * Verifies a request to the API, as the service would: the checks run in this order, and the
 * first failure rejects with a {@link PaysigError} whose `code` says why (answer with
 * `httpStatusOf(error)`: 400 for validation, 403 for an unknown merchant or a bad signature or
 * digest, 404 for an unknown path, 405 for another method, 413 for a body over the limit;
 * docs/errors.md lists every code).
 *
 * 1. method `POST` ({@link HttpMethodNotAllowedError}; its `allow` is `'POST'`);
 * 2. the path names an operation of the catalog ({@link UnknownOperationError});
 * 3. `Content-Type: application/x-www-form-urlencoded` (a UTF-8 charset parameter is allowed;
 *    {@link MediaTypeError}) and an `Accept` that allows a response format (negotiated, or
 *    `application/vnd.pay+json` alone with `accept: 'strict'`; {@link NotAcceptableError});
 * 4. body size (bounded reader, {@link BodyTooLargeError}), strict form parsing, each parameter
 *    name once (body and, on OAuth operations, query), the operation's field rules;
 * 5. the `control` digest (login from the body, endpoint or group id from the path, values
 *    trimmed as the service trims them; a merchant without a control key is
 *    {@link UnknownMerchantError}) or the OAuth `Authorization` header (consumer key looked up
 *    through `credentials`, timestamp window, nonce replay, signature).
 *
 * @example
 * ```ts
 * try {
 *   // OAuth needs a store: this free function keeps none (a verifier from createVerifier owns one).
 *   const ok = await verifyRequest(request, { basePath: '/paynet', credentials: ({ login, consumerKey, endpointId }) => lookUp(login ?? consumerKey, endpointId), nonceStore });
 * } catch (e) {
 *   return new Response(null, { status: httpStatusOf(e) });
 * }
 * ```
 */
export async function verifyRequest(request: Request, options: VerifyRequestOptions): Promise<VerifiedRequest> {
  return verifyRequestParts(
    {
      method: request.method,
      url: request.url,
      header: (name) => request.headers.get(name),
      readBody: (max) => readBody(request, max),
    },
    options,
  );
}

/**
 * A request as the verifier reads it, whatever the transport: `verifyRequest` makes one of a
 * Fetch `Request`, `paysig/node` of a Node `IncomingMessage`; a way in for another transport
 * makes one too and passes it to {@link Verifier.verifyParts}.
 *
 * @example
 * ```ts
 * const reader: RequestReader = {
 *   method: 'POST',
 *   url: 'https://gate.example.com/paynet/api/v2/sale/1111',
 *   header: (name) => headers.get(name) ?? null,
 *   readBody: async (max) => readAtMost(stream, max), // refuse more than max bytes
 * };
 * ```
 */
export interface RequestReader {
  /** HTTP method as received. */
  readonly method: string;
  /** Absolute URL as received. */
  readonly url: string;
  /** A header's value by lower-case name; null when absent. */
  header(name: string): string | null;
  /** The body as UTF-8 text, refusing more than `max` bytes; called once, after the header checks. */
  readBody(max: number): Promise<string>;
}

type Endpoint = { endpointId?: string; endpointGroupId?: string };
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Copies the path's endpoint (or group) id onto `target`: no object spread, which is slow in V8. */
function withEndpoint<T extends Endpoint>(target: T, endpoint: Endpoint): T {
  if (endpoint.endpointGroupId !== undefined) target.endpointGroupId = endpoint.endpointGroupId;
  else if (endpoint.endpointId !== undefined) target.endpointId = endpoint.endpointId;
  return target;
}

/** {@link verifyRequest} on transport-independent parts: the one copy of the checks. @internal */
export async function verifyRequestParts(
  request: RequestReader,
  options: VerifyRequestOptions,
  now: number | undefined = options?.now,
): Promise<VerifiedRequest> {
  if (options === null || typeof options !== 'object' || typeof options.credentials !== 'function') {
    throw new ConfigurationError('verifyRequest needs options with a credentials function', { field: 'credentials' });
  }
  assertAcceptMode(options.accept);
  const httpMethod = request.method;
  if (httpMethod !== 'POST' && httpMethod.toUpperCase() !== 'POST') {
    throw new HttpMethodNotAllowedError('POST', `method must be POST, got ${JSON.stringify(httpMethod.slice(0, 20))}`);
  }
  const requestUrl = options.url ?? request.url;
  const url = pathAndQuery(requestUrl);
  const match = matchOperationPath(url.pathname, options.basePath ?? '');
  if (match === undefined) {
    throw new UnknownOperationError(unknownPathMessage(url.pathname, options.basePath), { field: 'path' });
  }
  const op = match.operation;
  checkContentType(request.header('content-type'));
  const responseFormat = negotiateAccept(request.header('accept'), options.accept);

  const endpoint: Endpoint =
    match.endpointGroupId !== undefined
      ? { endpointGroupId: endpointIdString(match.endpointGroupId, 'endpointGroupId') }
      : { endpointId: endpointIdString(match.endpointId, 'endpointId') };

  const body = await request.readBody(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const params = parseForm(body);
  for (const p of params) p[1] = serviceTrim(p[1]);

  const auth = resolveAuth(
    op,
    options.schemes !== undefined && Object.hasOwn(options.schemes, op.id) ? options.schemes[op.id] : undefined,
  );
  const scheme = verifierOf(auth);
  // OAuth signs the URL's query too; a control digest reads the body alone.
  const signedParams = signedParamsOf(scheme.signsQuery ? parseForm(url.search.slice(1)) : [], params);
  refuseDuplicates(signedParams);
  const values = checkFields(op, auth, params, options.exponent);
  const credentials = options.credentials;
  const party = await scheme.verify(auth, {
    operation: op,
    url: requestUrl,
    header: (name) => request.header(name),
    params,
    signedParams,
    values,
    endpoint,
    exponent: () => exponentOf(options.exponent, values.get('currency')),
    secrets(who) {
      const query = withEndpoint<Mutable<CredentialsQuery>>({ operation: op }, endpoint);
      if (who.login !== undefined) query.login = who.login;
      if (who.consumerKey !== undefined) query.consumerKey = who.consumerKey;
      const found = credentials(query);
      return isThenable(found) ? found.then(secretsOf) : secretsOf(found);
    },
    nonceStore: options.nonceStore,
    now,
    maxSkewSeconds: options.maxSkewSeconds,
    maxFutureSkewSeconds: options.maxFutureSkewSeconds,
  });
  const verified: Mutable<VerifiedParty> = {};
  if (party.login !== undefined) verified.login = party.login;
  if (party.consumerKey !== undefined) verified.consumerKey = party.consumerKey;
  withEndpoint(verified, endpoint);
  return verifiedResult(op, auth.scheme, verified, params, signedParams, responseFormat, party.matchedKey);
}

/** The secrets a scheme reads, from what the credentials callback returned (`consumerSecret`: the deprecated name of `controlKey`). */
function secretsOf(creds: VerifyCredentials | undefined | null): VerifyCredentials | undefined {
  if (creds === undefined || creds === null) return undefined;
  if (creds.controlKey === undefined && creds.consumerSecret !== undefined) {
    return { ...creds, controlKey: creds.consumerSecret };
  }
  return creds;
}

/** What the verifier reads of the URL. */
export interface PathAndQuery {
  /** `URL.pathname`. */
  readonly pathname: string;
  /** `URL.search` (with its `?`, or `''`). */
  readonly search: string;
}

/** A server sees the same few URLs again and again, and parsing one costs more than a lookup. */
const URL_PARTS = /* @__PURE__ */ boundedCache<PathAndQuery>(256);
/** Longer URLs are parsed every time (and not kept). */
const CACHE_KEY_MAX = 2048;

/** @throws {@link InvalidInputError} (field `url`) when `url` is not an absolute URL. */
export function pathAndQuery(url: string): PathAndQuery {
  const hit = URL_PARTS.get(url);
  if (hit !== undefined) return hit;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidInputError('the request URL is not an absolute URL', { field: 'url' });
  }
  const out: PathAndQuery = Object.freeze({ pathname: parsed.pathname, search: parsed.search });
  if (url.length <= CACHE_KEY_MAX) {
    URL_PARTS.set(url, out);
  }
  return out;
}
