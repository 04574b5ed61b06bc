// `npm run test:examples`: runs every example in examples/ as a user would (paysig imported by
// package name, resolved by self-reference to dist/). Each receiving server starts on a free
// loopback port and gets the requests of checks.mjs; each signer's printed request is checked
// independently (node:crypto) and by a paysig verifier; the callback receiver gets a valid and a
// tampered callback; the merchant's test suite runs against the test gateway. Time-bounded per example; every process is killed as a group at the end.
// Prints one line per check and, last, `N passed, M failed`. `node test/examples/run.mjs bun deno`
// runs some examples. Needs a built dist/ (`npm run build`).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createVerifier } from 'paysig';
import { credentials } from '../../examples/merchant.mjs';
import { callbackCases, judge, serverCases, signers, toRequest } from './checks.mjs';
import { freePort, runToEnd, start, waitForHttp } from './processes.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');
const START_MS = 60_000; // to answer HTTP after start (Deno and Bun are slow to start under load)
const LIMIT_MS = 120_000; // whole life of one example process
const REQUEST_MS = 15_000;

const node = (file) => () => [process.execPath, [file]];
const denoEnv = { DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(ROOT, 'test', '.tmp', 'deno-dir'), NO_COLOR: '1' };

/** Receiving servers: name -> how to start one on `port`. */
const servers = {
  'node-http': node('examples/node-http/server.mjs'),
  express: node('examples/express/server.mjs'),
  fastify: node('examples/fastify/server.mjs'),
  koa: node('examples/koa/server.mjs'),
  hono: node('examples/hono/server.mjs'),
  deno: () => [
    join(BIN, 'deno'),
    ['run', '--cached-only', '--no-prompt', '--allow-net=127.0.0.1', '--allow-env=PORT', 'examples/deno/server.ts'],
    denoEnv,
  ],
  bun: () => [join(BIN, 'bun'), ['--no-install', 'examples/bun/server.ts'], { DO_NOT_TRACK: '1', NO_COLOR: '1' }],
  workers: async (port) => {
    // What the README says (bundle with esbuild for workerd, then `workerd serve` the config), in
    // test/.tmp so that no build output is left in examples/.
    const dir = join(ROOT, 'test', '.tmp', 'examples-workers');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(ROOT, 'examples', 'workers', 'config.capnp'), join(dir, 'config.capnp'));
    await build({
      entryPoints: ['examples/workers/worker.mjs'],
      outfile: join(dir, 'dist', 'worker.js'),
      absWorkingDir: ROOT,
      bundle: true,
      format: 'esm',
      conditions: ['workerd', 'worker', 'browser'],
      logLevel: 'silent',
    });
    return [join(BIN, 'workerd'), ['serve', join(dir, 'config.capnp'), '--socket-addr', `http=127.0.0.1:${port}`]];
  },
};

const results = [];
function record(name, problem) {
  results.push({ name, ok: problem === '' });
  console.log(`${problem === '' ? 'ok  ' : 'FAIL'} ${name}${problem === '' ? '' : `: ${problem}`}`);
}

/** Starts an example, runs `body(baseUrl)`, stops it; a failure to start counts as one failure. */
async function withServer(name, launch, body) {
  const port = await freePort();
  let proc;
  try {
    const [cmd, args, env = {}] = await launch(port);
    proc = start(cmd, args, { cwd: ROOT, env: { ...env, PORT: String(port) }, limitMs: LIMIT_MS });
    await waitForHttp(port, proc, START_MS);
    await body(`http://127.0.0.1:${port}`);
  } catch (e) {
    record(`${name}: runs`, `${e.message}\n${proc?.output().slice(-2000) ?? ''}`);
  } finally {
    await proc?.stop();
  }
}

async function send(request) {
  return fetch(request, { signal: AbortSignal.timeout(REQUEST_MS) });
}

async function runServer(name) {
  const file =
    { deno: 'examples/deno/server.ts', bun: 'examples/bun/server.ts', workers: 'examples/workers/worker.mjs' }[name] ??
    `examples/${name}/server.mjs`;
  if (!existsSync(join(ROOT, file))) return record(`${name}: exists`, `${file} is missing`);
  await withServer(name, servers[name], async (baseUrl) => {
    for (const c of await serverCases(`${baseUrl}/paynet`))
      record(`${name}: ${c.name} -> ${c.status}`, await judge(c, await send(c.request)));
  });
}

async function runCallback() {
  await withServer('callback', node('examples/callback/server.mjs'), async (baseUrl) => {
    for (const c of callbackCases(baseUrl)) {
      const response = await send(new Request(c.url));
      const text = await response.text();
      record(
        `callback: ${c.name} -> ${c.status}`,
        response.status === c.status && text === c.body
          ? ''
          : `${response.status} ${text.slice(0, 200)}, expected ${c.status} ${c.body}`,
      );
    }
  });
}

async function runSigner(s) {
  const r = await runToEnd(process.execPath, [join('examples', 'signers', s.file)], { cwd: ROOT, limitMs: LIMIT_MS });
  if (r.code !== 0) return record(`signer ${s.name}`, `exit ${r.code}: ${r.stderr.slice(-2000)}`);
  try {
    const { req, request } = toRequest(r.stdout);
    record(`signer ${s.name}: independent check`, s.check(req));
    // One verifier per signer: each has its own nonce store, as a server would.
    const verified = await createVerifier({ basePath: '/paynet', credentials }).verify(request);
    record(`signer ${s.name}: verifier.verify`, verified.operation === undefined ? 'no operation' : '');
  } catch (e) {
    record(`signer ${s.name}`, `${e.code ?? ''} ${e.message}`);
  }
}

async function runMerchantTests() {
  // A merchant's own test suite (node:test) against the test gateway of paysig/testing.
  const r = await runToEnd(process.execPath, ['--test', 'examples/merchant-tests/'], { cwd: ROOT, limitMs: LIMIT_MS });
  const pass = Number(/^# pass (\d+)$/m.exec(r.stdout)?.[1] ?? 0);
  const fail = Number(/^# fail (\d+)$/m.exec(r.stdout)?.[1] ?? 1);
  record(
    `merchant-tests: node --test (${pass} passed, ${fail} failed)`,
    r.code === 0 && pass >= 2 && fail === 0 ? '' : `exit ${r.code}: ${(r.stdout + r.stderr).slice(-2000)}`,
  );
}

if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
  console.log('examples: dist/ is not built; run `npm run build` first');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
for (const name of Object.keys(servers)) if (wanted(name)) await runServer(name);
if (wanted('callback')) await runCallback();
for (const s of signers) if (wanted('signers') || wanted(`signer-${s.name}`)) await runSigner(s);
if (wanted('merchant-tests')) await runMerchantTests();

const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 && results.length > 0 ? 0 : 1;
