// Runtime entry for Node (also run by Deno and Bun): imports paysig BY PACKAGE NAME, so the
// package's "exports" map, and its "imports" map that picks the crypto backend by the `node`
// condition (`deno`/`bun` on those runtimes), are what is tested, not a source path. From inside
// the repository the name resolves by self-reference.
//   node test/runtimes/node-entry.mjs [expectBackend]     (default: node)
import process from 'node:process';
import * as lib from 'paysig';
import { main } from './main.mjs';

await main(lib, import.meta.resolve('paysig'), process.argv[2] ?? 'node');
