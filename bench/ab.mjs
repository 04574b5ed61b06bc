#!/usr/bin/env node
// A/B: this checkout's build (B, dist/) against the build of a git ref (A), in one process, the
// two run alternately round by round next to the plain reference pipeline. Usage (after a build
// of this checkout, which `npm run bench:ab` does first):
//   node bench/ab.mjs [--ref <git-ref>] [--quick] [--only <text>] [--repeat N] [--keep]
//                     [--fail-above X] [--json <file>]
// --ref: the build to compare against (default: bench/baseline.json's ref, the last release).
//   It is checked out with `git worktree add --detach` under the OS temp directory, this
//   checkout's node_modules linked in, and built with its own `npm run build`; the worktree is
//   removed at the end unless --keep (then a later run with the same commit reuses the build).
// --quick: the CI setting (shorter batches, fewer rounds: about a minute with the build).
// --repeat: run every row N times, A and B in swapped order each time (default 3).
// --fail-above: exit 1 when a row's B/A ratio of ratios is above X (default: baseline.json's
//   threshold, set above the A/A noise measured on the shared machine; see bench/README.md).
//   0 turns the check off. A row above baseline.json's `warn` is flagged without failing.
// Each row prints the reference's time, A's and B's ratio to it (median over rounds), and the
// ratio of ratios B/A: the median over rounds of (B/ref)/(A/ref) taken within one round, so a
// burst of load from elsewhere hits the three alike. Above 1.00, B is slower than A.
//
//   node bench/ab.mjs --instructions [--op verify|sign] [--payout "intl 16"] [--calls N] [--ref <git-ref>]
// Instead of time, instructions per call counted by valgrind (callgrind) for signOAuth / verifyOAuth
// HMAC-SHA1 on a payout of fixtures.mjs, A and B: a figure a loaded machine does not move the way
// it moves time. Each build runs in a child process under callgrind twice, with the same warm-up
// (30,000 calls, so the JIT has settled) and then 0 or N more calls (default 10,000); the difference
// divided by N is one call, GC and all. Repeats of one build agree within about 3%: read a smaller
// difference as none. Needs valgrind on PATH (Debian: apt-get install valgrind); exits 2 without it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectGarbage, commandLine, fmtTime, measure, median } from './harness.mjs';
import {
  CONSUMER_KEY,
  CONTROL_CONCAT,
  CONTROL_FIELDS,
  CONTROL_KEY,
  NOW,
  PAYOUT_URL,
  PAYOUTS,
  manyParams,
  payoutRequest,
  signedSaleAndPayout,
} from './fixtures.mjs';
import { noopNonceStore } from './groups/nonce.mjs';
import { baseString, plainVerify, percentEncode as rfc3986, signOAuth, verifyOAuth } from './reference.mjs';
import { createHash } from 'node:crypto';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const { args, flag, value } = commandLine();

const baseline = JSON.parse(readFileSync(join(here, 'baseline.json'), 'utf8'));
const refArg = value('--ref') ?? baseline.ref;
const quick = flag('--quick');
const repeat = Number(value('--repeat') ?? 3);
const failAbove = Number(value('--fail-above') ?? baseline.threshold);
const warnAbove = Number(baseline.warn ?? 0);
const only = value('--only');
const MODE = quick
  ? { warmupMs: 60, batchMs: 8, caseMs: 200, minRounds: 15, maxRounds: 200, gcEachBatch: true, cpuClock: true }
  : { warmupMs: 200, batchMs: 20, caseMs: 1200, minRounds: 31, maxRounds: 600, gcEachBatch: true, cpuClock: true };

const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();

/** The module `import('paysig')` gives Node in the tree at `dir` (its package.json's exports). */
function entryOf(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const dot = pkg.exports?.['.'];
  const rel = (typeof dot === 'object' && (dot.node ?? dot.default)) || './dist/index.js';
  return pathToFileURL(join(dir, rel)).href;
}

/** The build in the tree at `dir`: its main entry, and `node` (paysig/node) when it has one. */
async function load(dir) {
  const node = join(dir, 'dist', 'node', 'index.js');
  return {
    ...(await import(entryOf(dir))),
    node: existsSync(node) ? await import(pathToFileURL(node).href) : undefined,
  };
}

/**
 * The HMAC-SHA1 inputs of a payout's `params`: the signOAuth request, its reference signing, and
 * the signed request with the options verifyOAuth takes.
 */
