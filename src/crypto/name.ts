import { backendName } from '#crypto';

/**
 * Which cryptography backend this copy of paysig uses: `'node'` (node:crypto) or `'web'`
 * (WebCrypto). The backend is fixed when the module graph is resolved, by the export conditions
 * of the runtime or bundler: `node`, `deno` and `bun` give node:crypto; browsers, workerd and
 * everything else give WebCrypto; `node --conditions=paysig-webcrypto` forces WebCrypto on Node.
 *
 * @example
 * ```ts
 * import { cryptoBackendName } from 'paysig';
 * console.log(cryptoBackendName()); // 'node' on Node, Deno and Bun; 'web' in a browser
 * ```
 */
export function cryptoBackendName(): 'web' | 'node' {
  return backendName();
}
