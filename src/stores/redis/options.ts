/**
 * Validation of {@link RedisNonceStoreOptions}, and the fixed-size Redis key of a triple.
 *
 * @module
 * @internal
 */
import { sha1Hex } from '#crypto';
import { InvalidInputError } from '../../errors/index.js';
import type { RedisClientFlavor } from './client.js';

/** Node cuts any delay above this to 1 ms, with a warning. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Options with their defaults applied. @internal */
export interface ValidOptions {
  prefix: string;
  flavor: RedisClientFlavor | undefined;
  timeoutMs: number;
  assumeNoEviction: boolean;
  /** Undefined: decided from the client (see RedisNonceStoreOptions.buckets). */
  buckets: number | undefined;
}

/** The buckets a cluster client gets by default (prefix without a hash tag). */
export const CLUSTER_BUCKETS = 1024;

/** True when the prefix holds a Redis hash tag (`{...}` with at least one character inside). */
export function hasHashTag(prefix: string): boolean {
  const open = prefix.indexOf('{');
  return open >= 0 && prefix.indexOf('}', open + 1) > open + 1;
}

/** Applies defaults and refuses what would misbehave. @internal */
export function validateOptions(options: unknown): ValidOptions {
  if (options === null || typeof options !== 'object') {
    throw new InvalidInputError('RedisNonceStore options must be an object', { field: 'options' });
  }
  const o = options as Record<string, unknown>;
  const prefix = o['prefix'] ?? 'paysig:nonce:';
  if (typeof prefix !== 'string' || prefix.length > 256) {
    throw new InvalidInputError('"prefix" must be a string of at most 256 characters', { field: 'prefix' });
  }
  // Number.isInteger is false for anything but a number, so the comparisons only see numbers.
  const timeoutMs = (o['timeoutMs'] ?? 2000) as number;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMER_MS) {
    throw new InvalidInputError(`"timeoutMs" must be an integer from 1 to ${MAX_TIMER_MS}`, { field: 'timeoutMs' });
  }
  const assumeNoEviction = o['assumeNoEviction'] ?? false;
  if (typeof assumeNoEviction !== 'boolean') {
    throw new InvalidInputError('"assumeNoEviction" must be a boolean', { field: 'assumeNoEviction' });
  }
  const buckets = o['buckets'] as number | undefined;
  if (buckets !== undefined && (!Number.isInteger(buckets) || buckets < 1 || buckets > 16384)) {
    throw new InvalidInputError('"buckets" must be an integer from 1 to 16384', { field: 'buckets' });
  }
  if (buckets !== undefined && buckets > 1 && hasHashTag(prefix)) {
    throw new InvalidInputError(
      '"buckets" above 1 puts a hash tag per bucket in every key, so the prefix must not hold one (drop the {...} from it)',
      { field: 'prefix' },
    );
  }
  return { prefix, flavor: o['flavor'] as RedisClientFlavor | undefined, timeoutMs, assumeNoEviction, buckets };
}

/**
 * `prefix + 'n:' +` the first 32 hex digits of SHA-1 over the UTF-8 JSON text
 * `[consumerKey, nonce, timestamp]`. Every verifier sharing the Redis computes the same key, and
 * its size does not depend on the request. SHA-1 through the crypto seam (node:crypto where
 * installed): what matters is that nobody can aim at a key someone else's request will use (second
 * preimage), which SHA-1 still resists; known SHA-1 collisions need both inputs to be the
 * attacker's own, and a collision could only make a fresh request be refused. @internal
 */
export async function nonceKey(prefix: string, consumerKey: string, nonce: string, timestamp: number): Promise<string> {
  return prefix + 'n:' + (await sha1Hex(JSON.stringify([consumerKey, nonce, timestamp]))).slice(0, 32);
}

/**
 * The bucket of a consumer (merchant): the first 32 bits of SHA-1 over its UTF-8 JSON text, modulo
 * the number of buckets; 0 with one bucket. Every verifier puts a merchant in the same bucket. @internal
 */
export async function bucketOf(consumerKey: string, buckets: number): Promise<number> {
  if (buckets === 1) return 0;
  return Number.parseInt((await sha1Hex(JSON.stringify(consumerKey))).slice(0, 8), 16) % buckets;
}

/** The part of every key of a bucket before `n:` / `marker`: the prefix, plus `{b}` with buckets. @internal */
export function bucketPrefix(prefix: string, buckets: number, bucket: number): string {
  return buckets === 1 ? prefix : `${prefix}{${bucket}}`;
}
