/**
 * A Fastify plugin: verify in an `onRequest` hook (before Fastify reads the body), attach the
 * result to `request.paysig`, answer a refusal as the service does.
 *
 * @module
 */
import { ConfigurationError } from '../errors/index.js';
import { checkCallbackOptions, type Refusal } from '../request/refusal.js';
import { verifierOf, type Verifier } from '../verifier/index.js';
import type { CallbackFields } from '../request/callback.js';
import type { VerifiedRequest } from '../request/verified.js';
import { FORM_CONTENT_TYPE } from '../request/media-types.js';
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

/** The part of a Fastify request the plugin reads. */
export interface FastifyRequestLike {
  /** The Node request. */
  readonly raw: IncomingMessageLike;
}

/** The part of a Fastify reply the plugin writes a refusal with. */
export interface FastifyReplyLike {
  /** Sets the status. */
  code(status: number): unknown;
  /** Sets a header. */
  header(name: string, value: string): unknown;
  /** Sends the body. */
  send(body: string): unknown;
}

/** The part of a Fastify instance the plugin uses. */
export interface FastifyInstanceLike {
  /** Whether a body parser is registered for a media type. */
  hasContentTypeParser(type: string): boolean;
  /** Registers a body parser. */
  addContentTypeParser(
    type: string,
    parser: (request: never, payload: never, done: (error: null, body?: undefined) => void) => void,
  ): unknown;
  /** Adds a hook. */
  addHook(name: 'onRequest', hook: (request: never, reply: never) => Promise<unknown>): unknown;
  /** Declares a request property. */
  decorateRequest(name: string, value: null): unknown;
}

/** A Fastify plugin, for `app.register(...)`: it takes a Fastify instance (typed `object` so that Fastify's own types fit it). */
export type FastifyPluginLike = (instance: object, options: unknown) => Promise<void>;

/** Marks an instance given the form parser that leaves the body unread (children see it through their prototype). */
const PREPARED = Symbol.for('paysig.fastify.formUnread');

function send(reply: FastifyReplyLike, r: Refusal): FastifyReplyLike {
  reply.code(r.status);
  for (const [name, value] of Object.entries(r.headers)) reply.header(name, value);
  reply.send(r.body);
  return reply;
}

/**
 * The form body is read by the hook, before Fastify parses bodies: a parser that reads nothing
 * is registered for the form type, and a form parser registered already (`@fastify/formbody`)
 * would wait for a stream already read, so it is refused.
 */
function leaveFormUnread(fastify: FastifyInstanceLike): void {
  if (PREPARED in fastify) return;
  if (fastify.hasContentTypeParser(FORM_CONTENT_TYPE)) {
    throw new ConfigurationError(
      `a body parser for ${FORM_CONTENT_TYPE} is registered (@fastify/formbody?): paysig reads the raw body itself; register paysig without it, and read verifiedOf(request).fields`,
      { field: 'fastify' },
    );
  }
  fastify.addContentTypeParser(FORM_CONTENT_TYPE, (_request, _payload, done) => done(null));
  Object.defineProperty(fastify, PREPARED, { value: true });
}

/** Marks a plugin to act on the instance it is registered on (what `fastify-plugin` does). */
function unencapsulated(plugin: FastifyPluginLike): FastifyPluginLike {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'paysig' });
  return plugin;
}

/**
 * A Fastify plugin verifying, with `verifier`, every request to `{basePath}/api/...` (other
 * paths pass through), in an `onRequest` hook on the instance it is registered on: the result
 * goes on `request.paysig` (typed: `verifiedOf(request)`), a refusal is answered as
 * `createMiddleware` answers. It registers the form body parser itself (one that leaves the body
 * to paysig); do not register `@fastify/formbody` on the same instance.
 *
 * @example
 * ```ts
 * const app = Fastify();
 * await app.register(createFastifyPlugin(createVerifier({ basePath: '/paynet', credentials })));
 * app.post('/paynet/api/*', async (request) => ({ operation: verifiedOf(request).operationId }));
 * ```
 */
export function createFastifyPlugin(verifier: Verifier | MiddlewareOptions<FastifyRequestLike>): FastifyPluginLike {
  const v = verifierOf(verifier);
  const { basePath, onRefused } = v.settings;
  return unencapsulated(async (instance) => {
    const fastify = instance as FastifyInstanceLike;
    leaveFormUnread(fastify);
    fastify.decorateRequest('paysig', null);
    fastify.addHook('onRequest', async (request: FastifyRequestLike, reply: FastifyReplyLike) => {
      if (!isApiPath(request.raw, basePath)) return;
      let verified: VerifiedRequest;
      try {
        verified = await verifyNode(request.raw, v);
      } catch (error) {
        return send(reply, await refuse(error, request.raw, onRefused, request));
      }
      keepVerified(request.raw, verified);
      (request as { paysig?: unknown }).paysig = verified;
    });
  });
}

/**
 * A Fastify plugin for a callback receiver: verifies every request of the instance it is
 * registered on as a callback (register it in its own scope with the callback route: the query of
 * a GET or HEAD, the form body of a POST, any other method refused with 405), puts the fields on
 * `request.paysigCallback` (typed: `verifiedCallbackOf(request)`), and answers a refusal as
 * {@link createFastifyPlugin} does.
 *
 * @example
 * ```ts
 * app.register(async (scope) => {
 *   await scope.register(createFastifyCallbackPlugin({ controlKey }));
 *   scope.get('/callback', async () => 'OK');
 * });
 * ```
 */
export function createFastifyCallbackPlugin(options: CallbackMiddlewareOptions<FastifyRequestLike>): FastifyPluginLike {
  checkCallbackOptions(options, 'createFastifyCallbackPlugin');
  return unencapsulated(async (instance) => {
    const fastify = instance as FastifyInstanceLike;
    leaveFormUnread(fastify);
    fastify.decorateRequest('paysigCallback', null);
    fastify.addHook('onRequest', async (request: FastifyRequestLike, reply: FastifyReplyLike) => {
      let callback: CallbackFields;
      try {
        callback = await nodeCallback(request.raw, options);
      } catch (error) {
        return send(reply, await refuse(error, request.raw, options.onRefused, request));
      }
      keepCallback(request.raw, callback);
      (request as { paysigCallback?: unknown }).paysigCallback = callback;
    });
  });
}
