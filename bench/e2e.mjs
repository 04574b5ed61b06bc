#!/usr/bin/env node
// End to end: what a node:http server pays per verified request. Each server runs in a child
// process of its own on 127.0.0.1 (bench/e2e-server.mjs): the minimal hand-written check
// (bench/e2e-minimal.mjs, 1.00) and paysig/node's verifyIncoming(verifier, req); --modes adds the
// other servers of e2e-server.mjs. Every server is held at the same request rate: this process
// sends --rate requests per second on a fixed schedule (request i leaves at start + i / rate,
// whether or not earlier answers are back), so no server is measured at a rate of its own. The
// figure is each server's own CPU time (process.cpuUsage over IPC, user + system) per request.
// Scenarios: the sale (control C-B) and the 16-field non-ASCII payout of fixtures.mjs (OAuth
// HMAC-SHA1). Rounds interleave the servers, in an order that flips every round, so load from
// elsewhere hits them alike; each round gives each server's ratio to the minimal check, and the
// run prints the median and the range of those ratios.
//
//   node bench/e2e.mjs [--quick] [--publish] [--dist <dir>] [--prof] [--modes a,b] [--scenario s]
//                      [--rate N] [--seconds N] [--rounds N]
//   default    5 rounds of 5 s at 2,000 requests/s per server and scenario, after 2 s of warm-up
//   --quick    smoke run: 2 rounds of 1 s at 1,000 requests/s; writes nothing
//   --modes, --scenario sale|payout, --rate, --seconds, --rounds  change the run; write nothing
//   --publish  also refresh the table in bench/README.md (a full run always writes bench/out/e2e.*)
//   --prof     start the servers with --cpu-prof (profiles in bench/out/prof/, for DevTools or any profile viewer);
//              --prof-interval <us> sets the sampling interval (default 1000)
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CONSUMER_KEY, CONTROL_KEY, NONCE, PAYOUT_PARAMS_INTL, SALE_PARAMS, TIMESTAMP } from './fixtures.mjs';
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
const quick = flag('--quick') || ['--modes', '--scenario', '--rate', '--seconds', '--rounds'].some(flag);
const setting = (f, full, short) => Number(value(f) ?? (flag('--quick') ? short : full));
const RATE = setting('--rate', 2_000, 1_000);
const SECONDS = setting('--seconds', 5, 1);
const ROUNDS = setting('--rounds', 5, 2);
const WARMUP_SECONDS = flag('--quick') ? 0.5 : 2;
const SOCKETS = 8;

const NAMES = {
  minimal: 'minimal hand-written check (bench/e2e-minimal.mjs)',
  node: 'paysig/node verifyIncoming(verifier, req)',
  reference: 'plain node:crypto server (reference pipeline)',
  'minimal-fetch': 'builds the Request, then the minimal check',
  fetch: 'builds the Request, then verifier.verify(request)',
  'minimal-spin': 'the minimal check, then 30 us of busy work (what 30 us more costs in all)',
  'minimal-async': 'the minimal check, answered one microtask later (what an async API adds)',
};
const TARGET = { node: 1.25 }; // issue 30: at most 1.25x the minimal check's CPU per request
const MODES = ['minimal', ...(value('--modes')?.split(',') ?? ['node']).filter((m) => m !== 'minimal')];
for (const m of MODES) if (NAMES[m] === undefined) throw new Error(`e2e: unknown mode ${m}`);
const SCENARIOS = [
  { id: 'sale', name: 'sale (control C-B)' },
  { id: 'payout', name: 'payout (OAuth HMAC-SHA1, 16 fields, non-ASCII)' },
].filter((s) => value('--scenario') === undefined || s.id === value('--scenario'));

const lib = await import(pathToFileURL(join(distDir, 'index.js')).href);

