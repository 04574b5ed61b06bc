/**
 * The long fuzz run: `npm run test:fuzz` (100 000 cases) or `npm run test:fuzz -- --long`
 * (1 000 000 cases), split over the targets by weight. Prints the seed first and a table of
 * outcomes by error code at the end; exits 1 on the first property failure, with the command
 * that replays it.
 *
 * Options: --long | --runs N (total cases) | --seed N | --target NAME (repeatable) |
 * --path P (with --seed and one --target: replay fast-check's shrunk counterexample).
 * The crypto backend is the one `#crypto` resolves to (node:crypto on Node); for WebCrypto run
 * `NODE_OPTIONS=--conditions=paysig-webcrypto npm run test:fuzz`.
 *
 * A watchdog thread kills the process if one case runs longer than PAYSIG_FUZZ_HANG_MS (default
 * 30 s): a synchronous infinite loop cannot be caught from inside, so it prints the target and
 * seed to replay instead.
 */
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { backendName } from '#crypto';
import { propertyOf, type Tally } from './harness.js';
import { allTargets } from './targets.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const total = Number(opt('--runs') ?? (args.includes('--long') ? 1_000_000 : 100_000));
const seed = Number(opt('--seed') ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0);
const path = opt('--path');
const only = args.flatMap((a, i) => (args[i - 1] === '--target' ? [a] : []));
const backend = backendName();

const targets = only.length > 0 ? allTargets.filter((t) => only.includes(t.name)) : allTargets;
if (targets.length === 0)
  throw new Error(`no target named ${only.join(', ')}; known: ${allTargets.map((t) => t.name).join(', ')}`);
const weights = targets.reduce((s, t) => s + t.weight, 0);

// Watchdog: the main thread bumps a counter before each case; the worker kills the process when
// it stops moving. The current target's index is kept alongside.
const shared = new Int32Array(new SharedArrayBuffer(8));
const hangMs = Number(process.env['PAYSIG_FUZZ_HANG_MS'] ?? 30_000);
const names = JSON.stringify(targets.map((t) => t.name));
const watchdog = new Worker(
  `const { workerData: w } = require('node:worker_threads'); const names = JSON.parse(w.names);
   let last = -1; setInterval(() => { const now = Atomics.load(w.shared, 0);
     if (now === last) { process.stderr.write('\\nfuzz: no progress for ' + w.hangMs + ' ms in target ' + names[Atomics.load(w.shared, 1)] + ' (seed ' + w.seed + '); replay: npm run test:fuzz -- --seed ' + w.seed + ' --target ' + names[Atomics.load(w.shared, 1)] + '\\n'); process.kill(process.pid, 'SIGKILL'); }
     last = now; }, w.hangMs).unref();`,
  { eval: true, workerData: { shared, hangMs, seed, names } },
);
watchdog.unref();

console.log(`paysig fuzz: seed ${seed}, ${total} cases over ${targets.length} targets, ${backend} backend`);
const tally: Tally = new Map();
const rows: Array<{ name: string; runs: number; ms: number }> = [];
const started = performance.now();
let failed = false;
for (const [i, t] of targets.entries()) {
  Atomics.store(shared, 1, i);
  const runs = Math.max(1, Math.round((total * t.weight) / weights));
  const t0 = performance.now();
  const prop = propertyOf(t, tally, () => void Atomics.add(shared, 0, 1));
  const result = await fc.check(prop, {
    numRuns: runs,
    seed,
    ...(path !== undefined ? { path, endOnFailure: true } : {}),
  });
  rows.push({ name: t.name, runs: result.numRuns, ms: performance.now() - t0 });
  process.stdout.write(
    `  ${t.name.padEnd(28)} ${String(result.numRuns).padStart(8)} cases ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s${result.failed ? '  FAILED' : ''}\n`,
  );
  if (result.failed) {
    failed = true;
    console.error(fc.defaultReportMessage(result));
    console.error(`error: ${String(result.errorInstance)}`);
    console.error(
      `\nreplay: npm run test:fuzz -- --seed ${result.seed} --target ${t.name} --path ${result.counterexamplePath}`,
    );
    break;
  }
}

// The table: one row per target, one column per outcome seen anywhere.
const codes = [...new Set([...tally.values()].flatMap((m) => [...m.keys()]))].sort((a, b) =>
  a === 'ok' ? -1 : b === 'ok' ? 1 : a.localeCompare(b),
);
const short = (c: string): string => c.replace(/^ERR_/, '');
const width = codes.map((c) => Math.max(short(c).length, 7));
console.log(
  `\n${'target'.padEnd(28)} ${'cases'.padStart(8)} ${'time s'.padStart(7)} ${codes.map((c, j) => short(c).padStart(width[j]!)).join(' ')}`,
);
for (const r of rows) {
  const m = tally.get(r.name) ?? new Map<string, number>();
  console.log(
    `${r.name.padEnd(28)} ${String(r.runs).padStart(8)} ${(r.ms / 1000).toFixed(1).padStart(7)} ${codes.map((c, j) => String(m.get(c) ?? 0).padStart(width[j]!)).join(' ')}`,
  );
}
const sum = (c: string): number => [...tally.values()].reduce((s, m) => s + (m.get(c) ?? 0), 0);
console.log(
  `${'total'.padEnd(28)} ${String(rows.reduce((s, r) => s + r.runs, 0)).padStart(8)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} ${codes.map((c, j) => String(sum(c)).padStart(width[j]!)).join(' ')}`,
);
console.log(`\nseed ${seed}: ${failed ? 'FAILED' : 'no property failure'}`);
process.exit(failed ? 1 : 0);
