// The runtime legs of the conformance suite. Each leg runs the same vector engine
// (vectors/engine/) in one runtime, with `paysig` imported by package name, and
// reports { name, version, backend, resolved, passed, failed, ok, ms, output }.
import { closeSync, existsSync, mkdirSync, openSync, readSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run, tally } from './process.mjs';
import { bundle } from './bundle.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TMP = join(ROOT, 'test', '.tmp');
const BIN = join(ROOT, 'node_modules', '.bin');
const ENTRY = join('test', 'runtimes', 'node-entry.mjs');
const LEG_TIMEOUT_MS = 180_000;

function firstLine(s) {
  return (s.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim();
}

async function version(cmd, args) {
  const r = await run(cmd, args, { cwd: ROOT, timeoutMs: 30_000 });
  return r.code === 0 ? firstLine(r.stdout) : `? (${firstLine(r.stderr) || 'no output'})`;
}

/** Turns a finished child process into a leg result. */
function outcome(name, ver, r, extra = {}) {
  const t = tally(r.stdout);
  // The entries print `backend <name> via <resolved file>` before the tally.
  const m = /^backend (\S+) via (\S+)$/m.exec(r.stdout);
  const ok = !r.timedOut && r.code === 0 && t !== undefined && t.failed === 0 && t.passed > 0;
  let problem = '';
  if (r.timedOut) problem = 'timed out';
  else if (t === undefined) problem = 'no "N passed, M failed" last line';
  else if (t.passed === 0) problem = '0 tests ran';
  else if (r.code !== 0) problem = `exit code ${r.code ?? r.signal}`;
  return {
    name,
    version: ver,
    backend: m?.[1] ?? extra.backend ?? '?',
    resolved: extra.resolved ?? m?.[2] ?? '?',
    passed: t?.passed ?? 0,
    failed: t?.failed ?? 0,
    ok,
    problem,
    ms: r.ms,
    output: r.stdout + (r.stderr ? `\n[stderr]\n${r.stderr}` : ''),
  };
}

/** Node (any binary): node <entry> node */
export async function nodeLeg(nodeBin = process.execPath, name = 'node', entry = ENTRY, cwd = ROOT) {
  const ver = await version(nodeBin, ['--version']);
  const r = await run(nodeBin, [entry, 'node'], { cwd, timeoutMs: LEG_TIMEOUT_MS });
  return outcome(name, ver, r);
}

/** Deno: deno run --cached-only --no-prompt --allow-read=<repo> <entry> node (no network) */
export async function denoLeg(name = 'deno', entry = ENTRY, cwd = ROOT) {
  const deno = join(BIN, 'deno');
  const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(TMP, 'deno-dir'), NO_COLOR: '1' };
  const ver = (await version(deno, ['--version'])).replace(/ \(.*$/, '');
  const r = await run(deno, ['run', '--cached-only', '--no-prompt', `--allow-read=${ROOT}`, entry, 'node'], {
    cwd,
    env,
    timeoutMs: LEG_TIMEOUT_MS,
  });
  return outcome(name, ver, r);
}

/** True when the file starts like an executable (ELF, Mach-O or PE), not like bun's text placeholder. */
function isBinary(path) {
  if (!existsSync(path)) return false;
  const head = Buffer.alloc(4);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  const magic = head.readUInt32BE(0);
  return (
    magic === 0x7f454c46 || // ELF
    [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic) || // Mach-O
    head.subarray(0, 2).toString('latin1') === 'MZ' // PE
  );
}

/**
 * The Bun binary to run. The `bun` npm package ships a text placeholder as its bin, which its
 * postinstall replaces by the binary of the platform package (`@oven/bun-linux-x64`, ...) that
 * npm installed as an optional dependency. When npm ran no install scripts (`npm ci
 * --ignore-scripts`, or a policy that blocks them) the placeholder stays: then the platform
 * package's binary, which npm did install, is used directly (node_modules is left as it is), and
 * `note` says so. `path` is undefined when neither is there; `note` then says what to do.
 * @param {string} root the checkout (its node_modules)
 * @returns {{ path: string | undefined, note: string }}
 */
export function bunBinary(root = ROOT) {
  const linked = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun');
  if (isBinary(linked)) return { path: linked, note: '' };
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const arch = process.arch === 'arm64' ? 'aarch64' : process.arch;
  const exe = process.platform === 'win32' ? 'bun.exe' : 'bun';
  for (const variant of ['', '-baseline', '-musl', '-musl-baseline']) {
    const candidate = join(root, 'node_modules', '@oven', `bun-${os}-${arch}${variant}`, 'bin', exe);
    if (isBinary(candidate)) {
      return {
        path: candidate,
        note: `node_modules/.bin/bun is the bun package's placeholder (npm ran no install scripts, e.g. npm ci --ignore-scripts): using ${candidate.slice(root.length).replace(/^[\\/]/, '')} directly`,
      };
    }
  }
  return {
    path: undefined,
    note: "no Bun binary: node_modules/.bin/bun is the bun package's placeholder (npm ran no install scripts) and no @oven/bun-* platform package is installed; run `npm rebuild bun` (or `npm ci` without --ignore-scripts)",
  };
}

/** Bun: bun --no-install <entry> node */
export async function bunLeg(name = 'bun', entry = ENTRY, cwd = ROOT) {
  const { path: bun, note } = bunBinary();
  if (note !== '') console.log(`bun: ${note}`);
  if (bun === undefined) {
    return {
      name,
      version: '?',
      backend: '?',
      resolved: '?',
      passed: 0,
      failed: 1,
      ok: false,
      problem: note,
      ms: 0,
      output: note,
    };
  }
  const env = { ...process.env, NO_COLOR: '1', DO_NOT_TRACK: '1' };
  const ver = 'bun ' + (await version(bun, ['--version']));
  const r = await run(bun, ['--no-install', entry, 'node'], { cwd, env, timeoutMs: LEG_TIMEOUT_MS });
  return outcome(name, ver, r);
}

/** The suite's own check that it can fail: test/conformance/self-check.mjs on this Node. */
export async function selfCheckLeg() {
  const r = await run(process.execPath, [join('test', 'conformance', 'self-check.mjs')], {
    cwd: ROOT,
    timeoutMs: LEG_TIMEOUT_MS,
  });
  return outcome('suite self-check', process.version, r, { backend: 'node', resolved: 'mutants of dist/index.js' });
}

/**
 * The package as users get it: `npm pack`, unpacked into test/.tmp/consumer/node_modules/paysig
 * (a consumer project whose package.json depends on it), and the entry run from the consumer on
 * Node, Deno and Bun. This catches files missing from the tarball ("files" in package.json).
 */
export async function packedLegs() {
  const packDir = join(TMP, 'pack');
  const consumer = join(TMP, 'consumer');
  const fail = (problem, output = '') =>
    ['node', 'deno', 'bun'].map((rt) => ({
      name: `${rt} (npm pack)`,
      version: '?',
      backend: '?',
      resolved: '?',
      passed: 0,
      failed: 0,
      ok: false,
      problem,
      ms: 0,
      output,
    }));
  rmSync(packDir, { recursive: true, force: true });
  rmSync(consumer, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const p = await run(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
    cwd: ROOT,
    timeoutMs: 120_000,
  });
  let tgz;
  try {
    tgz = JSON.parse(p.stdout.slice(p.stdout.indexOf('[')))[0].filename;
  } catch {
    return fail(`npm pack failed (exit ${p.code})`, p.stdout + p.stderr);
  }
  const pkgDir = join(consumer, 'node_modules', 'paysig');
  mkdirSync(pkgDir, { recursive: true });
  const x = await run('tar', ['-xzf', join(packDir, tgz), '-C', pkgDir, '--strip-components=1'], {
    cwd: ROOT,
    timeoutMs: 60_000,
  });
  if (x.code !== 0) return fail(`tar failed (exit ${x.code})`, x.stderr);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify(
      {
        name: 'paysig-consumer',
        private: true,
        type: 'module',
        dependencies: { paysig: `file:../pack/${tgz}` },
      },
      null,
      2,
    ) + '\n',
  );
  const mainUrl = pathToFileURL(join(ROOT, 'test', 'runtimes', 'main.mjs')).href;
  writeFileSync(
    join(consumer, 'entry.mjs'),
    `// Generated by test/runtimes/legs.mjs: a consumer importing the packed paysig by name.
import process from 'node:process';
import * as lib from 'paysig';
import { main } from ${JSON.stringify(mainUrl)};

await main(lib, import.meta.resolve('paysig'), process.argv[2] ?? 'node');
`,
  );
  return [
    await nodeLeg(process.execPath, 'node (npm pack)', 'entry.mjs', consumer),
    await denoLeg('deno (npm pack)', 'entry.mjs', consumer),
    await bunLeg('bun (npm pack)', 'entry.mjs', consumer),
  ];
}