/** The signed sale and payout for a server at `base` (the OAuth signature covers host and port). */
async function requestsFor(base) {
  const credentials = { login: CONSUMER_KEY, controlKey: CONTROL_KEY };
  const common = { baseUrl: `${base}/paynet`, endpointId: 1111, credentials };
  const sale = await lib.signRequest('sale', { ...common, params: SALE_PARAMS });
  const payout = await lib.signRequest('payout', {
    ...common,
    params: PAYOUT_PARAMS_INTL,
    nonce: NONCE,
    timestamp: TIMESTAMP,
  });
  const plain = (s) => ({ path: new URL(s.url).pathname, headers: s.headers, body: s.body });
  return { sale: plain(sale), payout: plain(payout) };
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

/** POSTs `body` (default: the request's) and resolves with the status, 0 when the request failed. */
const post = (agent, base, request, body = request.body) =>
  new Promise((res) => {
    const headers = { ...request.headers, 'content-length': Buffer.byteLength(body) };
    http
      .request(`${base}${request.path}`, { agent, method: 'POST', headers }, (r) =>
        r.resume().on('end', () => res(r.statusCode)),
      )
      .on('error', () => res(0))
      .end(body);
  });

/**
 * The load: `seconds` of requests at RATE per second over SOCKETS keep-alive connections, request i
 * sent at start + i / RATE (timers wake about every millisecond, then send every request due), never
 * waiting for answers. Resolves with each answer's status and its latency from its scheduled time,
 * and how late the generator sent its latest request (a busy machine can delay the schedule).
 */
async function fixedRate(base, request, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
  const answers = [];
  let lag = 0;
  const start = performance.now();
  for (let i = 0; i < Math.round(RATE * seconds); i++) {
    const due = start + (i * 1000) / RATE;
    if (due > performance.now()) await sleep(due - performance.now());
    lag = Math.max(lag, performance.now() - due);
    answers.push(post(agent, base, request).then((status) => ({ status, ms: performance.now() - due })));
  }
  const results = await Promise.all(answers);
  agent.destroy();
  return { results, lag };
}

/** A server's CPU time per request over one fixed-rate run, and the run's p99 latency. */
async function measure(server, request) {
  const before = await server.cpu();
  const { results, lag } = await fixedRate(server.base, request, SECONDS);
  const cpuUs = ((await server.cpu()) - before) / results.length;
  const failed = results.filter((r) => r.status !== 200).length;
  if (failed > 0) throw new Error(`e2e: ${server.mode}: ${failed} of ${results.length} requests not answered 200`);
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  return { cpuUs, p99: ms[Math.floor(ms.length * 0.99)], lag };
}

/** The gate: valid accepted (200), tampered refused (403), before anything is timed. */
async function gate(server, request) {
  const tampered = request.body.replace('amount=10.42', 'amount=10.43');
  if (tampered === request.body) throw new Error('e2e: could not tamper with the body');
  const got = [await post(undefined, server.base, request), await post(undefined, server.base, request, tampered)];
  if (got[0] !== 200 || got[1] !== 403)
    throw new Error(`e2e gate: ${server.mode} answered ${got.join('/')} for valid/tampered, want 200/403`);
}

const loadBefore = os.loadavg().map((x) => +x.toFixed(2));
console.log(
  `# e2e: node ${process.versions.node}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores), load ${loadBefore.join(' ')}`,
);
console.log(`# ${ROUNDS} round(s) of ${SECONDS} s at ${RATE} requests/s per server and scenario, ${SOCKETS} sockets`);

const servers = [];
for (const m of MODES) servers.push(await start(m));
const samples = {}; // scenario id -> mode -> [{ cpuUs, p99, lag }], one per round
try {
  for (const s of servers) s.requests = await requestsFor(s.base);
  for (const s of servers) for (const sc of SCENARIOS) await gate(s, s.requests[sc.id]);
  for (const s of servers) for (const sc of SCENARIOS) await fixedRate(s.base, s.requests[sc.id], WARMUP_SECONDS);
  for (let round = 0; round < ROUNDS; round++)
    for (const sc of SCENARIOS)
      for (const s of round % 2 === 0 ? servers : [...servers].reverse())
        ((samples[sc.id] ??= {})[s.mode] ??= []).push(await measure(s, s.requests[sc.id]));
} finally {
  for (const s of servers) await s.stop();
}

const round2 = (x) => Math.round(x * 100) / 100;
const spread = (xs) => ({ median: round2(median(xs)), min: round2(Math.min(...xs)), max: round2(Math.max(...xs)) });
const results = SCENARIOS.map((sc) => ({
  scenario: sc.name,
  cases: MODES.map((m) => {
    const xs = samples[sc.id][m];
    const cpu = spread(xs.map((x) => x.cpuUs));
    const ratio = spread(xs.map((x, i) => x.cpuUs / samples[sc.id].minimal[i].cpuUs)); // paired by round
    const target = TARGET[m] ?? null;
    return {
      mode: m,
      name: NAMES[m],
      cpuUsPerRequest: cpu,
      ratio,
      p99Ms: +median(xs.map((x) => x.p99)).toFixed(1),
      maxLagMs: +Math.max(...xs.map((x) => x.lag)).toFixed(1),
      target,
      met: target === null ? null : ratio.median <= target,
    };
  }),
}));

function table(run) {
  const range = (s, d, unit = '') => `${s.median.toFixed(d)}${unit} (${s.min.toFixed(d)} to ${s.max.toFixed(d)})`;
  const lines = [];
  for (const g of run.results) {
    lines.push(
      `**${g.scenario}**`,
      '',
      '| server | CPU/request: median (range) | ratio to the minimal check: median (range) | p99 latency | target |',
      '|---|--:|--:|--:|---|',
    );
    for (const c of g.cases) {
      const target = c.target === null ? '' : `<= ${c.target}: ${c.met ? 'met' : '**not met**'}`;
      const ratio = c.mode === 'minimal' ? '1.00' : range(c.ratio, 2);
      lines.push(`| ${c.name} | ${range(c.cpuUsPerRequest, 1, ' us')} | ${ratio} | ${c.p99Ms} ms | ${target} |`);
    }
    lines.push('');
  }
  const lag = Math.max(...run.results.flatMap((g) => g.cases.map((c) => c.maxLagMs)));
  return `Run: node ${run.node}, ${run.date}, ${run.cpu}, load ${run.loadBefore.join(' ')} before and ${run.loadAfter.join(' ')} after; ${run.rounds} interleaved rounds of ${run.seconds} s at ${run.rate.toLocaleString('en-US')} requests/s per server (fixed schedule, ${run.sockets} keep-alive sockets; the generator ran at most ${lag} ms behind it); ranges are over the rounds.\n\n${lines.join('\n')}`;
}

const run = {
  node: process.versions.node,
  date: new Date().toISOString(),
  cpu: `${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores)`,
  loadBefore,
  loadAfter: os.loadavg().map((x) => +x.toFixed(2)),
  rounds: ROUNDS,
  seconds: SECONDS,
  rate: RATE,
  sockets: SOCKETS,
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
