/**
 * The crypto seam's entry: which backend is in use. Modules call `backend()` at the moment they
 * need it, so the `node` entry point can install the node:crypto backend before any call.
 *
 * @module
 */
import type { CryptoBackend } from './backend.js';
import { webBackend } from './web.js';

export type { CryptoBackend, KeyHandle } from './backend.js';

let current: CryptoBackend = webBackend;

/** The backend in use. */
export function backend(): CryptoBackend {
  return current;
}

/** Installs a backend (the `node` entry point and the tests do this). Internal. */
export function setBackend(next: CryptoBackend): void {
  current = next;
}
