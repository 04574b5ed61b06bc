/**
 * `paysig/node`: verifying requests that arrive at a Node server (`node:http`, Express, Fastify,
 * Koa). {@link verifyIncoming} verifies a Node request directly, with the checks and results of
 * `verifyRequest`; {@link toFetchRequest} turns one into the Fetch `Request` `verifyRequest`
 * takes. It imports no `node:` module (a Node request is read through its shape: headers,
 * `url`, stream events; only {@link serve} loads `node:http`, when called), so it is exported
 * under every condition: TypeScript resolves it with
 * `moduleResolution` `bundler`, `node16` and `nodenext` alike, and Deno and Bun load it for their
 * `node:http` servers.
 *
 * @example
 * ```ts
 * import { httpStatusOf } from 'paysig';
 * import { verifyIncoming } from 'paysig/node';
 *
 * app.post('/paynet/api/*splat', async (req, res) => { // Express 5 syntax: a named wildcard
 *   try {
 *     const verified = await verifyIncoming(verifier, req); // verifier = createVerifier({ basePath: '/paynet', credentials })
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
export type { IncomingBodyOptions, RawBody } from './body.js';
export { verifyIncoming, type VerifyIncomingOptions, type IncomingRequestOptions } from './verify.js';
export { serve, type ServeOptions, type ServedHandler } from './serve.js';
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
