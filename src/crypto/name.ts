import { backendName } from './index.js';

/**
 * Which cryptography backend this copy of paysig uses: `'node'` (node:crypto, chosen by the
 * package's `node` export condition on Node, Deno and Bun) or `'web'` (WebCrypto, everywhere
 * else).
 */
export function cryptoBackendName(): 'web' | 'node' {
  return backendName();
}
