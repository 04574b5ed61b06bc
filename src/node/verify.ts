/**
 * `verifyIncoming`: `verifyRequest` for a Node request, on the same core and without a Fetch
 * `Request` (building one, with its body stream, costs more than the checks themselves).
 *
 * @module
 */
import { verifyRequestParts, type VerifiedRequest, type VerifyRequestOptions } from '../operations/verify.js';
import { bodyText } from '../encoding/bytes.js';
import { bodyTimeoutOf, explicitBody, readIncomingText, type IncomingBodyOptions } from './body.js';
import { incomingUrl, type IncomingMessageLike, type IncomingUrlOptions } from './incoming.js';

/** Options of {@link verifyIncoming}: those of `verifyRequest`, and how to read the Node request. */
export interface VerifyIncomingOptions extends VerifyRequestOptions, IncomingUrlOptions, IncomingBodyOptions {}

/**
 * Verifies a Node request (`http.IncomingMessage`: Node `http`, Express's `req`, Fastify's
 * `request.raw`, Koa's `ctx.req`) as `verifyRequest` verifies a Fetch `Request`: the same checks
 * in the same order, the same results and error codes, sharing one implementation. The URL is
 * `options.url` when given, else built from `Host` and the request target as
 * {@link toFetchRequest} builds it (`trustProxy`, `protocol`); the body is read with
 * `maxBodyBytes` applied while it streams and within `bodyTimeoutMs` (30 s by default; after it
 * `BodyTimeoutError`, 408, and reading stops), and a body a parser already consumed is refused
 * (`BodyConsumedError`) unless its raw bytes are passed as `body`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { httpStatusOf } from 'paysig';
 * import { verifyIncoming } from 'paysig/node';
 *
 * const app = express(); // no express.urlencoded() in front of this route
 * app.post('/paynet/api/*splat', async (req, res) => {
 *   try {
 *     const verified = await verifyIncoming(req, { basePath: '/paynet', credentials });
 *     res.json({ operation: verified.operation.id });
 *   } catch (error) {
 *     res.sendStatus(httpStatusOf(error));
 *   }
 * });
 * ```
 */
export function verifyIncoming(req: IncomingMessageLike, options: VerifyIncomingOptions): Promise<VerifiedRequest> {
  let url: string;
  let timeoutMs: number;
  try {
    url = options?.url ?? incomingUrl(req, options);
    timeoutMs = bodyTimeoutOf(options);
  } catch (e) {
    return Promise.reject(e);
  }
  const headers = req.headers;
  return verifyRequestParts(
    {
      method: req.method ?? 'GET',
      url,
      header(name) {
        const v = headers[name];
        return typeof v === 'string' ? v : v === undefined ? null : v.join(', ');
      },
      readBody: (max) =>
        options.body !== undefined
          ? Promise.resolve(bodyText(explicitBody(options.body, max)))
          : readIncomingText(req, max, timeoutMs),
    },
    options,
  );
}
