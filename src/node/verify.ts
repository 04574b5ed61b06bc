/**
 * `verifyIncoming`: a verifier's checks on a Node request, on the same core and without a Fetch
 * `Request` (building one, with its body stream, costs more than the checks themselves).
 *
 * @module
 */
import {
  verifyRequestParts,
  type RequestReader,
  type VerifiedRequest,
  type VerifyRequestOptions,
} from '../request/verify.js';
import { bodyText } from '../encoding/bytes.js';
import { bodyTimeoutOf } from '../verifier/config.js';
import { isVerifier, type Verifier } from '../verifier/index.js';
import { explicitBody, readIncomingText, type IncomingBodyOptions, type RawBody } from './body.js';
import { incomingUrl, type IncomingMessageLike, type IncomingUrlOptions } from './incoming.js';

/**
 * Options of the deprecated `verifyIncoming(req, options)`: those of `verifyRequest`, and how to
 * read the Node request.
 *
 * @deprecated make a verifier once and call `verifyIncoming(verifier, req)`.
 */
export interface VerifyIncomingOptions extends VerifyRequestOptions, IncomingUrlOptions, IncomingBodyOptions {}

/** Per-request options of {@link verifyIncoming}. */
export interface IncomingRequestOptions {
  /**
   * The raw body, when a framework has read the stream already (`express.raw()`): its bytes or
   * text, verified as they are. Default: read from the request, within the verifier's limits.
   */
  body?: RawBody;
  /** The absolute URL the client addressed, when the server cannot rebuild it (default: from `Host`, the target and `trustProxy`). */
  url?: string;
}

/**
 * Verifies a Node request (`http.IncomingMessage`: Node `http`, Express's `req`, Fastify's
 * `request.raw`, Koa's `ctx.req`) under a verifier's rules, as {@link Verifier.verify} verifies a
 * Fetch `Request`: the same checks in the same order, the same results and error codes. The URL
 * is `options.url` when given, else built from `Host` and the request target (the verifier's
 * `trustProxy` and `protocol`); the body is read within the verifier's `maxBodyBytes` and
 * `bodyTimeoutMs` (then `BodyTimeoutError`, 408), and a body a parser already consumed is refused
 * (`BodyConsumedError`) unless its raw bytes are passed as `body`.
 *
 * The older form `verifyIncoming(req, options)` still works for one minor version (deprecated):
 * it keeps no nonce store of its own, so an OAuth request needs `options.nonceStore`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { createVerifier, httpStatusOf } from 'paysig';
 * import { verifyIncoming } from 'paysig/node';
 *
 * const verifier = createVerifier({ basePath: '/paynet', credentials });
 * const app = express(); // no express.urlencoded() in front of this route
 * app.post('/paynet/api/*splat', async (req, res) => { // Express 4: '/paynet/api/*'
 *   try {
 *     const verified = await verifyIncoming(verifier, req);
 *     res.json({ operation: verified.operation.id });
 *   } catch (error) {
 *     res.sendStatus(httpStatusOf(error));
 *   }
 * });
 * ```
 */
export function verifyIncoming(
  verifier: Verifier,
  req: IncomingMessageLike,
  options?: IncomingRequestOptions,
): Promise<VerifiedRequest>;
/** @deprecated make a verifier once and call `verifyIncoming(verifier, req)`. */
export function verifyIncoming(req: IncomingMessageLike, options: VerifyIncomingOptions): Promise<VerifiedRequest>;
export function verifyIncoming(
  first: Verifier | IncomingMessageLike,
  second: IncomingMessageLike | VerifyIncomingOptions | undefined,
  third?: IncomingRequestOptions,
): Promise<VerifiedRequest> {
  if (isVerifier(first)) {
    return incoming(first.settings, second as IncomingMessageLike, third, (reader) => first.verifyParts(reader));
  }
  // The deprecated form: the options of this one call, and no store but the one they name.
  const legacy = second as VerifyIncomingOptions;
  let timeout: number;
  try {
    timeout = bodyTimeoutOf(legacy?.bodyTimeoutMs);
  } catch (e) {
    return Promise.reject(e);
  }
  return incoming({ ...legacy, bodyTimeoutMs: timeout }, first, legacy, (reader) => verifyRequestParts(reader, legacy));
}

function incoming(
  settings: IncomingUrlOptions & { readonly bodyTimeoutMs: number },
  req: IncomingMessageLike,
  options: IncomingRequestOptions | undefined,
  verify: (reader: RequestReader) => Promise<VerifiedRequest>,
): Promise<VerifiedRequest> {
  let url: string;
  try {
    url = options?.url ?? incomingUrl(req, settings);
  } catch (e) {
    return Promise.reject(e);
  }
  const headers = req.headers;
  const body = options?.body;
  return verify({
    method: req.method ?? 'GET',
    url,
    header(name) {
      const v = headers[name];
      return typeof v === 'string' ? v : v === undefined ? null : v.join(', ');
    },
    readBody: (max) =>
      body !== undefined
        ? Promise.resolve(bodyText(explicitBody(body, max)))
        : readIncomingText(req, max, settings.bodyTimeoutMs),
  });
}
