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
  return { prefix, flavor: o['flavor'] as RedisClientFlavor | undefined, timeoutMs, assumeNoEviction };
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
