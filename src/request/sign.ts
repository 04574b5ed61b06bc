/**
 * `signRequest`: builds a complete, signed request for any operation of the catalog.
 *
 * @module
 */
import { endpointIdString } from '../schemes/control/endpoint.js';
import { formatForm } from '../encoding/form.js';
import type { CryptoKeyLike } from '../crypto/key-like.js';
import { InvalidInputError } from '../errors/index.js';
import type { SignOAuthResult } from '../schemes/oauth/index.js';
import type { Operation } from '../catalog/index.js';
import { findOperation } from '../catalog/lookup.js';
import { normalizeParams } from './normalize.js';
import { resolveAuth, type Scheme } from '../catalog/scheme.js';
import { checkFields } from '../catalog/rules.js';
import { refuseComputedParams, signerOf } from '../schemes/index.js';
import { exponentOf, type Exponent } from '../schemes/control/amount.js';
import type { ExtraParams, OperationId, OperationParamsMap } from '../catalog/params.js';
import { ACCEPT, FORM_CONTENT_TYPE } from './media-types.js';

/** The merchant's credentials for signing. Secrets never appear in errors. */
export interface SignCredentials {
  /** Merchant login: the `login` field of control formulas and the OAuth `oauth_consumer_key`. */
  login: string;
  /** Merchant control key: control digests and the HMAC-SHA1 consumer secret. */
  controlKey?: string;
  /** RSA private key for RSA-SHA256: PEM (PKCS#1 or PKCS#8) or a `CryptoKey`; at least 2048 bits. */
  privateKey?: string | CryptoKeyLike;
}

/** Options of {@link signRequest}; `P` is the operation's typed parameters. */
export interface SignOptions<P extends ExtraParams = ExtraParams> {
  /** Service base address including its path prefix, e.g. `https://gate.example.com/paynet`; no query or fragment. */
  baseUrl: string;
  /** Endpoint id (int64). Exactly one of `endpointId` and `endpointGroupId`. */
  endpointId?: string | number | bigint | undefined;
  /** Endpoint group id (int64): the request goes to `/group/{endpointGroupId}`. */
  endpointGroupId?: string | number | bigint | undefined;
  /** Request fields: an object (typed per operation) or ordered `[name, value]` pairs. */
  params: P | Iterable<readonly [string, string]>;
  /** Merchant credentials. */
  credentials: SignCredentials;
  /** Explicit scheme: required for operations whose scheme is unknown; overrides the catalog otherwise. */
  scheme?: Scheme;
  /** OAuth nonce (default: random). */
  nonce?: string;
  /** OAuth timestamp in seconds (default: now). */
  timestamp?: number | string;
  /** OAuth realm (default: none, as in the service's examples). */
  realm?: string;
  /** Minor-unit digits of the currency (default 2), or a function of the currency code. */
  exponent?: Exponent;
  /**
   * Repeat the five `oauth_*` parameters other than the signature in the form body, as the
   * service's documentation asks (default true). They count once in the base string either way.
   */
  repeatOAuthInBody?: boolean;
}

/** The OAuth part of a signed request: the result of `signOAuth`. */
export type OAuthSignature = SignOAuthResult;

/** A signed request, ready to send. */
export interface SignedRequest {
  /** The catalog row. */
  readonly operation: Operation;
  /** The scheme used. */
  readonly scheme: Scheme;
  /** Absolute URL. */
  readonly url: string;
  /** Always `POST`. */
  readonly method: 'POST';
  /** `Accept`, `Content-Type`, and `Authorization` for OAuth. */
  readonly headers: Readonly<Record<string, string>>;
  /** The form body (RFC 3986 escapes, never `+`). */
  readonly body: string;
  /** The body's fields as ordered pairs, decoded. */
  readonly params: ReadonlyArray<readonly [string, string]>;
  /** The `control` digest, for control operations. */
  readonly control?: string;
  /** The OAuth signature details, for OAuth operations. */
  readonly oauth?: OAuthSignature;
  /** A Fetch `Request` with this method, URL, headers and body. */
  toRequest(): Request;
}

/** Builds the absolute URL for an operation under a base address. */
function buildUrl(baseUrl: string, path: string): string {
  if (typeof baseUrl !== 'string') throw new InvalidInputError('"baseUrl" must be a string', { field: 'baseUrl' });
  if (baseUrl.includes('?') || baseUrl.includes('#')) {
    throw new InvalidInputError('"baseUrl" must not carry a query or fragment', { field: 'baseUrl' });
  }
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw new InvalidInputError('"baseUrl" must be an absolute URL', { field: 'baseUrl' });
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new InvalidInputError('"baseUrl" must be an http or https URL', { field: 'baseUrl' });
  }
  if (u.username !== '' || u.password !== '') {
    throw new InvalidInputError('"baseUrl" must not carry user information', { field: 'baseUrl' });
  }
  let prefix = u.pathname;
  while (prefix.endsWith('/')) prefix = prefix.slice(0, -1);
  const api = /\/api(\/v[0-9]+)?$/.exec(prefix);
  if (api !== null) {
    throw new InvalidInputError(
      `"baseUrl" ends with ${api[0]}, which paysig adds itself (the request would go to ${api[0]}${path}): pass the address without it, e.g. "${u.origin}${prefix.slice(0, api.index)}"`,
      { field: 'baseUrl' },
    );
  }
  return u.origin + prefix + path;
}

