#!/usr/bin/env node
// Start-up cost of importing paysig's Node entry, as a whole process: `node -e "import('paysig')"`
// against `node -e "import('node:path')"` (the empty baseline still pays the ESM loader), runs
// interleaved so load from elsewhere hits both alike; the figure is the ratio of the medians.
// Usage: node bench/startup.mjs [--runs 30] [--json]. Needs a built dist/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { commandLine, median } from './harness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { flag, value } = commandLine();
const runs = Number(value('--runs', 30));
const STARTUP_GOAL = 1.15;

const CASES = {
  empty: "import('node:path')",
  paysig: "import('paysig').then((m) => { if (typeof m.control !== 'function') process.exit(3); })",
};

function once(code) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`child exited with ${r.status}: node -e ${JSON.stringify(code)}`);
  return ms;
}

/** Medians (ms) of each case and their ratio over `n` interleaved runs (after 2 warm-ups each). */
function startup(n = runs) {
  for (let i = 0; i < 2; i++) for (const c of Object.values(CASES)) once(c);
  const times = { empty: [], paysig: [] };
  for (let i = 0; i < n; i++) {
    const order = i % 2 ? ['empty', 'paysig'] : ['paysig', 'empty'];
    for (const k of order) times[k].push(once(CASES[k]));
  }
  const empty = median(times.empty);
  const paysig = median(times.paysig);
  return { runs: n, emptyMs: empty, paysigMs: paysig, ratio: paysig / empty, goal: STARTUP_GOAL };
}

const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
const r = startup();
if (flag('--json')) console.log(JSON.stringify({ ...r, load }));
else {
  console.log(`startup, ${r.runs} interleaved runs each, median (load ${load}):`);
  console.log(`  empty script    ${r.emptyMs.toFixed(1)} ms`);
  console.log(`  import paysig   ${r.paysigMs.toFixed(1)} ms`);
  console.log(`  ratio           ${r.ratio.toFixed(2)}x (goal <= ${r.goal}: ${r.ratio <= r.goal ? 'met' : 'not met'})`);
}
