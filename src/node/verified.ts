/**
 * What the Node middleware share: the verified result kept per request (and its typed getter),
 * the body a framework may have read already, which paths are the API's, and how a refusal is
 * written to a Node response.
 *
 * @module
 */
import { ConfigurationError } from '../errors/index.js';
import type { CallbackFields } from '../request/callback.js';
import { verifyCallback, verifyCallbackPairs } from '../request/callback.js';
import { callbackInQuery, formBodyPairs, queryOfTarget } from '../request/callback-input.js';
import { checkContentType } from '../request/body.js';
import { DEFAULT_MAX_BODY_BYTES } from '../request/limits.js';
import { refusalOf, report, type Refusal } from '../request/refusal.js';
import type { VerifiedRequest } from '../request/verified.js';
import type { VerifyRequestOptions } from '../request/verify.js';
import type { Verifier } from '../verifier/index.js';
import { bodyText } from '../encoding/bytes.js';
import { isApiTarget, unresolvedPathError } from './api-path.js';
import { explicitBody, readIncomingBytes, type RawBody } from './body.js';
import { headerOf, type IncomingMessageLike, type IncomingUrlOptions } from './incoming.js';
import { verifyIncoming } from './verify.js';
import type { OnRefused } from '../verifier/config.js';

/** Called with each refusal, for logging: the error and the framework's request object. */
export type OnRefusedNode<R> = OnRefused<R>;

/**
 * Options of the Node middleware when it is given options instead of a verifier: those of
 * `verifyIncoming` (without `body`), and `onRefused`. The middleware makes one verifier of them.
 *
 * @deprecated pass a verifier: `createMiddleware(createVerifier(config))`.
 */
export interface MiddlewareOptions<R = IncomingMessageLike> extends VerifyRequestOptions, IncomingUrlOptions {
  /**
   * Called with every refused request before the refusal is sent, for logging. Log `error.code`
   * and `error.message` (they never hold a secret); never the request's body or headers. What it
   * throws is ignored.
   */
  onRefused?: OnRefusedNode<R>;
}

/** Options of the Node callback middleware. */
export interface CallbackMiddlewareOptions<R = IncomingMessageLike> {
  /** The merchant control key the service signs its callbacks with. */
  controlKey: string;
  /** Largest POST body read, in bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /** Called with every refused callback, for logging (as {@link MiddlewareOptions.onRefused}). */
  onRefused?: OnRefusedNode<R>;
}

/** Where the middleware keeps a result on the Node request: a symbol no HTTP input can set. */
const VERIFIED = Symbol.for('paysig.verified');
const CALLBACK = Symbol.for('paysig.callback');

/** The Node request inside a framework's request object: Fastify's `request.raw`, Koa's `ctx.req`, else itself. */
function nodeRequestOf(holder: object): object {
  const h = holder as { raw?: unknown; req?: unknown };
  if (typeof h.raw === 'object' && h.raw !== null) return h.raw;
  if (typeof h.req === 'object' && h.req !== null) return h.req;
  return holder;
}

/** Records the verified result of `req`. @internal */
export function keepVerified(req: object, verified: VerifiedRequest): void {
  (req as { [VERIFIED]?: VerifiedRequest })[VERIFIED] = verified;
}

/** Records the verified callback of `req`. @internal */
export function keepCallback(req: object, callback: CallbackFields): void {
  (req as { [CALLBACK]?: CallbackFields })[CALLBACK] = callback;
}

/**
 * The verified request the middleware attached, typed: pass Express's `req`, Koa's `ctx` or
 * Fastify's `request` (the same value is on `req.paysig`, `ctx.state.paysig`, `request.paysig`,
 * untyped there so that paysig adds nothing to your framework's types).
 *
 * @throws `ConfigurationError` (a 500: the server's set-up) when no middleware verified this
 *   request (mounted after the route, or on other paths?).
 * @example
 * ```ts
 * app.use(createMiddleware(createVerifier({ basePath: '/paynet', credentials })));
 * app.post('/paynet/api/*path', (req, res) => {
 *   const verified = verifiedOf(req);
 *   if (verified.operationId === 'sale') res.json({ order: verified.fields.client_orderid });
 * });
 * ```
 */
