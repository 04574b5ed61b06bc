/**
 * `verifyCallback`: checks the `control` digest of the service's callback to the merchant's
 * `server_callback_url` (formula CALLBACK from the public documentation: `status + orderid +
 * client_orderid + control key`).
 *
 * @module
 */
import { verifyControl } from '../schemes/control/digest.js';
import { InvalidInputError, MissingFieldError } from '../errors/index.js';
import { callbackPairs, type CallbackQuery } from './callback-input.js';
import { serviceTrim } from '../encoding/trim.js';

/** Transaction statuses the public documentation names; others may appear. */
export type CallbackStatus = 'approved' | 'declined' | 'error' | 'filtered' | 'processing' | (string & {});

/** The statuses that are final: `approved`, `declined`, `error`, `filtered`. */
export const FINAL_STATUSES: readonly string[] = Object.freeze(['approved', 'declined', 'error', 'filtered']);

/**
 * A verified callback. Only `status`, `orderid` and `client_orderid` are covered by the
 * `control` digest (trimmed of characters up to U+0020 at both ends, as hashed); every other field
 * (`amount`, `type`, the rest of `params`, and `merchant_order` when `client_orderid` was also sent)
 * is **not authenticated** and may have been changed by whoever relayed the request. Take
 * amounts and types from your own records or from the status operation.
 */
export interface CallbackFields {
  /** Transaction status. */
  readonly status: CallbackStatus;
  /** True when {@link CallbackFields.status} is final (approved, declined, error, filtered). */
  readonly final: boolean;
  /** Service order id. */
  readonly orderid: string;
  /**
   * Merchant order id: the value the digest covered in that place, from `client_orderid`, or from
   * `merchant_order` when the callback carries only that (the hosted-fields flow).
   */
  readonly client_orderid: string;
  /** Merchant order reference as sent, when sent. Covered by the digest only when `client_orderid` is absent. */
  readonly merchant_order?: string;
  /** Amount, as sent (a decimal string), when sent. Not covered by the digest. */
  readonly amount?: string;
  /** Transaction type, when sent. Not covered by the digest. */
  readonly type?: string;
  /** Every query parameter, by name (each name appears once); only the three above are authenticated. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Verifies the `control` of a server callback (an HTTP GET to the merchant's
 * `server_callback_url`) in constant time and returns its typed fields.
 *
 * The service retries a callback until the merchant answers 200, so the same callback may
 * arrive more than once: de-duplicate on `orderid` and `status` before acting on it. The browser
 * redirect to `redirect_url` is not a reliable source of the final status; the callback or the
 * `status` operation is.
 *
 * @param query - the callback as the server framework hands it over: the Node request (`req`,
 *   whose `req.url` is read), its path and query (`'/cb?status=approved&...'`), a query string
 *   (with or without `?`) or whole URL, a record of strings (Express's `req.query`; an array value,
 *   a parameter sent twice, is refused), `URLSearchParams`, a Fetch `Request` (the query of a
 *   `GET` or `HEAD`, the form body of a `POST`, any other method refused) or a `URL`. Anything
 *   else is refused with a message that says what to pass. At most 64 KiB of UTF-8 and 10,000 parameters, checked before decoding;
 *   a lone surrogate is refused in every form, and so is U+FFFD in the forms decoded or
 *   normalised before paysig sees them (all but a string and a Node request's `req.url`).
 * @param controlKey - the merchant control key.
 * The digest is SHA-1 of `status + orderid + client_orderid + control key`. A callback of the
 * hosted-fields flow carries `merchant_order` instead of `client_orderid`: its value takes that
 * place. When both are sent, `client_orderid` is hashed. Each term is trimmed of characters up to
 * U+0020 at both ends first, as the service's own PHP and Ruby validators do.
 *
 * @throws {@link MissingFieldError} when `status`, `orderid`, `control`, or both `client_orderid`
 *   and `merchant_order` are absent, or a term is empty; {@link InvalidInputError} for a parameter
 *   that appears twice; {@link BodyTooLargeError} (413) over 64 KiB; {@link EncodingError} over
 *   10,000 parameters, for a malformed escape, invalid UTF-8, or U+FFFD in pre-decoded input;
 *   for a `Request`, {@link HttpMethodNotAllowedError} (405) for a method other than `GET`, `HEAD`
 *   or `POST`, {@link MediaTypeError} (400) for a `POST` whose `Content-Type` is not a form;
 *   {@link ControlMismatchError} (`ERR_CONTROL_MISMATCH`, HTTP 403) when the digest does not match.
 * @example
 * ```ts
 * // the service's published hosted-fields vector
 * const cb = await verifyCallback(
 *   'status=approved&orderid=1234567&merchant_order=hf-abc&control=652ace404c4dfe8bba069ecee594ec23a89340e1',
 *   'test-merchant-control',
 * );
 * cb.client_orderid; // 'hf-abc'
 *
 * // On Node (node:http, Express, Koa's ctx.req): pass the request; its req.url is read
 * createServer(async (req, res) => {
 *   const callback = await verifyCallback(req, controlKey);
 *   res.end('OK');
 * });
 * ```
 */
export async function verifyCallback(query: CallbackQuery, controlKey: string): Promise<CallbackFields> {
  return verifyCallbackPairs(await callbackPairs(query), controlKey);
}

/**
 * Verifies a callback already read into pairs: what `verifyCallback` does after reading its input,
 * and what the callback middleware call with a POST's form body (`formBodyPairs`). @internal
 */
export async function verifyCallbackPairs(
  pairs: ReadonlyArray<readonly [string, string]>,
  controlKey: string,
): Promise<CallbackFields> {
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of pairs) {
    if (Object.hasOwn(params, name)) {
      throw new InvalidInputError(`callback parameter "${name}" appears more than once`, { field: name });
    }
    params[name] = value;
  }
  const need = (name: string): string => {
    const v = params[name];
    if (v === undefined) throw new MissingFieldError(name, `callback needs the parameter "${name}"`);
    return v;
  };
  // The digest terms: trimmed as the service's own validators trim them (docs/security.md), and the
  // merchant order id from `client_orderid`, or from `merchant_order` when only that is sent.
  const status = serviceTrim(need('status'));
  const orderid = serviceTrim(need('orderid'));
  const orderName =
    params['client_orderid'] === undefined && params['merchant_order'] !== undefined
      ? 'merchant_order'
      : 'client_orderid';
  const client_orderid = serviceTrim(need(orderName));
  const received = need('control');
  await verifyControl('CALLBACK', { status, orderid, client_orderid }, controlKey, received);
  const out: {
    status: string;
    final: boolean;
    orderid: string;
    client_orderid: string;
    merchant_order?: string;
    amount?: string;
    type?: string;
    params: Readonly<Record<string, string>>;
  } = { status, final: FINAL_STATUSES.includes(status), orderid, client_orderid, params: Object.freeze({ ...params }) };
  const merchantOrder = params['merchant_order'];
  if (merchantOrder !== undefined) out.merchant_order = merchantOrder;
  const amount = params['amount'];
  if (amount !== undefined) out.amount = amount;
  const type = params['type'];
  if (type !== undefined) out.type = type;
  return out;
}
