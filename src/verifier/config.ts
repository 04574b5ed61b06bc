/**
 * A verifier's configuration: what a deployment decides once (credentials, base path, windows,
 * nonce store, clock, proxy trust, limits), each setting checked when the verifier is made, so a
 * mistake stops the server at start-up with the setting's name instead of failing requests later.
 *
 * @module
 */
import { ConfigurationError } from '../errors/index.js';
import { assertAcceptMode, type AcceptMode } from '../request/accept.js';
import { DEFAULT_MAX_BODY_BYTES } from '../request/limits.js';
import type { CredentialsQuery, VerifyCredentials } from '../request/verify.js';
import type { Scheme } from '../catalog/scheme.js';
import type { Exponent } from '../schemes/control/amount.js';
import { checkNonceStore } from '../schemes/oauth/verify.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import type { NonceStore } from '../stores/types.js';

/** Default {@link VerifierConfig.bodyTimeoutMs}: 30 s. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/** Called with each refused request, for logging: the error and the request as the way in received it. */
export type OnRefused<R> = (error: unknown, request: R) => void | Promise<void>;

/** The `onRefused` of a verifier: called by whichever way in refused, with that way's request object. */
export type RefusalLogger = (error: unknown, request: unknown) => void | Promise<void>;

/** What {@link createVerifier} takes: the rules of one deployment. Only `credentials` is required. */
export interface VerifierConfig {
  /**
   * Looks the merchant's secrets up. Returning undefined (or no usable secret) refuses the request:
   * `UnknownMerchantError` on a `control` request, `UnknownConsumerError` on an OAuth one. What it
   * gets wrong (five keys, a `consumerId` that is not a string) is a `ConfigurationError` (500).
   */
  credentials: (who: CredentialsQuery) => VerifyCredentials | undefined | Promise<VerifyCredentials | undefined>;
  /** Path prefix in front of `/api/...` (default `''`): `''` or a path such as `/paynet`, without a trailing slash. */
  basePath?: string;
  /** Allowed OAuth clock skew into the past, in seconds (default 300). At most the nonce store's `windowSeconds`. */
  maxSkewSeconds?: number;
  /** Allowed OAuth clock skew into the future, in seconds (default 30, or `maxSkewSeconds` when smaller). */
  maxFutureSkewSeconds?: number;
  /**
   * Where OAuth nonces are recorded. Default: a `MemoryNonceStore` of this verifier's own, fed by
   * its clock (right for one process). Several processes or hosts share a `RedisNonceStore`.
   * Two verifiers share replay memory only when they are given the same store.
   */
  nonceStore?: NonceStore;
  /**
   * The clock, in seconds since the epoch: a function read at each request, or a fixed number
   * (a test that verifies a recorded request at its own time). Default: `Date.now() / 1000`.
   */
  now?: number | (() => number);
  /** Largest body accepted, in bytes (default 64 KiB); over it: `BodyTooLargeError` (413). */
  maxBodyBytes?: number;
  /** `paysig/node`: how long the whole body may take to arrive, in ms (default 30 000); then `BodyTimeoutError` (408). */
  bodyTimeoutMs?: number;
  /**
   * `paysig/node`: take scheme and host from `X-Forwarded-Proto` and `X-Forwarded-Host`, as set by
   * the proxies you run in front: `true` trusts one proxy (the last value of each header), a
   * number `n` trusts `n` proxies in a row. Default `false`. See docs/verifying.md.
   */
  trustProxy?: boolean | number;
  /** `paysig/node`: the scheme clients use, when the server cannot tell (default: `https` on a TLS socket, else `http`). */
  protocol?: 'http' | 'https' | undefined;
  /** How `Accept` is read: `'negotiate'` (default, RFC 9110) or `'strict'` (only `application/vnd.pay+json`). */
  accept?: AcceptMode;
  /** Explicit schemes by operation id, for the operations whose scheme is unknown (or to override). */
  schemes?: Readonly<Record<string, Scheme>>;
  /** Minor-unit digits of the currency (default 2), or a function of the currency code. */
  exponent?: Exponent;
  /**
   * Called with every refused request before the refusal is sent by the middleware and Fetch
   * wrappers, for logging: log `error.code` and `error.message` (never the request's body or
   * headers). A 500 (`ConfigurationError`) carries its detail here only. What it throws is ignored.
   */
  onRefused?(error: unknown, request: unknown): void | Promise<void>;
}

