#!/usr/bin/env node
// npm run test:interop: the conformance kit against the third-party OAuth 1.0a libraries of
// interop/libraries.mjs, each through its adapter behind interop/front.mjs.
//
//   node interop/run.mjs [--only id,id] [--out DIR] [--jobs N] [--docs] [--provision-only]
//                        [--adapter id=FILE]...
//
// 1. Finds each library (npm: in node_modules; Debian: its runtime can load it). Missing Debian
//    packages are installed with apt-get when running as root on Debian (one printed line says
//    so); otherwise, or with PAYSIG_PROVISION=off, one line names what to install and it exits 1.
//    --provision-only stops here, npm packages unchecked (for CI's system-tools step, before npm ci).
// 2. Runs `paysig conformance` (dist/cli/main.js: run `npm run build` first) on the table's
//    topics, seed 1, for each library, N at a time (default 2).
// 3. Writes DIR (default reports/interop/): <id>.json (the kit's whole report), results.json
//    (every library's cases, outcome and timing) and table.md (the block of docs/conformance.md);
//    --docs also writes that block into docs/conformance.md (all libraries only).
// --adapter id=FILE runs that library with another adapter file (a patched one, or a broken one in
// test/interop.test.ts); it cannot be combined with --docs.
// Mismatches never fail it. It exits 1 when an adapter breaks: a crash, a hang, a protocol
// problem, a case not run, or a kit report that cannot be read.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CAUSES } from './causes.mjs';
import { COLUMNS, LIBRARIES } from './libraries.mjs';
import { renderBlock } from './table.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const DOC = join(ROOT, 'docs/conformance.md');
export const BEGIN = '<!-- interop table: written by npm run test:interop -- --docs -->';
export const END = '<!-- end of the interop table -->';

const { values: opt } = parseArgs({
  options: {
    only: { type: 'string' },
    out: { type: 'string', default: join(ROOT, 'reports/interop') },
    jobs: { type: 'string', default: '2' },
    docs: { type: 'boolean', default: false },
    'provision-only': { type: 'boolean', default: false },
    adapter: { type: 'string', multiple: true, default: [] },
  },
});
const wanted = opt.only ? opt.only.split(',').map((s) => s.trim()) : LIBRARIES.map((l) => l.id);
const unknown = wanted.filter((id) => !LIBRARIES.some((l) => l.id === id));
if (unknown.length > 0) fail(`unknown library ${unknown.join(', ')} (known: ${LIBRARIES.map((l) => l.id).join(', ')})`);
if (opt.docs && opt.only) fail('--docs writes the whole table: run it without --only');
const replaced = new Map(
  opt.adapter.map((a) => {
    const at = a.indexOf('=');
    if (at < 1) fail(`--adapter wants id=FILE, not ${JSON.stringify(a)}`);
    return [a.slice(0, at), resolve(a.slice(at + 1))];
  }),
);
for (const id of replaced.keys()) if (!wanted.includes(id)) fail(`--adapter ${id}=...: not a library of this run`);
if (opt.docs && replaced.size > 0) fail('--docs writes the table of the committed adapters: drop --adapter');
const libs = LIBRARIES.filter((l) => wanted.includes(l.id)).map((l) =>
  replaced.has(l.id) ? { ...l, adapter: replaced.get(l.id) } : l,
);

function fail(message) {
  console.error(`interop: ${message}`);
  process.exit(1);
}