let workerBundle;
/** Bundles the worker once (esbuild, conditions workerd/worker/browser, fixtures embedded). */
async function workerdBundle() {
  if (workerBundle === undefined) {
    const dir = join(TMP, 'workerd');
    mkdirSync(dir, { recursive: true });
    const { resolvedPaysig } = await bundle({
      entry: join('test', 'runtimes', 'worker-entry.mjs'),
      outfile: join(dir, 'worker.js'),
      conditions: ['workerd', 'worker', 'browser'],
      platform: 'neutral',
    });
    workerBundle = { dir, resolved: resolvedPaysig.join('+') || '?' };
  }
  return workerBundle;
}

/** workerd: `workerd test` of the bundled worker, with the given compatibility flags. */
export async function workerdLeg(flags) {
  const name = flags.length === 0 ? 'workerd' : `workerd ${flags.join(',')}`;
  let b;
  try {
    b = await workerdBundle();
  } catch (e) {
    return {
      name,
      version: '?',
      backend: '?',
      resolved: '?',
      passed: 0,
      failed: 0,
      ok: false,
      problem: `bundle failed: ${e.message}`,
      ms: 0,
      output: String(e.stack),
    };
  }
  const tag = flags.length === 0 ? 'plain' : flags.join('-');
  const config = join(b.dir, `config-${tag}.capnp`);
  writeFileSync(
    config,
    `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .conformance) ],
);

const conformance :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = [${flags.map((f) => JSON.stringify(f)).join(', ')}],
);
`,
  );
  const workerd = join(BIN, 'workerd');
  const ver = 'workerd ' + (await version(workerd, ['--version'])).replace(/^workerd\s*/, '');
  const r = await run(workerd, ['test', config], { cwd: b.dir, timeoutMs: LEG_TIMEOUT_MS });
  return outcome(name, ver, r, { backend: 'web', resolved: b.resolved });
}