function payoutInputs(params) {
  const request = payoutRequest(params);
  const signed = signOAuth(request);
  const incoming = { method: 'POST', url: PAYOUT_URL, params, authorization: signed.authorization };
  const secrets = new Map([[CONSUMER_KEY, { consumerSecret: CONTROL_KEY }]]);
  const options = { credentials: (k) => secrets.get(k), now: NOW, nonceStore: noopNonceStore() };
  return { request, signed, incoming, options };
}

// --count-child <entry dir> <op> <payout> <calls>: the process callgrind counts (--instructions).
if (args[0] === '--count-child') {
  const lib = await import(entryOf(args[1]));
  const { request, incoming, options } = payoutInputs(PAYOUTS[args[3]]);
  const fn = args[2] === 'verify' ? () => lib.verifyOAuth(incoming, options) : () => lib.signOAuth(request);
  for (let i = 0; i < 30_000 + Number(args[4]); i++) await fn();
  process.exit(0);
}

/** Instructions of a whole child process (callgrind's total). */
function countInstructions(dir, op, payout, calls) {
  const me = fileURLToPath(import.meta.url);
  const a = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, me, '--count-child'];
  const r = spawnSync('valgrind', [...a, dir, op, payout, String(calls)], { encoding: 'utf8' });
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error(`callgrind run failed:\n${r.stderr.slice(-2000)}`);
  return Number(m[1]);
}

/** --instructions: instructions per call of each build (name -> tree), A and B (see the header). */
function instructions(builds) {
  const op = value('--op') ?? 'verify';
  const payout = value('--payout') ?? 'intl 16';
  const calls = Number(value('--calls') ?? 10_000);
  if (!['verify', 'sign'].includes(op) || PAYOUTS[payout] === undefined || !(calls > 0)) {
    console.error(`usage: --op verify|sign, --payout one of ${Object.keys(PAYOUTS).join(', ')}, --calls N > 0`);
    return 2;
  }
  console.log(`# ${op}OAuth HMAC-SHA1, payout "${payout}", ${calls} calls counted after 30,000 of warm-up`);
  const counts = Object.entries(builds).map(([name, dir]) => {
    const perCall = Math.round(
      (countInstructions(dir, op, payout, calls) - countInstructions(dir, op, payout, 0)) / calls,
    );
    console.log(`  ${name.padEnd(24)} ${perCall.toLocaleString('en-US').padStart(9)} instructions per call`);
    return perCall;
  });
  console.log(`  B/A ${(counts[1] / counts[0]).toFixed(3)}`);
  return 0;
}

/** Checks out and builds `ref` in a temporary worktree; returns its directory and a cleanup. */
function buildRef(ref) {
  let sha;
  try {
    sha = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    // A shallow CI clone may lack the commit: fetch it once.
    console.log(`# ${ref} is not in this clone: git fetch origin ${ref}`);
    git('fetch', '--quiet', 'origin', ref);
    sha = git('rev-parse', '--verify', `${ref}^{commit}`);
  }
  const dir = join(os.tmpdir(), `paysig-ab-${sha.slice(0, 12)}`);
  const marker = join(dir, '.ab-built');
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git('worktree', 'prune');
    }
  };
  if (!existsSync(marker)) {
    if (existsSync(dir)) remove();
    console.log(`# building ${ref} (${sha.slice(0, 12)}) in ${dir}`);
    git('worktree', 'add', '--detach', dir, sha);
    if (!existsSync(join(dir, 'node_modules'))) {
      symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'), 'dir');
    }
    try {
      execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      // A commit whose build reports errors may still have emitted a usable dist/ (tsc emits
      // despite type errors); the import below fails if it did not.
      console.log(`# npm run build failed in ${dir}:\n${String(e.stdout ?? '').slice(0, 2000)}`);
    }
    writeFileSync(marker, `${sha}\n`);
  } else console.log(`# reusing the build of ${ref} (${sha.slice(0, 12)}) in ${dir}`);
  return { sha, dir, cleanup: flag('--keep') ? () => {} : remove };
}

/** A case whose output is its own check. */
const selfChecked = (fn) => ({ fn, check: fn });

/**
 * The rows: each a reference function, the expected output, and for a library the function to
 * time and the check of its output (null when that build lacks the API).
 */
