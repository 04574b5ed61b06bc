/**
 * Express / Connect middleware (also plain `node:http`): verify, attach the result, answer a
 * refusal as the service does.
 *
 * @module
 */
import { checkCallbackOptions, type Refusal } from '../request/refusal.js';
import { verifierOf, type Verifier } from '../verifier/index.js';
import type { IncomingMessageLike } from './incoming.js';
import {
  isApiPath,
  keepCallback,
  keepVerified,
  nodeCallback,
  refuse,
  verifyNode,
  type CallbackMiddlewareOptions,
  type MiddlewareOptions,
} from './verified.js';

/** The part of a Node `ServerResponse` (Express's `res`) the middleware writes a refusal with. */
export interface ServerResponseLike {
  /** The status to send. */
  statusCode: number;
  /** Sets a header. */
  setHeader(name: string, value: string): unknown;
  /** Sends the body and ends the response. */
  end(body: string): unknown;
}

/** An Express / Connect middleware. */
export type NodeMiddleware = (
  req: IncomingMessageLike,
  res: ServerResponseLike,
  next: (error?: unknown) => void,
) => void;

/** Writes a refusal to a Node response. @internal */
export function send(res: ServerResponseLike, r: Refusal): void {
  res.statusCode = r.status;
  for (const [name, value] of Object.entries(r.headers)) res.setHeader(name, value);
  res.end(r.body);
}

/**
 * Express / Connect middleware verifying, with `verifier`, every request to `{basePath}/api/...`;
 * other paths pass through untouched. A verified request goes on to the next handler with
 * the result on `req.paysig` (typed: {@link verifiedOf}); a refused one is answered with
 * `httpStatusOf(error)` and the service's error shape (`type`, `error-message`, `error-code`; JSON
 * or form-encoded after the client's `Accept`; `Allow` on a 405; a generic body for a 500), after
 * the verifier's `onRefused`. Given options instead of a verifier (deprecated), it makes one of
 * them, once.
 *
 * Mount it before any body parser, or keep the raw bytes: after `express.raw()` for the form
 * type (or `express.text()`) the kept body is verified;
 * after `express.urlencoded()` the request is refused with `ERR_BODY_CONSUMED` (500), since a
 * re-serialised body is not what the client signed.
 *
 * @example
 * ```ts
 * const verifier = createVerifier({ basePath: '/paynet', credentials, onRefused: (e) => log.warn(e) });
 * const app = express();
 * app.use(createMiddleware(verifier));
 * // Express 5 route syntax; on Express 4 the route is '/paynet/api/*'
 * app.post('/paynet/api/*path', (req, res) => res.json({ operation: verifiedOf(req).operationId }));
 * ```
 */
export function createMiddleware(verifier: Verifier | MiddlewareOptions): NodeMiddleware {
  const v = verifierOf(verifier);
  const { basePath, onRefused } = v.settings;
  return (req, res, next) => {
    if (!isApiPath(req, basePath)) return next();
    verifyNode(req, v).then(
      (verified) => {
        keepVerified(req, verified);
        (req as { paysig?: unknown }).paysig = verified;
        next();
      },
      async (error: unknown) => send(res, await refuse(error, req, onRefused, req)),
    );
  };
}

/**
 * Express / Connect middleware for a callback receiver (the service's call to
 * `server_callback_url`): verifies the callback's `control` (query of a GET or HEAD, form body of
 * a POST, whose `Content-Type` must be a form; any other method is refused with 405) and puts its
 * fields on `req.paysigCallback` (typed: {@link verifiedCallbackOf}); a refused callback is
 * answered as {@link createMiddleware} answers. Mount it on the callback route.
 *
 * @example
 * ```ts
 * app.get('/callback', createCallbackMiddleware({ controlKey }), (req, res) => {
 *   const callback = verifiedCallbackOf(req);
 *   if (callback.final) orders.settle(callback.client_orderid, callback.status);
 *   res.send('OK');
 * });
 * ```
 */
export function createCallbackMiddleware(options: CallbackMiddlewareOptions): NodeMiddleware {
  checkCallbackOptions(options, 'createCallbackMiddleware');
  return (req, res, next) => {
    nodeCallback(req, options).then(
      (callback) => {
        keepCallback(req, callback);
        (req as { paysigCallback?: unknown }).paysigCallback = callback;
        next();
      },
      async (error: unknown) => send(res, await refuse(error, req, options.onRefused, req)),
    );
  };
}
