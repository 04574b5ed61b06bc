/**
 * The verifier: one object made once from a deployment's configuration, which owns the rules
 * that must hold for every request it sees (windows, nonce store, clock, limits). Every way in
 * takes it: {@link Verifier.verify} for a Fetch `Request`, `verifyIncoming(verifier, req)` and the
 * middleware of `paysig/node`, `withVerifiedRequest(verifier, handler)`. Two verifiers share
 * nothing they were not both given.
 *
 * @module
 */
import { readBody } from '../request/body.js';
import { verifyRequestParts, type RequestReader, type VerifyRequestOptions } from '../request/verify.js';
import type { VerifiedRequest } from '../request/verified.js';
import type { NonceStore } from '../stores/types.js';
import { clockOf, settingsOf, type VerifierConfig, type VerifierSettings } from './config.js';

/** Per-request options of {@link Verifier.verify}. */
export interface VerifyOptions {
  /**
   * The absolute URL the client addressed, when the server sees another one (behind a proxy that
   * rewrites scheme, host or path). Default: `request.url`. OAuth signs this URL.
   */
  url?: string;
}

/**
 * Verifies requests to the API under one deployment's rules. Made by {@link createVerifier}.
 *
 * @example
 * ```ts
 * const verifier = createVerifier({ basePath: '/paynet', credentials });
 * const verified = await verifier.verify(request);
 * ```
 */
export class Verifier {
  /** The configuration, checked, with every default filled in. */
  readonly settings: VerifierSettings;
  readonly #clock: () => number;
  /** What the shared request core reads: the settings in its option shape, made once. */
  readonly #options: VerifyRequestOptions;

  /** @internal use {@link createVerifier} */
  constructor(config: VerifierConfig) {
    const settings = settingsOf(config);
    this.settings = settings;
    this.#clock = clockOf(config.now);
    const options: VerifyRequestOptions = {
      credentials: settings.credentials,
      basePath: settings.basePath,
      maxSkewSeconds: settings.maxSkewSeconds,
      maxFutureSkewSeconds: settings.maxFutureSkewSeconds,
      nonceStore: settings.nonceStore,
      maxBodyBytes: settings.maxBodyBytes,
      accept: settings.accept,
    };
    if (settings.schemes !== undefined) options.schemes = settings.schemes;
    if (settings.exponent !== undefined) options.exponent = settings.exponent;
    this.#options = Object.freeze(options);
  }

  /** The nonce store this verifier records OAuth nonces in: the one it was given, or its own. */
  get nonceStore(): NonceStore {
    return this.settings.nonceStore;
  }

  /**
   * The verifier's clock, in seconds since the epoch.
   *
   * @example
   * ```ts
   * const ts = Math.floor(verifier.now());
   * ```
   */
  now(): number {
    return this.#clock();
  }

  /**
   * Verifies a Fetch `Request` as the service would (see `verifyRequest` for the checks and their
   * order) and resolves with what was verified; rejects with a `PaysigError` whose `code` says why
   * (`httpStatusOf(error)` gives the status to answer).
   *
   * @example
   * ```ts
   * try {
   *   const verified = await verifier.verify(request);
   *   return Response.json({ order: verified.fields['client_orderid'] });
   * } catch (error) {
   *   return new Response(null, { status: httpStatusOf(error) });
   * }
   * ```
   */
  verify(request: Request, options?: VerifyOptions): Promise<VerifiedRequest> {
    const url = options?.url ?? request.url;
    return this.verifyParts({
      method: request.method,
      url,
      header: (name) => request.headers.get(name),
      readBody: (max) => readBody(request, max),
    });
  }

  /**
   * The same checks on a request read from any transport: `verify` reads a Fetch `Request`,
   * `verifyIncoming` of `paysig/node` a Node request; a way in for another transport reads its
   * request into a {@link RequestReader} and calls this.
   *
   * @example
   * ```ts
   * const verified = await verifier.verifyParts({
   *   method: 'POST',
   *   url,
   *   header: (name) => headers[name] ?? null,
   *   readBody: (max) => readAtMost(body, max),
   * });
   * ```
   */
  verifyParts(reader: RequestReader): Promise<VerifiedRequest> {
    let now: number;
    try {
      now = this.#clock();
    } catch (e) {
      return Promise.reject(e);
    }
    return verifyRequestParts(reader, this.#options, now);
  }
}

/**
 * Makes a verifier from a deployment's configuration, checking every setting now: a wrong one is
 * a `ConfigurationError` naming it (`error.field`), thrown here rather than on the first request.
 * The verifier owns its nonce store (its own `MemoryNonceStore` unless one is given) and its
 * clock; make one per deployment and pass it to every way in.
 *
 * @example
 * ```ts
 * import { createVerifier, httpStatusOf } from 'paysig';
 *
 * const verifier = createVerifier({
 *   basePath: '/paynet',
 *   credentials: ({ login, consumerKey }) => merchants.get(login ?? consumerKey ?? ''),
 * });
 * export default {
 *   async fetch(request: Request) {
 *     try {
 *       const verified = await verifier.verify(request);
 *       return Response.json({ operation: verified.operationId });
 *     } catch (error) {
 *       return new Response(null, { status: httpStatusOf(error) });
 *     }
 *   },
 * };
 * ```
 */
export function createVerifier(config: VerifierConfig): Verifier {
  return new Verifier(config);
}

/** Whether a value is a verifier made by {@link createVerifier}. @internal */
export function isVerifier(value: unknown): value is Verifier {
  return value instanceof Verifier;
}

/** The verifier of a way in: the one given, or one made once from legacy options. @internal */
export function verifierOf(given: Verifier | VerifyRequestOptions): Verifier {
  if (isVerifier(given)) return given;
  const config = given as VerifyRequestOptions & {
    onRefused?: (error: unknown, request: never) => void | Promise<void>;
  };
  const { now, ...rest } = config;
  return createVerifier(now === undefined ? rest : { ...rest, now });
}

export type { VerifierConfig, VerifierSettings, OnRefused } from './config.js';
