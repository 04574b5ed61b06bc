#!/usr/bin/env node
// Publishes the TypeScript sources to JSR (`node scripts/jsr.mjs --dry-run` in CI, no flag for a
// release). JSR does not read package.json, so the `#crypto` subpath import that picks the crypto
// backend has no meaning there: this script stages src/ with jsr.json's name, version and exports
// in a deno.json whose import map points `#crypto` at the WebCrypto backend (it runs on every
// runtime JSR serves). The exports are package.json's entry points (scripts/entries.mjs), each
// pointing at its TypeScript source. The staging folder is test/.tmp/jsr; the repository itself has no deno.json,
// so the Deno test legs keep resolving `#crypto` through package.json.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entries } from './entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, 'test', '.tmp', 'jsr');
const jsr = JSON.parse(readFileSync(join(root, 'jsr.json'), 'utf8'));
const exports = Object.fromEntries(entries(root).map((e) => [e.subpath, `./${e.source}`]));

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
cpSync(join(root, 'src'), join(stage, 'src'), {
  recursive: true,
  filter: (p) => !p.endsWith('.test.ts') && !p.includes(`${join('src', 'cli')}`),
});
for (const f of ['README.md', 'LICENSE']) cpSync(join(root, f), join(stage, f));
writeFileSync(
  join(stage, 'deno.json'),
  `${JSON.stringify({ ...jsr, exports, imports: { '#crypto': './src/crypto/web.ts' } }, null, 2)}\n`,
);
const deno = join(root, 'node_modules', '.bin', 'deno');
const args = ['publish', '--allow-dirty', '--sloppy-imports', '--quiet', ...process.argv.slice(2)];
execFileSync(deno, args, { cwd: stage, stdio: 'inherit', env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } });
