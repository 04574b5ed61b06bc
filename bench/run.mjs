#!/usr/bin/env node
// paysig benchmarks. Usage (after `npx tsc -p tsconfig.build.json`, or via `npm run bench`):
//   node bench/run.mjs [--quick] [--only <text>] [--runtime node|deno|bun] [--no-web] [--dist <dir>]
//                      [--no-isolate] [--publish]
// A full run writes bench/out/results.json and bench/out/results.md (untracked, never committed).
// --quick: a fast smoke run (short timings, fewer sizes); nothing is written.
// --only:  run the groups whose id contains <text>.
// --runtime: run the same benchmarks under Deno or Bun (binaries from node_modules/.bin).
// --dist <dir>: benchmark another build instead of dist/ (nothing is written).
// --no-isolate: run every node:crypto group family in this process instead of one process each.
// --publish: also refresh the figures in bench/README.md from this run (date, machine, command).
// Bundle sizes are `npm run size`'s (scripts/size.mjs), not measured here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeBetween } from '../scripts/markers.mjs';
import { commandLine, MODES } from './harness.mjs';
import { runGroups } from './runner.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const { args, flag, value } = commandLine();

const runtime = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node';
const runtimeVersion = globalThis.Deno?.version.deno ?? globalThis.Bun?.version ?? process.versions.node;

/** Rewrites the results section of README.md for every runtime of this run. */
async function updateReadme(all) {
  const readme = join(here, 'README.md');
  const { renderSummary } = await import('./markdown.mjs');
  for (const [name, run] of Object.entries(all.runtimes ?? {}))
    writeBetween(readme, `<!-- results:${name}:start -->`, `<!-- results:${name}:end -->`, renderSummary(run));
  console.log(`# updated ${readme}`);
}

/** Writes the tables of every runtime in `all` to `file` (an unpublished run). */
async function writeTables(all, file) {
  const { renderRun } = await import('./markdown.mjs');
  const parts = Object.entries(all.runtimes ?? {}).map(([name, run]) => `## ${name}\n\n${renderRun(run)}\n`);
  writeFileSync(
    file,
    `# paysig benchmarks (\`npm run bench -- --publish\` copies them into bench/README.md)\n\n${parts.join('\n')}`,
  );
  console.log(`# wrote ${file}`);
}

// --runtime: re-run this script under the wanted runtime and pass its exit code on.
const wanted = value('--runtime');
if (wanted !== undefined && wanted !== runtime) {
  if (!['node', 'deno', 'bun'].includes(wanted)) throw new Error(`--runtime must be node, deno or bun, not ${wanted}`);
  const bin = wanted === 'node' ? 'node' : join(root, 'node_modules', '.bin', wanted);
  const script = join(here, 'run.mjs');
  const r = spawnSync(bin, wanted === 'deno' ? ['run', '-A', script, ...args] : [script, ...args], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

// --dist <dir>: benchmark another build (e.g. a patched copy, to A/B a change); nothing is written.
const distDir = value('--dist') === undefined ? join(root, 'dist') : resolve(value('--dist'));
if (!existsSync(join(distDir, 'index.js'))) {
  console.error(`${distDir} has no index.js: run \`npx tsc -p tsconfig.build.json\` (or \`npm run bench\`) first`);
  process.exit(1);
}

const quick = flag('--quick');
const mode = quick ? MODES.quick : MODES.full;
const only = value('--only');

// The node:crypto group families (groups/<family>.mjs), light ones first. Each runs in a process of
// its own (unless --no-isolate), so no family's heap or JIT feedback changes another's numbers: in
// one process, verifyRequest measurably slowed percentEncode, and large inputs slowed control().
const FAMILIES = [
  'control',
  'sign-hmac',
  'verify-hmac',
  'rsa',
  'verify-request',
  'percent',
  'base-string',
  'header',
  'nonce',
];

/** The function that makes a family's groups (the default export of groups/<name>.mjs). */
const groupsOf = async (name) => (await import(`./groups/${name}.mjs`)).default;

/** Builds and runs the groups of the given families in this process. */
async function runFamilies(names, lib) {
  if (names[0] === 'web') {
    // the WebCrypto backend: a child started with --conditions=paysig-webcrypto (see below)
    if (lib.cryptoBackendName() !== 'web')
      throw new Error('expected the web backend: run with --conditions=paysig-webcrypto');
    console.log('\n# WebCrypto backend (separate process, --conditions=paysig-webcrypto)');
    return runGroups(await (await groupsOf('web'))(lib), mode);
  }
  const groups = [];
  for (const name of names) {
    const made = await (await groupsOf(name))(lib, { quick });
    for (const g of Array.isArray(made) ? made : [{ id: name, ...made }]) {
      if (only === undefined || g.id.includes(only)) groups.push(g);
    }
  }
  return runGroups(groups, mode);
}

const family = value('--family');
if (family !== undefined) {
  // Child process of an isolated run: one family, records to --out.
  const lib = await import(pathToFileURL(join(distDir, 'index.js')).href);
  const records = await runFamilies([family], lib);
  writeFileSync(value('--out'), JSON.stringify(records));
  process.exit(process.exitCode ?? 0);
}
const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGB: +(os.totalmem() / 2 ** 30).toFixed(1),
  platform: `${os.platform()} ${os.arch()}`,
  loadBefore: os.loadavg().map((x) => +x.toFixed(2)),
};
console.log(`# paysig benchmarks on ${runtime} ${runtimeVersion}${quick ? ' (quick)' : ''}`);
console.log(
  `# ${machine.cpu}, ${machine.cores} cores, load ${machine.loadBefore.join(' ')}, ${new Date().toISOString()}`,
);

// The reference pipeline itself is checked against oauthlib by the vector generator (oracle.py,
// every case of `npm run vectors`); the gate checks paysig against it here.
const lib = await import(pathToFileURL(join(distDir, 'index.js')).href);
if (lib.cryptoBackendName() !== 'node') {
  throw new Error(
    `expected the node:crypto backend, got ${lib.cryptoBackendName()}: drop --conditions=paysig-webcrypto`,
  );
}
console.log(`\n# node:crypto backend (${join(distDir, 'index.js')}, #crypto -> dist/crypto/node.js)`);

/**
 * Runs one family in a child process of this runtime, with extra resolution `conditions` (Node,
 * Deno and Bun all take `--conditions=`; `paysig-webcrypto` makes `#crypto` the WebCrypto
 * backend), and returns its records.
 */
function runChild(name, conditions = []) {
  const tmp = mkdtempSync(join(os.tmpdir(), 'paysig-bench-'));
  const out = join(tmp, `${name}.json`);
  const pass = [...(quick ? ['--quick'] : []), ...(only === undefined || name === 'web' ? [] : ['--only', only])];
  const flags = conditions.map((c) => `--conditions=${c}`);
  const script = [...flags, join(here, 'run.mjs'), '--family', name, '--out', out, '--dist', distDir, ...pass];
  const [cmd, cmdArgs] =
    runtime === 'deno' ? [globalThis.Deno.execPath(), ['run', '-A', ...script]] : [process.execPath, script];
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit' });
  const records = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : [];
  if (r.status !== 0 || !existsSync(out)) {
    console.log(`family ${name} failed (exit ${r.status})`);
    process.exitCode = 1;
  }
  rmSync(tmp, { recursive: true, force: true });
  return records;
}

const nodeResults = flag('--no-isolate')
  ? await runFamilies(FAMILIES, lib)
  : FAMILIES.flatMap((name) => runChild(name));

// The WebCrypto backend, in a separate process started with --conditions=paysig-webcrypto, the
// condition under which the package's `#crypto` import resolves to dist/crypto/web.js.
const webResults =
  !flag('--no-web') && (only === undefined || 'web'.includes(only) || only.startsWith('web'))
    ? runChild('web', ['paysig-webcrypto'])
    : [];

/** The paysig case's ns/op in each measured group whose id starts with `prefix`, by the group's size. */
const paysigBySize = (prefix) =>
  Object.fromEntries(
    nodeResults
      .filter((g) => g.id.startsWith(prefix) && g.cases?.some((x) => x.role === 'paysig'))
      .map((g) => [g.size, g.cases.find((x) => x.role === 'paysig').nsPerOp]),
  );

// Growth of the base string with the number of parameters.
const growth = paysigBySize('base string');
if (Object.keys(growth).length > 1) {
  console.log('\n== base string growth (paysig ns/op per parameter)');
  for (const [n, ns] of Object.entries(growth))
    console.log(`  n=${n.padEnd(6)} ${(ns / Number(n)).toFixed(1).padStart(8)} ns/param`);
  if (growth[1000] && growth[10000]) {
    const x = growth[10000] / growth[1000];
    growth.ratio10000to1000 = +x.toFixed(2);
    growth.met = x <= 11;
    console.log(`  10000 vs 1000: ${x.toFixed(2)}x  target <= 11x: ${x <= 11 ? 'met' : 'NOT met'}`);
  }
}

// Linearity of the header parser on a hostile header: 8 KiB against 1 KiB.
const hostile = paysigBySize('hostile header');
if (hostile[1024] && hostile[8192]) {
  const x = hostile[8192] / hostile[1024];
  growth.hostileHeader8kTo1k = +x.toFixed(2);
  console.log(
    `\n== hostile header, 8192 vs 1024 characters: ${x.toFixed(2)}x (linear is 8x; goal <= 12x: ${x <= 12 ? 'met' : 'NOT met'})`,
  );
}

// The end-to-end server benchmark (bench/e2e.mjs, also `npm run bench:e2e`), Node only; it writes
// its own results (bench/out/e2e.*, and with --publish the README table).
if (runtime === 'node' && value('--dist') === undefined && (only === undefined || 'e2e'.includes(only))) {
  const pass = ['--quick', '--publish'].filter(flag);
  const r = spawnSync(process.execPath, [join(here, 'e2e.mjs'), ...pass], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}

machine.loadAfter = os.loadavg().map((x) => +x.toFixed(2));
console.log(`\n# load after: ${machine.loadAfter.join(' ')}`);

if (!quick && only === undefined && value('--dist') === undefined) {
  const outDir = join(here, 'out');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'results.json');
  const all = { runtimes: {} };
  all.runtimes[runtime] = {
    runtime,
    version: runtimeVersion,
    date: new Date().toISOString(),
    machine,
    mode: 'full',
    backends: { node: nodeResults, web: webResults },
    baseStringGrowth: growth,
  };
  writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
  console.log(`# wrote ${file}`);
  await writeTables(all, join(outDir, 'results.md'));
  if (flag('--publish')) await updateReadme(all);
}