// 1. Find, and install what is missing.
const executables = (name) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .filter((p) => {
      try {
        accessSync(p, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
const ok = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 30_000 }).status === 0;
const LOADS = {
  python3: (m) => ['-c', `import ${m}`],
  ruby: (m) => ['-e', `require "${m}"`],
  php: (m) => ['-r', `exit(extension_loaded("${m}") ? 0 : 1);`],
};
const requireHere = createRequire(join(ROOT, 'package.json'));

/** The interpreter that can load the library, or undefined. */
function locate(lib) {
  if (lib.runtime === 'node') {
    try {
      requireHere.resolve(`${lib.package}/package.json`);
      return process.execPath;
    } catch {
      return undefined;
    }
  }
  const given = lib.runtime === 'python3' && process.env.PAYSIG_PYTHON ? [process.env.PAYSIG_PYTHON] : [];
  return [...given, ...executables(lib.runtime)].find((exe) => ok(exe, LOADS[lib.runtime](lib.module)));
}

let found = new Map(libs.map((l) => [l.id, locate(l)]));
const missingNpm = libs.filter((l) => l.runtime === 'node' && !found.get(l.id));
if (missingNpm.length > 0 && !opt['provision-only'])
  fail(`npm packages missing: ${missingNpm.map((l) => l.package).join(' ')}; run npm ci`);
const debs = [...new Set(libs.filter((l) => l.runtime !== 'node' && !found.get(l.id)).flatMap((l) => l.debian))];
if (debs.length > 0) {
  const root = process.getuid?.() === 0;
  const apt = executables('apt-get').length > 0;
  if (!root || !apt || process.env.PAYSIG_PROVISION === 'off')
    fail(`libraries missing; install with ${root ? '' : 'sudo '}apt-get install -y ${debs.join(' ')}`);
  console.log(`interop: libraries missing; installing ${debs.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const a of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...debs],
  ]) {
    const r = spawnSync('apt-get', a, { env, encoding: 'utf8' });
    if (r.status !== 0)
      fail(
        `apt-get ${a[0]} failed (exit ${r.status}):\n${`${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-5).join('\n')}`,
      );
  }
  found = new Map(libs.map((l) => [l.id, locate(l)]));
  const still = libs.filter((l) => l.runtime !== 'node' && !found.get(l.id));
  if (still.length > 0) fail(`still missing after apt-get: ${still.map((l) => l.package).join(' ')}`);
}

if (opt['provision-only']) {
  console.log(
    `interop: the Debian packages of ${libs.filter((l) => l.runtime !== 'node').length} libraries are installed`,
  );
  process.exit(0);
}
if (!existsSync(CLI)) fail('dist/cli/main.js is missing: run `npm run build` first (npm run test:interop does)');

/** The library's version as installed: npm's package.json, or Debian's package version. */
function version(lib) {
  if (lib.registry === 'npm')
    return JSON.parse(readFileSync(requireHere.resolve(`${lib.package}/package.json`), 'utf8')).version;
  const r = spawnSync('dpkg-query', ['-W', `-f=${'$'}{Version}`, lib.package], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

// 2. Run the kit, `jobs` libraries at a time.
const q = (s) => JSON.stringify(s);
const TOPICS = COLUMNS.map(([t]) => t).join(',');

function runOne(lib) {
  const adapter = [process.execPath, join(ROOT, 'interop/front.mjs'), found.get(lib.id), resolve(ROOT, lib.adapter)]
    .map(q)
    .join(' ');
  const started = process.hrtime.bigint();
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [CLI, 'conformance', '--adapter', adapter, '--topics', TOPICS, '--seed', '1', '--json'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let report;
      try {
        report = JSON.parse(out);
      } catch {
        done({ lib, seconds, broken: [`the kit's report could not be read (exit ${code}): ${err.slice(-500)}`] });
        return;
      }
      const broken = [...report.problems];
      const notRun = report.cases.filter((c) => c.status === 'not-run');
      if (notRun.length > 0)
        broken.push(`${notRun.length} cases not run, first ${notRun[0].topic}/${notRun[0].id}: ${notRun[0].reason}`);
      if (code !== 0 && code !== 1) broken.push(`the kit exited ${code}`);
      done({ lib, seconds, report, broken });
    });
  });
}

const started = Date.now();
const results = [];
const queue = [...libs];
await Promise.all(
  Array.from({ length: Math.max(1, Number(opt.jobs)) }, async () => {
    for (let lib = queue.shift(); lib !== undefined; lib = queue.shift()) {
      const r = await runOne(lib);
      results.push(r);
      const t = r.report?.topics.reduce(
        (a, x) => ({ pass: a.pass + x.pass, fail: a.fail + x.fail, skip: a.skip + x.skip }),
        { pass: 0, fail: 0, skip: 0 },
      );
      console.log(
        `interop: ${lib.id}: ${r.broken.length > 0 ? 'BROKEN' : `${t.pass} passed, ${t.fail} failed, ${t.skip} skipped`} (${r.seconds.toFixed(1)} s)`,
      );
    }
  }),
);
results.sort((a, b) => libs.indexOf(a.lib) - libs.indexOf(b.lib));

// 3. Write the results and the table.
mkdirSync(opt.out, { recursive: true });
const summary = results.map(({ lib, seconds, report, broken }) => {
  if (report) writeFileSync(join(opt.out, `${lib.id}.json`), `${JSON.stringify(report, null, 2)}\n`);
  return {
    ...lib,
    version: version(lib),
    seconds: Math.round(seconds * 10) / 10,
    broken,
    cases: (report?.cases ?? []).map((c) => ({
      topic: c.topic,
      id: c.id,
      status: c.status,
      severity: c.severity,
      negative: c.negative,
      reason: c.reason,
    })),
  };
});
const { block, unexplained } = renderBlock(summary, CAUSES);
writeFileSync(join(opt.out, 'results.json'), `${JSON.stringify({ libraries: summary, unexplained }, null, 2)}\n`);
writeFileSync(join(opt.out, 'table.md'), `${block}\n`);
if (opt.docs) {
  const doc = readFileSync(DOC, 'utf8');
  const at = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  if (at < 0 || to < at) fail(`docs/conformance.md lacks the markers ${BEGIN} ... ${END}`);
  writeFileSync(DOC, `${doc.slice(0, at + BEGIN.length)}\n${block}\n${doc.slice(to)}`);
  console.log('interop: docs/conformance.md table written');
}
for (const u of unexplained) console.log(`interop: no cause written for ${u} (interop/causes.mjs)`);
const broken = summary.filter((s) => s.broken.length > 0);
for (const b of broken) console.error(`interop: ${b.id} BROKE:\n  ${b.broken.join('\n  ')}`);
console.log(
  `interop: ${summary.length} libraries in ${((Date.now() - started) / 1000).toFixed(1)} s; results in ${opt.out}`,
);
process.exit(broken.length > 0 ? 1 : 0);