/** Prints the legs as a table. */
export function table(results, print = console.log) {
  const rows = [['leg', 'version', 'backend', 'paysig entry', 'passed', 'failed', 'time', 'result']];
  for (const r of results) {
    const rel = r.resolved.startsWith('file://')
      ? fileURLToPath(r.resolved)
          .replace(ROOT, '')
          .replace(/^test\/\.tmp\/consumer\//, '')
      : r.resolved;
    rows.push([
      r.name,
      r.version,
      r.backend,
      rel,
      String(r.passed),
      String(r.failed),
      `${(r.ms / 1000).toFixed(1)}s`,
      r.ok ? 'ok' : `FAIL ${r.problem}`,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const [i, row] of rows.entries()) {
    print(
      row
        .map((c, j) => c.padEnd(widths[j]))
        .join('  ')
        .trimEnd(),
    );
    if (i === 0) print(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/** Prints the failures of failed legs, then the table, then the total as the last line. */
export function finish(results, print = console.log) {
  for (const r of results) {
    if (r.ok) continue;
    print(`--- ${r.name} failed (${r.problem}); its output, last 40 lines:`);
    print(r.output.split(/\r?\n/).slice(-40).join('\n'));
  }
  print('');
  table(results, print);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failedLegs = results.filter((r) => !r.ok).length;
  // A leg that failed without a tally (crash, timeout, 0 tests) still counts as one failure.
  const failed = results.reduce((n, r) => n + (r.ok ? 0 : Math.max(r.failed, 1)), 0);
  print(`${passed} passed, ${failed} failed`);
  return failedLegs === 0 && results.length > 0;
}
