/**
 * Fetch handlers (`Request -> Response`: Hono, Cloudflare Workers, Deno, Bun, Next route
 * handlers): verification wrapped around the caller's handler, refusals answered as the service
 * answers them.
 *
 * @module
 */
import { DEFAULT_MAX_BODY_BYTES } from '../request/limits.js';
import { requestPairs } from '../request/callback-input.js';
import { verifyCallbackPairs, type CallbackFields } from '../request/callback.js';
import { checkCallbackOptions, refusalOf, report } from '../request/refusal.js';
import type { VerifiedRequest } from '../request/verified.js';
import type { VerifyRequestOptions } from '../request/verify.js';
import type { OnRefused } from './config.js';
import { verifierOf, type Verifier } from './index.js';

export type { OnRefused };
export { verifierOf };

/**
 * Options of {@link withVerifiedRequest} when it is given options instead of a verifier: those of
 * `verifyRequest`, and `onRefused`. The wrapper then makes one verifier of them, once.
 *
 * @deprecated pass a verifier: `withVerifiedRequest(createVerifier(config), handler)`.
 */
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
 * Wraps a Fetch handler with a verifier: the handler runs only for a verified request and gets
 * the result first; a refused request is answered with `httpStatusOf(error)` and a body in the
 * service's error shape (`type`, `error-message`, `error-code`), JSON when the client's `Accept`
 * negotiates `application/vnd.pay+json`, else form-encoded, with `Allow` on a 405. A 500 (the
 * server's own failure: a `ConfigurationError`, a credentials callback that threw) has a body
 * that says only "internal error"; the error reaches the verifier's `onRefused`. Every request
 * the wrapper is given is verified: mount it on the API's routes only. Errors the handler itself
 * throws pass through.
 *
 * @example
 * ```ts
 * // A Cloudflare Worker (Deno.serve and Bun.serve take the same function; Hono: (c) => handle(c.req.raw))
 * const verifier = createVerifier({ basePath: '/paynet', credentials });
 * const handle = withVerifiedRequest(verifier, async (verified) =>
 *   Response.json({ operation: verified.operationId, order: verified.fields['client_orderid'] }),
 * );
 * export default { fetch: handle };
 * ```
 */
export function withVerifiedRequest<A extends unknown[]>(
  verifier: Verifier | VerifiedHandlerOptions,
  handler: (verified: VerifiedRequest, request: Request, ...rest: A) => Response | Promise<Response>,
): FetchHandler<A> {
  const v = verifierOf(verifier);
  const onRefused = v.settings.onRefused;
  return async (request, ...rest) => {
    let verified: VerifiedRequest;
    try {
      verified = await v.verify(request);
    } catch (error) {
      await report(onRefused, error, request);
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
 * `server_callback_url` call), or the form body of a POST, as `verifyCallback(request)` reads it, up
 * to `max` bytes. @internal
 */
export async function callbackOf(request: Request, controlKey: string, max: number): Promise<CallbackFields> {
  return verifyCallbackPairs(await requestPairs(request, max), controlKey);
}

/**
 * Wraps a callback receiver (the service's call to `server_callback_url`): the handler runs only
 * for a callback whose `control` verifies, and gets its fields (the query of a GET or HEAD, the form
 * body of a POST, whose `Content-Type` must be a form; any other method is refused with 405); a
 * refused one is answered as {@link withVerifiedRequest} answers. The service retries until it
 * gets a 200: record the outcome idempotently, then answer 200.
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
