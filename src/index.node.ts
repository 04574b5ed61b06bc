/**
 * The `node` export condition's entry point: the whole paysig API, on the node:crypto backend.
 *
 * @packageDocumentation
 */
import { setBackend } from './crypto/index.js';
import { nodeBackend } from './crypto/node.js';

setBackend(nodeBackend);

export * from './index.js';
