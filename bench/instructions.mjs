#!/usr/bin/env node
// Instructions per call, counted by valgrind (callgrind), for signOAuth / verifyOAuth HMAC-SHA1
// on a payout of fixtures.mjs: a figure that a loaded machine does not move the way it moves
// time. Each build runs in a child process under callgrind twice, with the same warm-up (30,000
// calls, so the JIT has settled) and then 0 or N more calls; the difference divided by N is the
// cost of one call, GC and all. Repeats of one build agree within about 3% (JIT and GC timing
// still vary); read a difference smaller than that as none.
//
//   node bench/instructions.mjs [--op verify|sign] [--payout "intl 16"] [--calls N]
//                               [--dist <dir>] [--ref <git-ref>]
// --dist: the build to count (default: this checkout's dist/, through its package.json `node`
//   export as `import('paysig')` would load it).
// --ref: also count that ref's build, built as `node bench/ab.mjs --ref <ref> --keep` leaves it
//   (run that first), and print B/A.
// Needs valgrind on PATH (Debian: apt-get install valgrind); says so and exits 2 without it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PAYOUTS } from './fixtures.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const args = process.argv.slice(2);
const value = (f, d) => (args.includes(f) ? args[args.indexOf(f) + 1] : d);

if (args[0] === '--child') {
  await child(args[1], args[2], args[3], Number(args[4]));
} else {
  await main();
}

/** The entry file of a package directory's `node` export of ".". */
function entryOf(pkgDir) {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const dot = pkg.exports['.'];
  return join(pkgDir, typeof dot === 'string' ? dot : (dot.node ?? dot.default));
}

async function main() {
  if (spawnSync('valgrind', ['--version']).error !== undefined) {
    console.error('bench/instructions.mjs needs valgrind on PATH: install it (Debian: apt-get install valgrind)');
    process.exit(2);
  }
  const op = value('--op', 'verify');
  const payout = value('--payout', 'intl 16');
  const calls = Number(value('--calls', '10000'));
  if (!['verify', 'sign'].includes(op) || PAYOUTS[payout] === undefined || !(calls > 0)) {
    console.error(`usage: --op verify|sign, --payout one of ${Object.keys(PAYOUTS).join(', ')}, --calls N > 0`);
    process.exit(2);
  }
  const builds = [];
  const ref = value('--ref');
  if (ref !== undefined) {
    const sha = execFileSync('git', ['rev-parse', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
    const dir = join(os.tmpdir(), `paysig-ab-${sha.slice(0, 12)}`);
    if (!existsSync(join(dir, 'dist'))) {
      console.error(`no build of ${ref} in ${dir}: run \`node bench/ab.mjs --ref ${ref} --keep --only percent\` first`);
      process.exit(2);
    }
    builds.push({ name: `A ${ref}`, entry: entryOf(dir) });
  }
  const dist = value('--dist');
  builds.push({ name: 'B this checkout', entry: dist === undefined ? entryOf(root) : join(resolve(dist), 'index.js') });
  console.log(`# ${op}OAuth HMAC-SHA1, payout "${payout}", ${calls} calls counted after 30,000 of warm-up`);
  const counts = [];
  for (const b of builds) {
    const zero = count(b.entry, op, payout, 0);
    const n = count(b.entry, op, payout, calls);
    const perCall = Math.round((n - zero) / calls);
    counts.push(perCall);
    console.log(`  ${b.name.padEnd(24)} ${perCall.toLocaleString('en-US').padStart(9)} instructions per call`);
  }
  if (counts.length === 2) console.log(`  B/A ${(counts[1] / counts[0]).toFixed(3)}`);
}

/** Instructions of a whole child process (callgrind's total). */
function count(entry, op, payout, calls) {
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      fileURLToPath(import.meta.url),
      '--child',
      entry,
      op,
      payout,
      String(calls),
    ],
    { encoding: 'utf8' },
  );
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error(`callgrind run failed:\n${r.stderr.slice(-2000)}`);
  return Number(m[1]);
}

async function child(entry, op, payout, calls) {
  const { CONSUMER_KEY, CONTROL_KEY, NOW, PAYOUT_URL, payoutRequest } = await import('./fixtures.mjs');
  const { noopNonceStore } = await import('./groups/nonce.mjs');
  const lib = await import(pathToFileURL(entry).href);
  const params = PAYOUTS[payout];
  const request = payoutRequest(params);
  const signed = await lib.signOAuth(request);
  const incoming = { method: 'POST', url: PAYOUT_URL, params, authorization: signed.authorization };
  const secrets = new Map([[CONSUMER_KEY, { consumerSecret: CONTROL_KEY }]]);
  const options = { credentials: (k) => secrets.get(k), now: NOW, nonceStore: noopNonceStore() };
  const fn = op === 'verify' ? () => lib.verifyOAuth(incoming, options) : () => lib.signOAuth(request);
  for (let i = 0; i < 30_000 + calls; i++) await fn();
}
