/**
 * Validation of {@link RedisNonceStoreOptions}, and the fixed-size Redis key of a triple.
 *
 * @module
 * @internal
 */
import { InvalidInputError } from '../errors.js';
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
  const timeoutMs = o['timeoutMs'] ?? 2000;
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMER_MS) {
    throw new InvalidInputError(`"timeoutMs" must be an integer from 1 to ${MAX_TIMER_MS}`, { field: 'timeoutMs' });
  }
  const assumeNoEviction = o['assumeNoEviction'] ?? false;
  if (typeof assumeNoEviction !== 'boolean') {
    throw new InvalidInputError('"assumeNoEviction" must be a boolean', { field: 'assumeNoEviction' });
  }
  return { prefix, flavor: o['flavor'] as RedisClientFlavor | undefined, timeoutMs, assumeNoEviction };
}

const utf8 = new TextEncoder();

/**
 * `prefix + 'n:' +` the first 16 bytes, in hex, of SHA-256 over the UTF-8 JSON text
 * `[consumerKey, nonce, timestamp]`. Every verifier sharing the Redis computes the same key, and
 * its size does not depend on the request. @internal
 */
export async function nonceKey(prefix: string, consumerKey: string, nonce: string, timestamp: number): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8.encode(JSON.stringify([consumerKey, nonce, timestamp]))));
  let hex = '';
  for (let i = 0; i < 16; i++) hex += digest[i]!.toString(16).padStart(2, '0');
  return prefix + 'n:' + hex;
}
