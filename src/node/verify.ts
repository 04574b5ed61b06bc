/**
 * `verifyIncoming`: `verifyRequest` for a Node request.
 *
 * @module
 */
import { verifyRequest, type VerifiedRequest, type VerifyRequestOptions } from '../operations/verify.js';
import type { RawBody } from './body.js';
import type { IncomingMessageLike, IncomingUrlOptions } from './incoming.js';
import { toFetchRequest } from './request.js';

/** Options of {@link verifyIncoming}: those of `verifyRequest`, and how to read the Node request. */
export interface VerifyIncomingOptions extends VerifyRequestOptions, IncomingUrlOptions {
  /** The raw body, when a framework has read the stream already (see `toFetchRequest`). */
  body?: RawBody;
}

/**
 * Verifies a Node request (`http.IncomingMessage`) as `verifyRequest` verifies a Fetch `Request`:
 * the same checks in the same order, the same results and error codes.
 *
 * @example
 * ```ts
 * const verified = await verifyIncoming(req, { basePath: '/paynet', credentials });
 * ```
 */
export async function verifyIncoming(req: IncomingMessageLike, options: VerifyIncomingOptions): Promise<VerifiedRequest> {
  return verifyRequest(await toFetchRequest(req, options), options);
}
