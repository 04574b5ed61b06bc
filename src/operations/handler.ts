/**
 * Fetch handlers (`Request -> Response`: Hono, Cloudflare Workers, Deno, Bun, Next route
 * handlers): verification wrapped around the caller's handler, refusals answered as the service
 * answers them.
 *
 * @module
 */
import { DEFAULT_MAX_BODY_BYTES } from './limits.js';
import { readBody } from './body.js';
import { verifyCallback, type CallbackFields } from './callback.js';
import { checkCallbackOptions, checkVerifyOptions, refusalOf, report } from './refusal.js';
import type { VerifiedRequest } from './verified.js';
import { verifyRequest, type VerifyRequestOptions } from './verify.js';

/** Called with each refusal, for logging: the error (a `PaysigError`, or what the credentials callback threw) and the request. */
export type OnRefused<R> = (error: unknown, request: R) => void | Promise<void>;

/** Options of {@link withVerifiedRequest}: those of `verifyRequest`, and `onRefused`. */
export interface VerifiedHandlerOptions extends VerifyRequestOptions {
  /**
   * Called with every refused request before the refusal is sent, for logging. Log `error.code`
   * and `error.message` (they never hold a secret); never the request's body or headers. What it
   * throws is ignored.
   */
  onRefused?: OnRefused<Request>;
}

/** A Fetch handler: the request, then whatever else the platform passes (a Worker's `env` and `ctx`, a Next route's context). */
export type FetchHandler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response>;

function refusalResponse(error: unknown, request: Request): Response {
  const r = refusalOf(error, request.headers.get('accept'));
  return new Response(r.body, { status: r.status, headers: r.headers });
}

/**
 * Wraps a Fetch handler with `verifyRequest`: the handler runs only for a verified request and
 * gets the result first; a refused request is answered with `httpStatusOf(error)` and a body in
 * the service's error shape (`type`, `error-message`, `error-code`), JSON when the client's
 * `Accept` negotiates `application/vnd.pay+json`, else form-encoded, with `Allow` on a 405. An
 * error that is not paysig's (the credentials callback failed) is a 500 whose body says only
 * "internal error". Errors the handler itself throws pass through.
 *
 * @example
 * ```ts
 * // A Cloudflare Worker (Deno.serve and Bun.serve take the same function; Hono: (c) => handle(c.req.raw))
 * const handle = withVerifiedRequest({ basePath: '/paynet', credentials }, async (verified) =>
 *   Response.json({ operation: verified.operationId, order: verified.fields['client_orderid'] }),
 * );
 * export default { fetch: handle };
 * ```
 */
export function withVerifiedRequest<A extends unknown[]>(
  options: VerifiedHandlerOptions,
  handler: (verified: VerifiedRequest, request: Request, ...rest: A) => Response | Promise<Response>,
): FetchHandler<A> {
  checkVerifyOptions(options, 'withVerifiedRequest');
  return async (request, ...rest) => {
    let verified: VerifiedRequest;
    try {
      verified = await verifyRequest(request, options);
    } catch (error) {
      await report(options.onRefused, error, request);
      return refusalResponse(error, request);
    }
    return handler(verified, request, ...rest);
  };
}

/** Options of {@link withVerifiedCallback}. */
export interface CallbackHandlerOptions {
  /** The merchant control key the service signs its callbacks with. */
  controlKey: string;
  /** Largest POST body read, in bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /** Called with every refused callback, for logging (as {@link VerifiedHandlerOptions.onRefused}). */
  onRefused?: OnRefused<Request>;
}

/**
 * The fields of a callback arriving as a Fetch `Request`: the query of a GET (the service's
 * `server_callback_url` call), or the form body of a POST. @internal
 */
export async function callbackOf(request: Request, controlKey: string, max: number): Promise<CallbackFields> {
  if (request.method.toUpperCase() === 'POST') return verifyCallback(await readBody(request, max), controlKey);
  return verifyCallback(new URL(request.url), controlKey);
}

/**
 * Wraps a callback receiver (the service's call to `server_callback_url`): the handler runs only
 * for a callback whose `control` verifies, and gets its fields; a refused one is answered as
 * {@link withVerifiedRequest} answers. The service retries until it gets a 200: record the outcome
 * idempotently, then answer 200.
 *
 * @example
 * ```ts
 * const onCallback = withVerifiedCallback({ controlKey: env.CONTROL_KEY }, async (callback) => {
 *   if (callback.final) await orders.settle(callback.client_orderid, callback.status);
 *   return new Response('OK');
 * });
 * ```
 */
export function withVerifiedCallback<A extends unknown[]>(
  options: CallbackHandlerOptions,
  handler: (callback: CallbackFields, request: Request, ...rest: A) => Response | Promise<Response>,
): FetchHandler<A> {
  checkCallbackOptions(options, 'withVerifiedCallback');
  return async (request, ...rest) => {
    let callback: CallbackFields;
    try {
      callback = await callbackOf(request, options.controlKey, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (error) {
      await report(options.onRefused, error, request);
      return refusalResponse(error, request);
    }
    return handler(callback, request, ...rest);
  };
}
