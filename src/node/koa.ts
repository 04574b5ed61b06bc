/**
 * Koa middleware: verify, attach the result to `ctx.state.paysig`, answer a refusal as the
 * service does.
 *
 * @module
 */
import { checkCallbackOptions, type Refusal } from '../request/refusal.js';
import { verifierOf, type Verifier } from '../verifier/index.js';
import type { CallbackFields } from '../request/callback.js';
import type { VerifiedRequest } from '../request/verified.js';
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

/** The part of a Koa context the middleware reads and writes. */
export interface KoaContextLike {
  /** The Node request. */
  readonly req: IncomingMessageLike;
  /** Koa's request; `rawBody` is read when a body parser kept it. */
  readonly request?: {
    /** The raw body bytes or text, when a body parser kept them. */
    readonly rawBody?: unknown;
  };
  /** Per-request state shared by the middleware. */
  readonly state: Record<string, unknown>;
  /** The response status. */
  status: number;
  /** The response body. */
  body: unknown;
  /** Sets a response header. */
  set(name: string, value: string): unknown;
}

/** A Koa middleware. */
export type KoaMiddleware = (ctx: KoaContextLike, next: () => Promise<unknown>) => Promise<void>;

function send(ctx: KoaContextLike, r: Refusal): void {
  ctx.status = r.status;
  for (const [name, value] of Object.entries(r.headers)) ctx.set(name, value);
  ctx.body = r.body;
}

/**
 * Koa middleware verifying, with `verifier`, every request to `{basePath}/api/...` (other
 * paths pass through): the result goes on `ctx.state.paysig` (typed: `verifiedOf(ctx)`), a refusal
 * is answered as `createMiddleware` answers. Mount it before any body parser; after
 * `koa-bodyparser` the kept `ctx.request.rawBody` is verified.
 *
 * @example
 * ```ts
 * const app = new Koa();
 * app.use(createKoaMiddleware(createVerifier({ basePath: '/paynet', credentials })));
 * app.use((ctx) => { ctx.body = { operation: verifiedOf(ctx).operationId }; });
 * ```
 */
export function createKoaMiddleware(verifier: Verifier | MiddlewareOptions<KoaContextLike>): KoaMiddleware {
  const v = verifierOf(verifier);
  const { basePath, onRefused } = v.settings;
  return async (ctx, next) => {
    if (!isApiPath(ctx.req, basePath)) return void (await next());
    let verified: VerifiedRequest;
    try {
      verified = await verifyNode(ctx.req, v, ctx.request?.rawBody);
    } catch (error) {
      return send(ctx, await refuse(error, ctx.req, onRefused, ctx));
    }
    keepVerified(ctx.req, verified);
    ctx.state['paysig'] = verified;
    await next();
  };
}

/**
 * Koa middleware for a callback receiver: verifies the callback (query of a GET or HEAD, form body
 * of a POST, any other method refused with 405), puts its fields on `ctx.state.paysigCallback`
 * (typed: `verifiedCallbackOf(ctx)`), and answers a refusal as {@link createKoaMiddleware} does.
 * Mount it on the callback route.
 *
 * @example
 * ```ts
 * router.get('/callback', createKoaCallbackMiddleware({ controlKey }), (ctx) => { ctx.body = 'OK'; });
 * ```
 */
export function createKoaCallbackMiddleware(options: CallbackMiddlewareOptions<KoaContextLike>): KoaMiddleware {
  checkCallbackOptions(options, 'createKoaCallbackMiddleware');
  return async (ctx, next) => {
    let callback: CallbackFields;
    try {
      callback = await nodeCallback(ctx.req, options, ctx.request?.rawBody);
    } catch (error) {
      return send(ctx, await refuse(error, ctx.req, options.onRefused, ctx));
    }
    keepCallback(ctx.req, callback);
    ctx.state['paysigCallback'] = callback;
    await next();
  };
}
