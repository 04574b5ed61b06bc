// Child process for the WebCrypto backend, started by run.mjs with --conditions=paysig-webcrypto
// (so the package's `#crypto` import resolves to dist/crypto/web.js): runs the web groups and
// writes their records to the file named by --out.
//   node --conditions=paysig-webcrypto bench/web.mjs [--quick] [--out file] [--dist dir]
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { MODES } from './harness.mjs';
import { runGroups } from './runner.mjs';
import webGroups from './groups/web.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const distAt = args.indexOf('--dist');
const entry =
  distAt >= 0 ? pathToFileURL(`${args[distAt + 1]}/index.js`).href : new URL('../dist/index.js', import.meta.url).href;
const lib = await import(entry);
if (lib.cryptoBackendName() !== 'web') {
  throw new Error(`expected the web backend, got ${lib.cryptoBackendName()}: run with --conditions=paysig-webcrypto`);
}
const mode = args.includes('--quick') ? MODES.quick : MODES.full;
console.log(
  `\n# WebCrypto backend (separate process, --conditions=paysig-webcrypto, ${entry.replace(/^file:\/\//, '')})`,
);
const groups = await runGroups(await webGroups(lib), mode);
if (outAt >= 0) writeFileSync(args[outAt + 1], JSON.stringify(groups));