async function rows(libB) {
  const out = [];
  for (const [label, params] of Object.entries(PAYOUTS)) {
    const { request: req, signed: ref, incoming: vreq, options } = payoutInputs(params);
    out.push({
      id: `sign HMAC ${label}`,
      note: `${params.length} fields, ${ref.baseString.length} B base string`,
      ref: () => signOAuth(req),
      expected: ref.signature,
      lib: (lib) =>
        lib.signOAuth && { fn: () => lib.signOAuth(req), check: async () => (await lib.signOAuth(req)).signature },
    });
    out.push({
      id: `verify HMAC ${label}`,
      note: `${params.length} fields`,
      ref: () => verifyOAuth(vreq, { consumerSecret: CONTROL_KEY, now: NOW }),
      expected: CONSUMER_KEY,
      lib: (lib) =>
        lib.verifyOAuth && {
          fn: () => lib.verifyOAuth(vreq, options),
          check: async () => (await lib.verifyOAuth(vreq, options)).consumerKey,
        },
    });
  }
  out.push({
    id: 'control C-B',
    note: 'published example',
    ref: () => createHash('sha1').update(CONTROL_CONCAT).digest('hex'),
    expected: createHash('sha1').update(CONTROL_CONCAT).digest('hex'),
    lib: (lib) => lib.control && selfChecked(() => lib.control('C-B', CONTROL_FIELDS, CONTROL_KEY)),
  });
  for (const n of [10, 1000]) {
    const params = manyParams(n, n);
    const req = { method: 'POST', url: PAYOUT_URL, params };
    out.push({
      id: `base string n=${n}`,
      note: 'mixed values',
      ref: () => baseString(req).baseString,
      expected: baseString(req).baseString,
      lib: (lib) => lib.signatureBaseString && selfChecked(() => lib.signatureBaseString(req)),
    });
  }
  const short = 'john.smith@gmail.com';
  out.push({
    id: 'percent short ASCII',
    note: `${short.length} characters`,
    ref: () => rfc3986(short),
    expected: rfc3986(short),
    lib: (lib) => lib.percentEncode && selfChecked(() => lib.percentEncode(short)),
  });
  // paysig/node verifyIncoming of the control sale, body given as bytes (no socket)
  const [sale] = await signedSaleAndPayout(libB, 'http://127.0.0.1:8080/paynet');
  const u = new URL(sale.url);
  const headers = { host: u.host };
  for (const [k, v] of Object.entries(sale.headers)) headers[k.toLowerCase()] = v;
  const plain = { url: sale.url, path: u.pathname, headers, body: sale.body };
  const req = { method: 'POST', url: u.pathname + u.search, headers, on() {}, removeListener() {}, socket: {} };
  const options = {
    basePath: '/paynet',
    credentials: () => ({ controlKey: CONTROL_KEY }),
    body: Buffer.from(sale.body),
  };
  out.push({
    id: 'verifyIncoming sale',
    note: 'paysig/node, control C-B, body as bytes',
    ref: () => plainVerify(plain, { controlKey: CONTROL_KEY, now: NOW }),
    expected: 'sale',
    lib: (lib) =>
      lib.node?.verifyIncoming && {
        fn: () => lib.node.verifyIncoming(req, options),
        check: async () => (await lib.node.verifyIncoming(req, options)).operationId,
      },
  });
  return out.filter((r) => only === undefined || r.id.includes(only));
}

async function gate(row, name, c) {
  if (!c) return `${name} lacks this API`;
  try {
    const got = await c.check();
    return got === row.expected ? null : `${name} gives ${String(got).slice(0, 40)}, want ${row.expected}`;
  } catch (e) {
    return `${name} threw ${e?.message ?? e}`;
  }
}

if (flag('--instructions') && spawnSync('valgrind', ['--version']).error !== undefined) {
  console.error('--instructions needs valgrind on PATH: install it (Debian: apt-get install valgrind)');
  process.exit(2);
}
const built = buildRef(refArg);
let exit = 0;
/** Measures one row: every repeat alternates A and B after the reference; pooled medians. */
async function measureRow(row, a, b) {
  const refCase = { name: 'reference', fn: row.ref };
  const perRepeat = [];
  const allRor = [];
  const rA = [];
  const rB = [];
  const refNs = [];
  for (let k = 0; k < repeat; k++) {
    // Swap the order of A and B every repeat, so neither always runs right after the reference.
    const cases =
      k % 2 === 0
        ? [refCase, { name: 'A', ...a }, { name: 'B', ...b }]
        : [refCase, { name: 'B', ...b }, { name: 'A', ...a }];
    const m = await measure(cases, MODE);
    const by = Object.fromEntries(m.map((x) => [x.name, x.samples]));
    const rounds = by.reference.length;
    const ror = [];
    for (let i = 0; i < rounds; i++) {
      const ra = by.A[i] / by.reference[i];
      const rb = by.B[i] / by.reference[i];
      rA.push(ra);
      rB.push(rb);
      ror.push(rb / ra);
    }
    refNs.push(...by.reference);
    perRepeat.push(median(ror));
    allRor.push(...ror);
    await collectGarbage();
  }
  // Pooled over every round of every repeat: one odd repeat moves it little.
  return { ratioA: median(rA), ratioB: median(rB), ror: median(allRor), perRepeat, refNs };
}

