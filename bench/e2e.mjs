#!/usr/bin/env node
// End to end: what a node:http server pays per verified request. Three servers, each in a child
// process on 127.0.0.1 (bench/e2e-server.mjs): the plain node:crypto check of
// tools/vectors/reference/server.mjs (the reference, 1.00), paysig's verifyRequest on a Fetch Request,
// and paysig/node's verifyIncoming. autocannon sends a fixed number of requests (with a time cap),
// and each server's own CPU time (process.cpuUsage, user + system) over the run is divided by the
// requests answered. Rounds interleave the servers so load from elsewhere hits them alike; the
// figure is the median round.
//
//   node bench/e2e.mjs [--quick] [--publish] [--dist <dir>] [--prof] [--modes a,b] [--scenario s] [--requests N] [--rounds N]
//   --quick    one short round (smoke run); writes nothing
//   --scenario sale|payout  only that scenario, writes nothing
//   --modes    only these servers (ids below; the references a ratio needs are added), writes nothing
//   --requests, --rounds  override the requests per run (warm-up: 30% of it) and the rounds; write nothing
//   --publish  also refresh the table in bench/README.md (a full run always writes bench/out/e2e.*)
//   --prof     start the servers with --cpu-prof (profiles in bench/out/prof/, for DevTools or any profile viewer);
//              --prof-interval <us> sets the sampling interval (default 1000)
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { signedSaleAndPayout } from './fixtures.mjs';
import { median } from './harness.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const value = (f) => (args.includes(f) ? args[args.indexOf(f) + 1] : undefined);
const distDir = value('--dist') === undefined ? join(here, '..', 'dist') : resolve(value('--dist'));
if (!existsSync(join(distDir, 'node', 'index.js'))) {
  console.error(`${distDir} has no node/index.js: run \`npm run build\` first`);
  process.exit(1);
}
const partial = ['--modes', '--requests', '--rounds', '--scenario'].some(flag);
const quick = flag('--quick') || partial;
const ROUNDS = value('--rounds') !== undefined ? Number(value('--rounds')) : flag('--quick') ? 1 : 3;
const REQUESTS = value('--requests') !== undefined ? Number(value('--requests')) : flag('--quick') ? 2_000 : 10_000;
const WARMUP = value('--requests') !== undefined ? Math.round(REQUESTS * 0.3) : flag('--quick') ? 500 : 3_000;
const CONNECTIONS = 8;
const CAP_SECONDS = flag('--quick') ? 20 : 60;

const ALL_MODES = [
  { id: 'reference', name: 'plain node:crypto server (reference)' },
  { id: 'minimal', name: 'minimal hand-written check (bench/e2e-minimal.mjs)' },
  { id: 'minimal-fetch', name: 'builds the Request, then the minimal check' },
  { id: 'fetch', name: 'paysig verifyRequest(Request)', target: 1.6, vs: 'minimal-fetch', targetVs: 2.0 },
  { id: 'node', name: 'paysig/node verifyIncoming', target: 1.3, vs: 'minimal', targetVs: 1.25 },
];
const wanted = value('--modes')?.split(',');
const MODES = ALL_MODES.filter(
  (m) =>
    wanted === undefined ||
    m.id === 'reference' ||
    wanted.includes(m.id) ||
    ALL_MODES.some((n) => wanted.includes(n.id) && n.vs === m.id),
);
const ALL_SCENARIOS = ['sale (control C-B)', 'payout (OAuth HMAC-SHA1, 16 fields)'];
const SCENARIOS = ALL_SCENARIOS.filter((s) => value('--scenario') === undefined || s.startsWith(value('--scenario')));

const lib = await import(pathToFileURL(join(distDir, 'index.js')).href);

/** The two signed requests for a server at `base` (the OAuth signature covers host and port). */
async function requestsFor(base) {
  const [sale, payout] = await signedSaleAndPayout(lib, `${base}/paynet`);
  return [sale, payout].map((s) => ({
    method: 'POST',
    path: new URL(s.url).pathname,
    headers: { ...s.headers },
    body: s.body,
  }));
}

function start(mode) {
  const execArgv = flag('--prof')
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${join(here, 'out', 'prof')}`,
        `--cpu-prof-name=${mode}.cpuprofile`,
        ...(value('--prof-interval') !== undefined ? [`--cpu-prof-interval=${value('--prof-interval')}`] : []),
      ]
    : [];
  const child = fork(join(here, 'e2e-server.mjs'), [mode, distDir], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (key) => new Promise((res) => child.once('message', (m) => res(m[key])));
  return next('port').then((port) => ({
    mode,
    base: `http://127.0.0.1:${port}`,
    cpu: async () => {
      const p = next('cpu');
      child.send('cpu');
      const c = await p;
      return c.user + c.system;
    },
    stop: () =>
      new Promise((res) => {
        child.once('exit', res);
        child.send('exit');
      }),
  }));
}

function load(base, request, amount) {
  return new Promise((res, rej) => {
    const inst = autocannon({ url: base, connections: CONNECTIONS, amount, requests: [request] }, (err, result) =>
      err ? rej(err) : res(result),
    );
    const cap = setTimeout(() => inst.stop(), CAP_SECONDS * 1000);
    inst.on('done', () => clearTimeout(cap));
  });
}

/** The gate: valid accepted (200), tampered refused (403), before anything is timed. */
async function gate(server, request) {
  const send = (body) =>
    fetch(server.base + request.path, { method: 'POST', headers: request.headers, body }).then((r) => r.status);
  const tampered = request.body.replace('amount=10.42', 'amount=10.43');
  if (tampered === request.body) throw new Error('e2e: could not tamper with the body');
  const got = [await send(request.body), await send(tampered)];
  if (got[0] !== 200 || got[1] !== 403)
    throw new Error(`e2e gate: ${server.mode} answered ${got.join('/')} for valid/tampered, want 200/403`);
}

