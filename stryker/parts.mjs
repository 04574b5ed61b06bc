// The parts that together score all of src/ but the CLI, run one after another, then checked:
//   node stryker/parts.mjs                 every part, then `node stryker/check.mjs`
//   node stryker/parts.mjs keys diagnose   only these parts, then the check of their reports
// Each part writes reports/mutation/<name>.json and keeps its own incremental file
// (reports/mutation/incremental/<name>.json, not committed), so a rerun on the same machine tests
// again only the mutants whose code or covering tests changed. A part marked `split` (the slow
// stores-redis) is run one file at a time, `<name>-<file>` each with its own report and
// incremental file, and its report is their union: an interrupted run keeps the files it finished,
// and the survivors of the first files can be read while the others run.
// See docs/contributing/mutation.md.
// test/mutation.test.ts checks that every mutated file of src/ is in exactly one part.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOT_MUTATED } from '../stryker.config.mjs';

/**
 * name -> the files it mutates (folders as `src/<folder>/**`, or single files), the crypto backend
 * its tests run on, and whether it is run one file at a time (`split`).
 */
export const PARTS = {
  encoding: { files: ['src/encoding/**'] },
  control: { files: ['src/schemes/control/**'] },
  'oauth-parse': {
    files: [
      'src/schemes/oauth/header.ts',
      'src/schemes/oauth/url.ts',
      'src/schemes/oauth/base-string.ts',
      'src/schemes/oauth/protocol.ts',
      'src/schemes/oauth/body.ts',
    ],
  },
  'oauth-sign': { files: ['src/schemes/oauth/sign.ts', 'src/schemes/oauth/hmac-key.ts'] },
  'oauth-verify': {
    files: ['src/schemes/oauth/verify.ts', 'src/schemes/oauth/verify-keys.ts', 'src/schemes/oauth/request.ts'],
  },
  'stores-memory': { files: ['src/stores/memory/**'] },
  'stores-redis': { files: ['src/stores/redis/**'], split: true },
  keys: { files: ['src/keys/**'] },
  crypto: {
    files: ['src/crypto/node.ts', 'src/crypto/name.ts', 'src/crypto/key-like.ts'],
  },
  'crypto-web': { files: ['src/crypto/web.ts'], backend: 'web' },
  catalog: { files: ['src/catalog/**'] },
  diagnose: { files: ['src/diagnose/**'] },
  operations: { files: ['src/request/**'] },
  node: { files: ['src/node/**'] },
  verifier: { files: ['src/verifier/**'] },
  schemes: { files: ['src/schemes/index.ts', 'src/schemes/need.ts', 'src/schemes/types.ts'] },
  errors: { files: ['src/errors/**'] },
  cache: { files: ['src/cache/**'] },
  hmac: { files: ['src/hmac/**'] },
  testing: { files: ['src/testing/**'] },
};

/** Whether `file` (a path from the project root) is one of a part's `files`. */
export function inPart(files, file) {
  return files.some((f) => (f.endsWith('/**') ? file.startsWith(f.slice(0, -2)) : f === file));
}

const root = new URL('..', import.meta.url);
const skipped = (file) =>
  file.endsWith('.test.ts') ||
  NOT_MUTATED.some((g) => (g.endsWith('/**') ? file.startsWith(g.slice(0, -2)) : g === file));

/** The mutated files of a part (paths from the project root), sorted. */
export function partFiles(name) {
  return readdirSync(new URL('src', root), { recursive: true })
    .map((f) => `src/${f.replaceAll('\\', '/')}`)
    .filter((f) => f.endsWith('.ts') && !skipped(f) && inPart(PARTS[name].files, f))
    .sort();
}

/** The SHA-256 of the mutated files of a part (paths and contents): what a published run was made from. */
export function sourceHash(name) {
  const hash = createHash('sha256');
  for (const f of partFiles(name)) hash.update(`${f}\0${readFileSync(new URL(f, root), 'utf8')}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** The parts whose published run (`stryker/published.json`) is missing or was made from other code. */
export function staleParts(published, hashOf = sourceHash) {
  return Object.keys(PARTS).filter((name) => published[name]?.source !== hashOf(name));
}

/**
 * One report from the reports of a split part's runs: the first one's fields, with the `files` of
 * all; a file in two reports is refused (each run mutates its own file).
 */
export function unionOf(reports) {
  const files = {};
  for (const r of reports) {
    for (const [file, result] of Object.entries(r.files)) {
      if (Object.hasOwn(files, file)) throw new Error(`${file} is in two reports of one split part`);
      files[file] = result;
    }
  }
  const { testFiles: _, ...first } = reports[0];
  return { ...first, files };
}

/**
 * Writes reports/mutation/<name>.json, the union of the `files` of the runs' reports (what
 * stryker/check.mjs reads; each run's test ids are its own, so `testFiles` is left out).
 */
function union(name, runs) {
  const reports = runs.map((run) => JSON.parse(readFileSync(new URL(`reports/mutation/${run}.json`, root), 'utf8')));
  writeFileSync(new URL(`reports/mutation/${name}.json`, root), JSON.stringify(unionOf(reports)));
  console.log(`== ${name}: reports/mutation/${name}.json, the union of ${runs.join(', ')}`);
}

/** Stryker's globs for a part: a folder's TypeScript files, or the files named. */
const globs = (files) => files.map((f) => (f.endsWith('/**') ? `${f}/*.ts` : f)).join(',');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  for (const name of names)
    if (!(name in PARTS)) throw new Error(`no part "${name}"; parts: ${Object.keys(PARTS).join(', ')}`);
  const chosen = names.length > 0 ? names : Object.keys(PARTS);
  for (const name of chosen) {
    const { files, backend = 'node', split = false } = PARTS[name];
    const runs = split ? partFiles(name).map((f) => [`${name}-${basename(f, '.ts')}`, f]) : [[name, globs(files)]];
    for (const [run, glob] of runs) {
      console.log(`== ${run} (${glob}, ${backend} backend)`);
      const env = { ...process.env, STRYKER_FILES: glob, STRYKER_PART: run, STRYKER_BACKEND: backend };
      const done = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env });
      if (done.status !== 0) process.exit(done.status ?? 1);
    }
    if (split)
      union(
        name,
        runs.map((r) => r[0]),
      );
  }
  const reports = chosen.map((name) => `reports/mutation/${name}.json`);
  const check = spawnSync(process.execPath, [fileURLToPath(new URL('./check.mjs', import.meta.url)), ...reports], {
    stdio: 'inherit',
  });
  process.exit(check.status ?? 1);
}
