// Child process for the WebCrypto backend: imports only dist/index.js (never the node entry,
// which would install the node:crypto backend for the whole process), runs the web groups and
// writes their records to the file named by --out.
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { MODES } from './harness.mjs';
import { runGroups } from './runner.mjs';
import webGroups from './groups/web.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const distAt = args.indexOf('--dist');
const entry = distAt >= 0 ? pathToFileURL(`${args[distAt + 1]}/index.js`).href : new URL('../dist/index.js', import.meta.url).href;
const lib = await import(entry);
if (lib.cryptoBackendName() !== 'web') throw new Error(`expected the web backend, got ${lib.cryptoBackendName()}`);
const mode = args.includes('--quick') ? MODES.quick : MODES.full;
console.log(`\n# WebCrypto backend (separate process, ${entry.replace(/^file:\/\//, '')})`);
const groups = await runGroups(await webGroups(lib), mode);
if (outAt >= 0) writeFileSync(args[outAt + 1], JSON.stringify(groups));