/** A configuration as a verifier holds it: every default filled in, every value checked. */
export interface VerifierSettings {
  /** {@inheritDoc VerifierConfig.credentials} */
  readonly credentials: VerifierConfig['credentials'];
  /** {@inheritDoc VerifierConfig.basePath} */
  readonly basePath: string;
  /** {@inheritDoc VerifierConfig.maxSkewSeconds} */
  readonly maxSkewSeconds: number;
  /** {@inheritDoc VerifierConfig.maxFutureSkewSeconds} */
  readonly maxFutureSkewSeconds: number;
  /** {@inheritDoc VerifierConfig.nonceStore} */
  readonly nonceStore: NonceStore;
  /** {@inheritDoc VerifierConfig.maxBodyBytes} */
  readonly maxBodyBytes: number;
  /** {@inheritDoc VerifierConfig.bodyTimeoutMs} */
  readonly bodyTimeoutMs: number;
  /** {@inheritDoc VerifierConfig.trustProxy} */
  readonly trustProxy: boolean | number;
  /** {@inheritDoc VerifierConfig.protocol} */
  readonly protocol: 'http' | 'https' | undefined;
  /** {@inheritDoc VerifierConfig.accept} */
  readonly accept: AcceptMode;
  /** {@inheritDoc VerifierConfig.schemes} */
  readonly schemes: Readonly<Record<string, Scheme>> | undefined;
  /** {@inheritDoc VerifierConfig.exponent} */
  readonly exponent: Exponent | undefined;
  /** {@inheritDoc VerifierConfig.onRefused} */
  readonly onRefused: RefusalLogger | undefined;
}

function refuse(field: string, rule: string): never {
  throw new ConfigurationError(`createVerifier: "${field}" ${rule}`, { field });
}

function secondsOf(value: unknown, field: string, fallback: number): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 86_400) {
    refuse(field, 'must be a number of seconds from 0 to 86400');
  }
  return v;
}

function positiveInteger(value: unknown, field: string, fallback: number, unit: string): number {
  const v = value ?? fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    refuse(field, `must be a positive whole number of ${unit}`);
  return v;
}

/** The number of trusted proxies a `trustProxy` setting means, 0 for none. @internal */
export function trustedHops(trustProxy: unknown): number {
  if (trustProxy === undefined || trustProxy === false) return 0;
  if (trustProxy === true) return 1;
  if (typeof trustProxy !== 'number' || !Number.isInteger(trustProxy) || trustProxy < 0 || trustProxy > 32) {
    refuse('trustProxy', 'must be true, false or the number of proxies in front (0 to 32)');
  }
  return trustProxy;
}

/** A `bodyTimeoutMs` setting, checked. @internal */
export function bodyTimeoutOf(value: unknown): number {
  const ms = value ?? DEFAULT_BODY_TIMEOUT_MS;
  if (typeof ms !== 'number' || !(ms > 0)) {
    refuse('bodyTimeoutMs', 'must be a positive number of milliseconds (default 30000; Infinity for none)');
  }
  return ms;
}

/** The clock of a configuration: a function returning seconds. @internal */
export function clockOf(now: unknown): () => number {
  if (now === undefined) return () => Date.now() / 1000;
  if (typeof now === 'number') {
    if (!Number.isFinite(now)) refuse('now', 'must be a finite number of seconds or a function returning one');
    return () => now;
  }
  if (typeof now !== 'function') refuse('now', 'must be a number of seconds or a function returning one');
  return now as () => number;
}

/**
 * Checks a configuration and fills in its defaults; the store defaults to a memory store of its
 * own, fed by the verifier's clock through each check. @internal
 */
export function settingsOf(config: VerifierConfig): VerifierSettings {
  if (config === null || typeof config !== 'object') refuse('config', 'must be an object with a credentials function');
  if (typeof config.credentials !== 'function') refuse('credentials', 'must be a function (who) => secrets');
  const basePath = config.basePath ?? '';
  if (typeof basePath !== 'string' || (basePath !== '' && (!/^\/[^?#\s]*$/.test(basePath) || basePath.endsWith('/')))) {
    refuse('basePath', "must be '' or a path starting with '/' and not ending with '/', such as '/paynet'");
  }
  const maxSkewSeconds = secondsOf(config.maxSkewSeconds, 'maxSkewSeconds', 300);
  const maxFutureSkewSeconds = secondsOf(
    config.maxFutureSkewSeconds,
    'maxFutureSkewSeconds',
    Math.min(maxSkewSeconds, 30),
  );
  const nonceStore = checkNonceStore(config.nonceStore ?? new MemoryNonceStore(), maxSkewSeconds);
  assertAcceptMode(config.accept);
  if (config.schemes !== undefined && (config.schemes === null || typeof config.schemes !== 'object')) {
    refuse('schemes', 'must be an object of schemes by operation id');
  }
  if (config.exponent !== undefined && typeof config.exponent !== 'number' && typeof config.exponent !== 'function') {
    refuse('exponent', 'must be a number of digits or a function of the currency code');
  }
  if (config.protocol !== undefined && config.protocol !== 'http' && config.protocol !== 'https') {
    refuse('protocol', "must be 'http' or 'https'");
  }
  if (config.onRefused !== undefined && typeof config.onRefused !== 'function')
    refuse('onRefused', 'must be a function');
  trustedHops(config.trustProxy);
  return Object.freeze({
    credentials: config.credentials,
    basePath,
    maxSkewSeconds,
    maxFutureSkewSeconds,
    nonceStore,
    maxBodyBytes: positiveInteger(config.maxBodyBytes, 'maxBodyBytes', DEFAULT_MAX_BODY_BYTES, 'bytes'),
    bodyTimeoutMs: bodyTimeoutOf(config.bodyTimeoutMs),
    trustProxy: config.trustProxy ?? false,
    protocol: config.protocol,
    accept: config.accept ?? 'negotiate',
    schemes: config.schemes,
    exponent: config.exponent,
    onRefused: config.onRefused,
  });
}