const loadBefore = os.loadavg().map((x) => +x.toFixed(2));
console.log(
  `# e2e: node ${process.versions.node}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores), load ${loadBefore.join(' ')}`,
);
console.log(`# ${ROUNDS} round(s) of ${REQUESTS} requests per server and scenario, ${CONNECTIONS} connections`);

const servers = [];
for (const m of MODES) servers.push(await start(m.id));
const samples = {}; // scenario -> mode -> [{ cpuUs, p99, rps }]
try {
  const reqs = new Map();
  for (const s of servers) reqs.set(s.mode, await requestsFor(s.base));
  for (const s of servers) for (const r of reqs.get(s.mode)) await gate(s, r);
  for (const s of servers)
    for (const scenario of SCENARIOS) await load(s.base, reqs.get(s.mode)[ALL_SCENARIOS.indexOf(scenario)], WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of SCENARIOS) {
      const i = ALL_SCENARIOS.indexOf(scenario);
      for (const s of servers) {
        const before = await s.cpu();
        const t0 = performance.now();
        const r = await load(s.base, reqs.get(s.mode)[i], REQUESTS);
        const seconds = (performance.now() - t0) / 1000;
        const used = (await s.cpu()) - before;
        const answered = r['2xx'];
        if (r.non2xx > 0 || r.errors > 0)
          throw new Error(`e2e: ${s.mode} ${scenario}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        ((samples[scenario] ??= {})[s.mode] ??= []).push({
          cpuUs: used / answered,
          p99: r.latency.p99,
          rps: answered / seconds,
        });
      }
    }
  }
} finally {
  for (const s of servers) await s.stop();
}

const results = SCENARIOS.map((scenario) => {
  const ref = median(samples[scenario].reference.map((x) => x.cpuUs));
  return {
    scenario,
    cases: MODES.map((m) => {
      const xs = samples[scenario][m.id];
      const cpuUs = median(xs.map((x) => x.cpuUs));
      const ratio = +(cpuUs / ref).toFixed(2);
      return {
        mode: m.id,
        name: m.name,
        cpuUsPerRequest: +cpuUs.toFixed(1),
        ratio,
        p99Ms: median(xs.map((x) => x.p99)),
        reqPerSec: Math.round(median(xs.map((x) => x.rps))),
        target: m.target ?? null,
        met: m.target === undefined ? null : ratio <= m.target,
        // Against the minimal check (issue 24's targets): verifyIncoming against the minimal
        // check, verifyRequest against the server that builds the same Request first.
        ...(m.vs === undefined
          ? {}
          : (() => {
              const vsCpu = median(samples[scenario][m.vs].map((x) => x.cpuUs));
              const ratioVs = +(cpuUs / vsCpu).toFixed(2);
              return { vs: m.vs, ratioVs, targetVs: m.targetVs, metVs: ratioVs <= m.targetVs };
            })()),
      };
    }),
  };
});

function table(run) {
  const lines = [];
  for (const g of run.results) {
    lines.push(
      `**${g.scenario}**`,
      '',
      '| server | CPU/request | ratio (reference server) | ratio (minimal check) | p99 latency | requests/s | target |',
      '|---|--:|--:|--:|--:|--:|---|',
    );
    for (const c of g.cases) {
      const target = c.target === null ? '' : `<= ${c.target}: ${c.met ? 'met' : '**not met**'}`;
      const vs =
        c.vs === undefined ? '' : `${c.ratioVs.toFixed(2)} (<= ${c.targetVs}: ${c.metVs ? 'met' : '**not met**'})`;
      lines.push(
        `| ${c.name} | ${c.cpuUsPerRequest} us | ${c.ratio.toFixed(2)} | ${vs} | ${c.p99Ms} ms | ${c.reqPerSec.toLocaleString('en-US')} | ${target} |`,
      );
    }
    lines.push('');
  }
  return `Run: node ${run.node}, ${run.date}, ${run.cpu}, load ${run.loadBefore.join(' ')} before and ${run.loadAfter.join(' ')} after; ${run.rounds} rounds of ${run.requests} requests, ${run.connections} connections, median round.\n\n${lines.join('\n')}`;
}

const run = {
  node: process.versions.node,
  date: new Date().toISOString(),
  cpu: `${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores)`,
  loadBefore,
  loadAfter: os.loadavg().map((x) => +x.toFixed(2)),
  rounds: ROUNDS,
  requests: REQUESTS,
  connections: CONNECTIONS,
  results,
};
const md = table(run);
console.log('\n' + md);

if (!quick) {
  mkdirSync(join(here, 'out'), { recursive: true });
  writeFileSync(join(here, 'out', 'e2e.json'), JSON.stringify(run, null, 2) + '\n');
  writeFileSync(join(here, 'out', 'e2e.md'), `# e2e\n\n${md}\n`);
  console.log('# wrote bench/out/e2e.json and bench/out/e2e.md');
  if (flag('--publish')) {
    const readme = join(here, 'README.md');
    const text = readFileSync(readme, 'utf8');
    const a = text.indexOf('<!-- e2e:start -->');
    const b = text.indexOf('<!-- e2e:end -->');
    if (a >= 0 && b > a)
      writeFileSync(readme, text.slice(0, a + '<!-- e2e:start -->'.length) + '\n' + md + '\n' + text.slice(b));
    console.log('# updated bench/README.md');
  }
}