export function verifiedOf(holder: object): VerifiedRequest {
  const v = (nodeRequestOf(holder) as { [VERIFIED]?: VerifiedRequest })[VERIFIED];
  if (v === undefined) {
    throw new ConfigurationError('no verified request here: mount the paysig middleware before this route', {
      field: 'request',
    });
  }
  return v;
}

/**
 * The verified callback the callback middleware attached, typed (as {@link verifiedOf}).
 *
 * @throws `ConfigurationError` (500) when no callback middleware verified this request.
 * @example
 * ```ts
 * app.get('/callback', createCallbackMiddleware({ controlKey }), (req, res) => {
 *   const { client_orderid, status } = verifiedCallbackOf(req);
 *   res.send('OK');
 * });
 * ```
 */
export function verifiedCallbackOf(holder: object): CallbackFields {
  const v = (nodeRequestOf(holder) as { [CALLBACK]?: CallbackFields })[CALLBACK];
  if (v === undefined) {
    throw new ConfigurationError('no verified callback here: mount the paysig callback middleware before this route', {
      field: 'request',
    });
  }
  return v;
}

/**
 * Whether the middleware verifies the request: its target, as Express keeps it (`originalUrl`) or
 * as a mounted router sees it (`url`), is under `{basePath}/api` by any spelling ({@link isApiTarget}).
 * @internal
 */
export function isApiPath(req: IncomingMessageLike, basePath: string | undefined): boolean {
  return (
    (typeof req.originalUrl === 'string' && isApiTarget(req.originalUrl, basePath)) ||
    isApiTarget(req.url ?? '', basePath)
  );
}

/** The raw body when a framework has read the stream and kept its bytes or text (`express.raw()`, `express.text()`, koa's `rawBody`). */
function keptBody(req: IncomingMessageLike, rawBody: unknown): RawBody | undefined {
  if (req.readableEnded !== true && req.readableDidRead !== true) return undefined;
  const b = rawBody !== undefined ? rawBody : req.body;
  return b instanceof Uint8Array || typeof b === 'string' ? b : undefined;
}

/**
 * Verifies `req`, using a body a framework kept when the stream is read already; a target with
 * `.` or `..` segments is refused first ({@link unresolvedPathError}). @internal
 */
export function verifyNode(req: IncomingMessageLike, verifier: Verifier, rawBody?: unknown) {
  const unresolved = unresolvedPathError(typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? ''));
  if (unresolved !== undefined) return Promise.reject(unresolved);
  const body = keptBody(req, rawBody);
  return verifyIncoming(verifier, req, body !== undefined ? { body } : undefined);
}

/**
 * The callback of a Node request: a GET's query, or a POST's form body, whose `Content-Type` is
 * checked first ({@link callbackInQuery}: any other method is refused). @internal
 */
export async function nodeCallback(
  req: IncomingMessageLike,
  options: CallbackMiddlewareOptions<never>,
  rawBody?: unknown,
): Promise<CallbackFields> {
  if (callbackInQuery(req.method ?? 'GET')) {
    const target = typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '');
    return verifyCallback(queryOfTarget(target), options.controlKey);
  }
  checkContentType(headerOf(req, 'content-type') ?? null);
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const kept = keptBody(req, rawBody);
  const bytes = kept !== undefined ? explicitBody(kept, max) : await readIncomingBytes(req, max);
  return verifyCallbackPairs(formBodyPairs(bodyText(bytes)), options.controlKey);
}

/** The refusal of `error` for `req`, after `onRefused`. @internal */
export async function refuse<R>(
  error: unknown,
  req: IncomingMessageLike,
  onRefused: OnRefusedNode<R> | undefined,
  holder: R,
): Promise<Refusal> {
  await report(onRefused, error, holder);
  return refusalOf(error, headerOf(req, 'accept') ?? null);
}
