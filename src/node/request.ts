/**
 * `toFetchRequest`: a Node request as the Fetch `Request` that `verifyRequest` takes.
 *
 * @module
 */
import { DEFAULT_MAX_BODY_BYTES } from '../request/verify.js';
import { explicitBody, readIncomingBytes, type IncomingBodyOptions } from './body.js';
import { bodyTimeoutOf } from '../verifier/config.js';
import { incomingUrl, type IncomingMessageLike, type IncomingUrlOptions } from './incoming.js';

/** Options of {@link toFetchRequest}. */
export interface ToFetchRequestOptions extends IncomingUrlOptions, IncomingBodyOptions {
  /** Largest body read, in bytes (default 64 KiB): over it, reading stops and `BodyTooLargeError` rejects. */
  maxBodyBytes?: number;
}

/** Fetch headers from Node's lower-cased header object (repeated values appended in order). */
function fetchHeaders(req: IncomingMessageLike): Headers {
  const headers = new Headers();
  for (const name in req.headers) {
    const v = req.headers[name];
    if (typeof v === 'string') headers.append(name, v);
    else if (v !== undefined) for (const each of v) headers.append(name, each);
  }
  return headers;
}

/**
 * Turns a Node request (`http.IncomingMessage`: Node `http`, Express's `req`, Fastify's
 * `request.raw`, Koa's `ctx.req`) into a Fetch `Request` for `verifyRequest`. The URL is built
 * from the `Host` header and the request target (Express's `originalUrl` when a router is mounted
 * on a path); `trustProxy` takes scheme and host from `X-Forwarded-Proto`/`X-Forwarded-Host`.
 * The body is read with `maxBodyBytes` applied while it streams and within `bodyTimeoutMs`
 * (30 s by default; `BodyTimeoutError`, 408, after it). A body a parser has already
 * consumed is refused (`BodyConsumedError`) unless the raw bytes are passed as `body`.
 * {@link verifyIncoming} does the same checks without building a `Request`, and costs less.
 *
 * @example
 * ```ts
 * import { verifyRequest, httpStatusOf } from 'paysig';
 * import { toFetchRequest } from 'paysig/node';
 *
 * createServer(async (req, res) => {
 *   try {
 *     const verified = await verifyRequest(await toFetchRequest(req), { basePath: '/paynet', credentials });
 *     res.end(JSON.stringify({ ok: verified.operation.id }));
 *   } catch (error) {
 *     res.writeHead(httpStatusOf(error)).end();
 *   }
 * }).listen(8080);
 * ```
 * @throws `InvalidInputError` (field `Host`) for a missing or invalid Host; `BodyTooLargeError`;
 * `BodyTimeoutError`; `BodyConsumedError`.
 */
export async function toFetchRequest(req: IncomingMessageLike, options: ToFetchRequestOptions = {}): Promise<Request> {
  const url = incomingUrl(req, options);
  const timeoutMs = bodyTimeoutOf(options.bodyTimeoutMs);
  const method = req.method ?? 'GET';
  const init: RequestInit = { method, headers: fetchHeaders(req) };
  if (method !== 'GET' && method !== 'HEAD') {
    const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const bytes =
      options.body !== undefined ? explicitBody(options.body, max) : await readIncomingBytes(req, max, timeoutMs);
    // Request copies only the view's bytes when it is built (Fetch "extract a body"), so a pooled
    // chunk's neighbours never leak in; slice() gives BodyInit the plain ArrayBuffer it types.
    init.body = bytes.slice();
  }
  return new Request(url, init);
}