/**
 * Signs a request for an operation of the catalog.
 *
 * - control operations: the fields are checked against the operation's rules, `login` (for
 *   formulas that have it) is added to the body from `credentials.login`, and the digest goes in
 *   the body field `control`;
 * - OAuth operations: the `Authorization` header is built with `credentials.login` as the
 *   consumer key, the control key as the HMAC-SHA1 secret or the private key for RSA-SHA256; the
 *   five non-signature `oauth_*` parameters are repeated in the body unless `repeatOAuthInBody`
 *   is false.
 *
 * Values are trimmed of leading and trailing characters up to U+0020, as the service trims every
 * parameter (the signature must cover what the service sees); see `serviceTrim`.
 *
 * @param operation - catalog id (`sale`, `create-card-ref-v4`, ...) or operation name (`SALE`).
 * @example
 * ```ts
 * const signed = await signRequest('sale', {
 *   baseUrl: 'https://gate.example.com/paynet', endpointId: 1111,
 *   params: { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' },
 *   credentials: { login: 'merchant', controlKey: myControlKey },
 * });
 * const response = await fetch(signed.toRequest());
 * ```
 * @throws {@link UnknownOperationError} for an unknown operation; {@link UnsupportedError} when
 *   the operation's scheme is unknown and none is given; {@link InvalidInputError},
 *   {@link MissingFieldError}, {@link InvalidAmountError} for fields that break a rule (the error
 *   names the field); key errors for a bad or short RSA key.
 */
export async function signRequest<K extends string>(
  operation: K,
  options: SignOptions<K extends OperationId ? OperationParamsMap[K] : ExtraParams>,
): Promise<SignedRequest> {
  const op = findOperation(operation);
  if (options === null || typeof options !== 'object') {
    throw new InvalidInputError('signRequest options must be an object', { field: 'options' });
  }
  const auth = resolveAuth(op, options.scheme);
  const creds = options.credentials;
  if (creds === null || typeof creds !== 'object') {
    throw new InvalidInputError('"credentials" must be an object', { field: 'credentials' });
  }

  const hasEndpoint = options.endpointId !== undefined;
  const hasGroup = options.endpointGroupId !== undefined;
  if (hasEndpoint === hasGroup) {
    throw new InvalidInputError('give exactly one of "endpointId" and "endpointGroupId"', {
      field: hasEndpoint ? 'endpointGroupId' : 'endpointId',
    });
  }
  const endpoint = hasGroup
    ? { endpointGroupId: endpointIdString(options.endpointGroupId, 'endpointGroupId') }
    : { endpointId: endpointIdString(options.endpointId, 'endpointId') };
  const path = hasGroup
    ? op.groupPath.replace('{endpointGroupId}', endpoint.endpointGroupId!)
    : op.path.replace('{endpointId}', endpoint.endpointId!);
  const url = buildUrl(options.baseUrl, path);

  const pairs = normalizeParams(options.params);
  refuseComputedParams(pairs);
  const values = checkFields(op, auth, pairs, options.exponent);
  const out = await signerOf(auth).sign(auth, {
    operation: op,
    url,
    pairs,
    values,
    endpoint,
    exponent: () => exponentOf(options.exponent, values.get('currency')),
    credentials: creds,
    nonce: options.nonce,
    timestamp: options.timestamp,
    realm: options.realm,
    repeatOAuthInBody: options.repeatOAuthInBody !== false,
  });
  const headers: Record<string, string> = { Accept: ACCEPT, 'Content-Type': FORM_CONTENT_TYPE, ...out.headers };
  const bodyPairs = out.bodyPairs;
  const controlDigest = out.control;
  const oauth = out.oauth;

  const body = formatForm(bodyPairs);
  const signed: SignedRequest = {
    operation: op,
    scheme: auth.scheme,
    url,
    method: 'POST',
    headers,
    body,
    params: bodyPairs,
    ...(controlDigest !== undefined ? { control: controlDigest } : {}),
    ...(oauth !== undefined ? { oauth } : {}),
    toRequest(): Request {
      return new Request(url, { method: 'POST', headers, body });
    },
  };
  return signed;
}
