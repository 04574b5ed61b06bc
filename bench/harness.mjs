// A small benchmark harness: warm-up, batch-size calibration, then timed batches run round-robin
// across the cases of a group (so a burst of load from elsewhere hits every case alike), and the
// median ns/op per case. Runs unchanged on Node, Deno and Bun.
import process from 'node:process';

/** The command line of a bench script: `flag(name)` is given, `value(name, fallback)` the word after it. */
export function commandLine(args = process.argv.slice(2)) {
  const value = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  return { args, flag: (name) => args.includes(name), value };
}

/** Timing settings: full run and `--quick` smoke run. */
export const MODES = {
  full: { warmupMs: 200, batchMs: 25, caseMs: 700, minRounds: 7, maxRounds: 400 },
  quick: { warmupMs: 20, batchMs: 5, caseMs: 60, minRounds: 3, maxRounds: 50 },
};

const now = () => performance.now();

let gc;
/** A full garbage collection between groups, where the runtime allows one (Node, Bun). */
export async function collectGarbage() {
  if (gc === undefined) gc = globalThis.Bun ? () => globalThis.Bun.gc(true) : globalThis.Deno ? null : await nodeGc();
  gc?.();
}

/** Node's gc(), exposed at run time; null where that is refused. */
async function nodeGc() {
  try {
    (await import('node:v8')).setFlagsFromString('--expose-gc');
    return (await import('node:vm')).runInNewContext('gc');
  } catch {
    return null;
  }
}

// One runner per case, compiled separately, so the JIT sees one callee per loop and no case
// pays for another's megamorphic call site.
function makeRunner(fn, isAsync) {
  const body = isAsync
    ? 'return async function run(n) { let s; for (let i = 0; i < n; i++) s = await fn(); return s; };'
    : 'return function run(n) { let s; for (let i = 0; i < n; i++) s = fn(); return s; };';
  return new Function('fn', body)(fn);
}

/**
 * CPU time of this process in ms (user + system), where the runtime reports it: unlike wall
 * time it does not count the time the process waits for a core, so on a machine shared with
 * other work it moves far less (used by the A/B runs, `cpuClock` in the mode).
 */
const cpuNow = globalThis.process?.cpuUsage
  ? () => {
      const u = globalThis.process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : now;

async function timeBatch(run, n, clock = now) {
  const t0 = clock();
  await run(n);
  return clock() - t0;
}

/** The median (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Measures the cases of one group. `cases`: [{ name, fn }], fn sync or async (detected from its
 * first result). Returns [{ name, nsPerOp, opsPerSec, batches, opsPerBatch, minNs, maxNs, samples }]
 * (samples: ns/op of each round's batch, in round order, for paired comparisons).
 */
export async function measure(cases, mode) {
  const prepared = [];
  for (const c of cases) {
    const first = c.fn();
    const isAsync = first !== null && typeof first === 'object' && typeof first.then === 'function';
    if (isAsync) await first;
    const run = makeRunner(c.fn, isAsync);
    // Warm-up: let the JIT settle on this case.
    const t0 = now();
    let n = 1;
    while (now() - t0 < mode.warmupMs) {
      await run(n);
      if (n < 1 << 20) n *= 2;
    }
    // Calibrate: smallest power of two whose batch takes at least batchMs.
    n = 1;
    for (;;) {
      const t = await timeBatch(run, n);
      if (t >= mode.batchMs || n >= 1 << 26) break;
      n = t > 0 ? Math.max(n * 2, Math.min(n * 64, Math.ceil((n * mode.batchMs) / t))) : n * 64;
    }
    prepared.push({ name: c.name, run, n, samples: [], spent: 0 });
  }
  for (let round = 0; round < mode.maxRounds; round++) {
    for (const p of prepared) {
      // gcEachBatch: each batch starts on a collected heap, so no case pays for the garbage of
      // the case before it (the A/B runs: a sync reference that allocates much, then an async case).
      if (mode.gcEachBatch) await collectGarbage();
      const t = await timeBatch(p.run, p.n, mode.cpuClock ? cpuNow : now);
      p.samples.push((t * 1e6) / p.n);
      p.spent += t;
    }
    if (round + 1 >= mode.minRounds && prepared.every((p) => p.spent >= mode.caseMs)) break;
  }
  return prepared.map((p) => {
    const ns = median(p.samples);
    return {
      name: p.name,
      nsPerOp: ns,
      opsPerSec: 1e9 / ns,
      batches: p.samples.length,
      opsPerBatch: p.n,
      minNs: Math.min(...p.samples),
      maxNs: Math.max(...p.samples),
      samples: p.samples,
    };
  });
}

/** `1,234,567` */
export function fmtInt(x) {
  return Math.round(x).toLocaleString('en-US');
}

/** ns/op in a readable unit: `812ns`, `3.41us`, `1.52ms`. */
export function fmtTime(ns) {
  if (ns < 1e3) return `${ns.toFixed(ns < 100 ? 1 : 0)}ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(ns < 1e4 ? 2 : 1)}us`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(ns < 1e7 ? 2 : 1)}ms`;
  return `${(ns / 1e9).toFixed(2)}s`;
}
