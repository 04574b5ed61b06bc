/**
 * `signCallback`: the callback and the customer redirect the service sends to a merchant, signed
 * as the service signs them, for the tests of a merchant's receiver.
 *
 * @module
 */
import { serviceTrim } from '../encoding/trim.js';
import { control } from '../schemes/control/digest.js';
import { formatForm, type Pair } from '../encoding/form.js';
import { InvalidInputError, MissingFieldError } from '../errors/index.js';
import type { CallbackStatus } from '../request/callback.js';
import { FORM_CONTENT_TYPE } from '../request/media-types.js';

/** The parameters of a callback or redirect: the three the digest covers, and any others. */
export interface CallbackParams {
  /** Transaction status: `approved`, `declined`, `error`, `filtered` (final) or `processing`. */
  status: CallbackStatus;
  /** The service's order id. */
  orderid: string;
  /** The merchant's order id. Give it or {@link CallbackParams.merchant_order} (hosted fields). */
  client_orderid?: string;
  /** The merchant order reference of the hosted-fields flow, hashed when `client_orderid` is absent. */
  merchant_order?: string;
  /** Any other parameter the service adds (`amount`, `type`, ...): sent, not covered by the digest. */
  [name: string]: string | undefined;
}

/** Where and how {@link signCallback} sends. */
export interface SignCallbackOptions {
  /** The merchant's `server_callback_url` (or `redirect_url`): an absolute http(s) URL. Its own query is kept. */
  url: string;
  /**
   * `GET` (default): the parameters in the query, as the service calls `server_callback_url`.
   * `POST`: a form body, as a browser posts the customer redirect to `redirect_url`.
   */
  method?: 'GET' | 'POST';
  /** `callback` (default, formula CALLBACK) or `redirect` (formula REDIRECT); both hash the same terms. */
  kind?: 'callback' | 'redirect';
}

/** A signed callback: what to send, and the parts of it. */
export interface SignedCallback {
  /** `GET` or `POST`. */
  readonly method: 'GET' | 'POST';
  /** The URL to call: with the parameters in its query for `GET`. */
  readonly url: string;
  /** The form body for `POST`; absent for `GET`. */
  readonly body?: string;
  /** The parameters sent, in order, `control` last. */
  readonly params: ReadonlyArray<readonly [string, string]>;
  /** The `control` digest (lowercase hex SHA-1). */
  readonly control: string;
  /** A Fetch `Request` of it (a new one each call, since a body can be read once). */
  request(): Request;
}

const ORDER: readonly string[] = ['status', 'orderid', 'client_orderid', 'merchant_order'];

/**
 * Signs a callback as the service does: `control` is SHA-1 of `status + orderid +
 * client_orderid + control key` (from `merchant_order` when there is no `client_orderid`), each
 * term trimmed as the service trims it. For the tests of a receiver: `verifyCallback` accepts
 * what this returns, and refuses it once a covered value is changed.
 *
 * @param params - `status`, `orderid`, `client_orderid` or `merchant_order`, and any other
 *   parameter to send.
 * @param controlKey - the merchant's control key.
 * @param options - the receiver's URL, and `GET` (callback) or `POST` (customer redirect).
 * @throws `MissingFieldError` when a covered parameter is missing or empty;
 *   `InvalidInputError` for a URL that is not absolute http(s), a parameter named
 *   `control`, or a value that is not a string.
 * @example
 * ```ts
 * import { verifyCallback } from 'paysig';
 * import { signCallback } from 'paysig/testing';
 *
 * const cb = await signCallback(
 *   { status: 'approved', orderid: '1234567', client_orderid: 'order-42', amount: '10.42' },
 *   'B17F59B4-A7DC-41B4-8FF9-37D986B43D20',
 *   { url: 'http://127.0.0.1:8080/paysig/callback' },
 * );
 * await fetch(cb.url); // or: await verifyCallback(new URL(cb.url), controlKey) in a unit test
 * ```
 */
export async function signCallback(
  params: CallbackParams,
  controlKey: string,
  options: SignCallbackOptions,
): Promise<SignedCallback> {
  if (params === null || typeof params !== 'object') {
    throw new InvalidInputError('signCallback needs the callback parameters as an object', { field: 'params' });
  }
  const { url, method = 'GET', kind = 'callback' } = options ?? ({} as SignCallbackOptions);
  if (method !== 'GET' && method !== 'POST') {
    throw new InvalidInputError(`method must be 'GET' or 'POST', not ${JSON.stringify(method)}`, { field: 'method' });
  }
  if (kind !== 'callback' && kind !== 'redirect') {
    throw new InvalidInputError(`kind must be 'callback' or 'redirect'`, { field: 'kind' });
  }
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new InvalidInputError("url must be an absolute http(s) URL (the merchant's server_callback_url)", {
      field: 'url',
    });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new InvalidInputError('url must be an http(s) URL', { field: 'url' });
  }
  const names = Object.keys(params).sort((a, b) => rank(a) - rank(b));
  const pairs: Pair[] = [];
  for (const name of names) {
    const value = params[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw new InvalidInputError(`callback parameter "${name}" must be a string`, { field: name });
    }
    if (name === 'control') {
      throw new InvalidInputError('do not pass "control": signCallback computes it', { field: 'control' });
    }
    pairs.push([name, value]);
  }
  const term = (name: string): string => {
    const v = params[name];
    if (typeof v !== 'string' || serviceTrim(v) === '') throw new MissingFieldError(name, `a callback needs "${name}"`);
    return serviceTrim(v);
  };
  const orderName =
    params.client_orderid === undefined && params.merchant_order !== undefined ? 'merchant_order' : 'client_orderid';
  const digest = await control(
    kind === 'callback' ? 'CALLBACK' : 'REDIRECT',
    { status: term('status'), orderid: term('orderid'), client_orderid: term(orderName) },
    controlKey,
  );
  pairs.push(['control', digest]);
  const encoded = formatForm(pairs);
  const frozen = Object.freeze(pairs.map((p) => Object.freeze([p[0], p[1]] as const)));
  if (method === 'GET') {
    target.search = target.search === '' ? `?${encoded}` : `${target.search}&${encoded}`;
    const href = target.href;
    return { method, url: href, params: frozen, control: digest, request: () => new Request(href) };
  }
  const href = target.href;
  return {
    method,
    url: href,
    body: encoded,
    params: frozen,
    control: digest,
    request: () => new Request(href, { method: 'POST', headers: { 'Content-Type': FORM_CONTENT_TYPE }, body: encoded }),
  };
}

function rank(name: string): number {
  const i = ORDER.indexOf(name);
  return i < 0 ? ORDER.length : i;
}