if (flag('--instructions')) {
  try {
    process.exitCode = instructions({ [`A ${refArg}`]: built.dir, 'B this checkout': root });
  } finally {
    built.cleanup();
  }
  process.exit();
}

try {
  const libA = await load(built.dir);
  const libB = await load(root);
  const head = (() => {
    try {
      return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--', 'src') ? '+changes' : '');
    } catch {
      return 'working tree';
    }
  })();
  const loadAvg = os.loadavg().map((x) => x.toFixed(2));
  console.log(
    `# A = ${refArg} (${built.sha.slice(0, 12)}), B = this checkout (${head}); node ${process.versions.node}, ` +
      `${os.cpus().length} cores, load ${loadAvg.join(' ')}; ${quick ? 'quick' : 'full'} timing, ${repeat} repeat(s)`,
  );
  const results = [];
  const table = ['| row | reference | A ratio | B ratio | B/A | B/A per repeat | |', '|---|--:|--:|--:|--:|---|---|'];
  for (const row of await rows(libB)) {
    const a = row.lib(libA);
    const b = row.lib(libB);
    const fault = (await gate(row, 'A', a)) ?? (await gate(row, 'B', b));
    if (fault !== null) {
      console.log(`  ${row.id}: skipped (${fault})`);
      if (fault.startsWith('B')) exit = 1; // this checkout giving a wrong answer is a bug
      results.push({ id: row.id, skipped: fault });
      continue;
    }
    let { ratioA, ratioB, ror, perRepeat, refNs } = await measureRow(row, a, b);
    if (failAbove > 0 && ror > failAbove) {
      // One noisy row must not fail a run: measure it again, and fail only when it is slow twice.
      console.log(`  ${row.id}: B/A ${ror.toFixed(3)} is above ${failAbove}; measuring it again to confirm`);
      ({ ratioA, ratioB, ror, perRepeat, refNs } = await measureRow(row, a, b));
    }
    const bad = failAbove > 0 && ror > failAbove;
    if (bad) exit = 1;
    const rec = {
      id: row.id,
      note: row.note,
      referenceNs: +median(refNs).toPrecision(4),
      ratioA: +ratioA.toFixed(3),
      ratioB: +ratioB.toFixed(3),
      ratioOfRatios: +ror.toFixed(3),
      perRepeat: perRepeat.map((x) => +x.toFixed(3)),
    };
    results.push(rec);
    const verdict = bad
      ? `REGRESSION (above ${failAbove})`
      : warnAbove > 0 && ror > warnAbove
        ? `slower (above ${warnAbove}: rerun on a quiet machine)`
        : '';
    console.log(
      `  ${row.id.padEnd(22)} ref ${fmtTime(rec.referenceNs).padStart(8)}  A ${ratioA.toFixed(2)}x  B ${ratioB.toFixed(2)}x  B/A ${ror.toFixed(3)}  [${rec.perRepeat.join(', ')}] ${verdict}`,
    );
    table.push(
      `| ${row.id} (${row.note}) | ${fmtTime(rec.referenceNs)} | ${ratioA.toFixed(2)} | ${ratioB.toFixed(2)} | ${ror.toFixed(3)} | ${rec.perRepeat.join(', ')} | ${verdict} |`,
    );
  }
  console.log(`\n${table.join('\n')}\n`);
  console.log(
    failAbove > 0
      ? `# ${exit ? 'FAILED' : 'passed'}: a row fails above B/A ${failAbove} (the A/A noise, bench/README.md)`
      : '# no threshold (--fail-above 0): report only',
  );
  const json = value('--json');
  if (json) writeFileSync(json, `${JSON.stringify({ ref: refArg, sha: built.sha, head, results }, null, 2)}\n`);
} finally {
  built.cleanup();
}
process.exitCode = exit;
