/**
 * `paysig/redis`: a {@link NonceStore} on Redis, shared by every verifier process, with no
 * runtime dependency: bring your own connected client, node-redis (v4, v5) or ioredis.
 *
 * Each nonce is one `SET key 1 EX ttl NX`: atomic, so of two verifiers that see the same request
 * at once only one accepts it, and Redis forgets the nonce once its timestamp has left the window.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { verifyOAuth } from 'paysig';
 * import { RedisNonceStore } from 'paysig/redis';
 *
 * const client = await createClient({ url: 'redis://127.0.0.1:6379' }).connect();
 * const nonceStore = new RedisNonceStore(client, { prefix: 'myapp:nonce:' });
 * await verifyOAuth(request, { credentials, nonceStore });
 * ```
 *
 * @module
 */
import { InvalidInputError, NonceStoreError } from './errors.js';
import { percentEncode } from './encoding/percent.js';
import type { NonceStore } from './oauth/nonce.js';

export type { NonceStore } from './oauth/nonce.js';

/** The part of a node-redis v4/v5 client this store uses: `set(key, value, { NX, EX })`. */
export interface NodeRedisSetClient {
  /** Resolves `'OK'` when set, `null` when the key existed (NX). */
  set(key: string, value: string, options: { NX: true; EX: number }): Promise<unknown>;
}

/** The part of an ioredis client this store uses: `set(key, value, 'EX', ttl, 'NX')`. */
export interface IORedisSetClient {
  /** Resolves `'OK'` when set, `null` when the key existed (NX). */
  set(key: string, value: string, ex: 'EX', seconds: number, nx: 'NX'): Promise<unknown>;
}

/** Which client API to call. */
export type RedisClientFlavor = 'node-redis' | 'ioredis';

/** Options of {@link RedisNonceStore}. */
export interface RedisNonceStoreOptions {
  /** Prepended to every key; default `'paysig:nonce:'`. */
  prefix?: string;
  /**
   * The client's API. Default: detected (node-redis clients have `isOpen`, ioredis clients have
   * a string `status`); give it when wrapping a client in a proxy or a cluster object.
   */
  flavor?: RedisClientFlavor;
  /**
   * Milliseconds to wait for Redis before failing closed (default 2000). A client that queues
   * commands while disconnected would otherwise keep the request waiting.
   */
  timeoutMs?: number;
}

function detect(client: object): RedisClientFlavor | undefined {
  if ('isOpen' in client) return 'node-redis';
  if (typeof (client as { status?: unknown }).status === 'string') return 'ioredis';
  return undefined;
}

/**
 * A {@link NonceStore} on Redis. Key: `prefix + pe(consumerKey) + ':' + pe(nonce) + ':' +
 * timestamp`, with `pe` the RFC 3986 percent-encoding, so a `:` in a consumer key or nonce cannot
 * make two triples share a key. Any failure, timeout or unexpected reply rejects with
 * {@link NonceStoreError}, so the verifier fails closed.
 */
export class RedisNonceStore implements NonceStore {
  readonly #client: NodeRedisSetClient | IORedisSetClient;
  readonly #flavor: RedisClientFlavor;
  readonly #prefix: string;
  readonly #timeoutMs: number;

  /**
   * @param client a connected node-redis or ioredis client
   * @param options key prefix, client flavor, timeout
   * @throws {@link index!InvalidInputError} when the client has no `set` method or its flavor cannot be detected
   */
  constructor(client: NodeRedisSetClient | IORedisSetClient, options: RedisNonceStoreOptions = {}) {
    if (client === null || typeof client !== 'object' || typeof (client as { set?: unknown }).set !== 'function') {
      throw new InvalidInputError('RedisNonceStore needs a Redis client with a "set" method', { field: 'client' });
    }
    const flavor = options.flavor ?? detect(client);
    if (flavor !== 'node-redis' && flavor !== 'ioredis') {
      throw new InvalidInputError('cannot tell the Redis client kind; pass { flavor: "node-redis" | "ioredis" }', {
        field: 'flavor',
      });
    }
    const timeoutMs = options.timeoutMs ?? 2000;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new InvalidInputError('"timeoutMs" must be a positive number', { field: 'timeoutMs' });
    }
    const prefix = options.prefix ?? 'paysig:nonce:';
    if (typeof prefix !== 'string') throw new InvalidInputError('"prefix" must be a string', { field: 'prefix' });
    this.#client = client;
    this.#flavor = flavor;
    this.#prefix = prefix;
    this.#timeoutMs = timeoutMs;
  }

  /** The Redis key of a triple. */
  key(consumerKey: string, nonce: string, timestamp: number): string {
    return this.#prefix + percentEncode(consumerKey) + ':' + percentEncode(nonce) + ':' + timestamp;
  }

  /** {@inheritDoc NonceStore.check} */
  async check(consumerKey: string, nonce: string, timestamp: number, ttlSeconds: number): Promise<boolean> {
    const key = this.key(consumerKey, nonce, timestamp);
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new NonceStoreError(`Redis did not answer within ${this.#timeoutMs} ms`)), this.#timeoutMs);
    });
    let reply: unknown;
    try {
      const pending =
        this.#flavor === 'node-redis'
          ? (this.#client as NodeRedisSetClient).set(key, '1', { NX: true, EX: ttl })
          : (this.#client as IORedisSetClient).set(key, '1', 'EX', ttl, 'NX');
      reply = await Promise.race([pending, timeout]);
    } catch (e) {
      if (e instanceof NonceStoreError) throw e;
      throw new NonceStoreError('Redis SET NX failed', { cause: e });
    } finally {
      clearTimeout(timer);
    }
    if (reply === 'OK') return true;
    if (reply === null) return false;
    throw new NonceStoreError('Redis SET NX gave an unexpected reply');
  }
}
