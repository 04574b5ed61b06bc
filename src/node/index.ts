/**
 * `paysig/node`: verifying requests that arrive at a Node server (`node:http`, Express, Fastify,
 * Koa). {@link verifyIncoming} verifies a Node request directly, with the checks and results of
 * `verifyRequest`; {@link toFetchRequest} turns one into the Fetch `Request` `verifyRequest`
 * takes. Only under the `node` export condition (Node, and runtimes that emulate it).
 *
 * @example
 * ```ts
 * import { httpStatusOf } from 'paysig';
 * import { verifyIncoming } from 'paysig/node';
 *
 * app.post('/paynet/api/*', async (req, res) => {
 *   try {
 *     const verified = await verifyIncoming(req, { basePath: '/paynet', credentials });
 *     res.json({ operation: verified.operation.id });
 *   } catch (error) {
 *     res.sendStatus(httpStatusOf(error));
 *   }
 * });
 * ```
 *
 * @module
 */
export { toFetchRequest, type ToFetchRequestOptions } from './request.js';
export type { IncomingMessageLike, IncomingUrlOptions } from './incoming.js';
export type { RawBody } from './body.js';
export { verifyIncoming, type VerifyIncomingOptions } from './verify.js';
export {
  createMiddleware,
  createCallbackMiddleware,
  type NodeMiddleware,
  type ServerResponseLike,
} from './middleware.js';
export { createKoaMiddleware, createKoaCallbackMiddleware, type KoaContextLike, type KoaMiddleware } from './koa.js';
export {
  createFastifyPlugin,
  createFastifyCallbackPlugin,
  type FastifyInstanceLike,
  type FastifyPluginLike,
  type FastifyReplyLike,
  type FastifyRequestLike,
} from './fastify.js';
export {
  verifiedOf,
  verifiedCallbackOf,
  type MiddlewareOptions,
  type CallbackMiddlewareOptions,
  type OnRefusedNode,
} from './verified.js';
