#!/usr/bin/env node
// Fleet sizing: what verifying costs with several verifier processes and a shared Redis. For each
// configuration, N node:cluster workers (bench/fleet-worker.mjs) serve paysig/node verifyIncoming
// on one loopback port, with a MemoryNonceStore per process (N = 1 only: per-process stores do not
// share nonces, so with N > 1 a replay reaching another process would pass) or a RedisNonceStore on
// one redis-server this script starts on a free port (and kills at the end). This process signs
// HMAC-SHA1 payouts in bulk, then sends them with a fixed number in flight, 10% of them exact
// resends of accepted ones (bench/fleet-load.mjs). Exits 1 if any replay is accepted. Then it prints
// Redis's CPU per nonce check next to one plain SET NX PX (bench/fleet-redis-cpu.mjs).
//
//   node bench/fleet.mjs [--quick] [--workers 1,2] [--seconds 10] [--concurrency 32] [--publish]
//   --workers    verifier process counts to run (default 1 and the machine's core count)
//   --quick      2 s per configuration (a smoke run); writes nothing
//   --publish    write bench/fleet-results.json, the table into bench/README.md and the sizing
//                table into docs/verifying.md
import cluster from 'node:cluster';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as lib from 'paysig';
import { createClient } from 'redis';
import { writeBetween } from '../scripts/markers.mjs';
import { establish, freePort } from '../scripts/redis-server.mjs';
import { drive, redisCpu, signPayouts, startRedis } from './fleet-load.mjs';
import { commandLine } from './harness.mjs';
import { costMarkdown, redisCheckCost } from './fleet-redis-cpu.mjs';
import { sizingMarkdown, tableMarkdown } from './fleet-report.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const { flag, value } = commandLine();
const quick = flag('--quick');
const cores = os.availableParallelism();
const SECONDS = Number(value('--seconds', quick ? 2 : 10));
const CONCURRENCY = Number(value('--concurrency', 32));
const WARMUP = quick ? 500 : 2_000;
/** Requests signed per configuration: an upper bound on the rate times the time, plus the warm-up. */
const MAX_RATE = Number(value('--max-rate', 12_000));
const workerCounts = [...new Set(value('--workers', `1,${cores}`).split(',').map(Number))];
if (workerCounts.some((n) => !Number.isInteger(n) || n < 1) || !(SECONDS > 0) || !(CONCURRENCY > 0)) {
  console.error('usage: node bench/fleet.mjs [--quick] [--workers 1,2] [--seconds 10] [--concurrency 32] [--publish]');
  process.exit(2);
}
const PREFIX = 'fleet:nonce:';

const configs = [];
for (const n of workerCounts) {
  if (n === 1) configs.push({ store: 'memory', workers: 1 });
  configs.push({ store: 'redis', workers: n });
}

cluster.setupPrimary({ exec: join(here, 'fleet-worker.mjs') });

/** The `key` of the next message from worker `w` that has one. */
function next(w, key) {
  return new Promise((resolve) => {
    w.on('message', function got(m) {
      if (m?.[key] === undefined) return;
      w.off('message', got);
      resolve(m[key]);
    });
  });
}

async function startFleet(n, env) {
  const workers = [];
  for (let i = 0; i < n; i++) {
    const w = cluster.fork(env);
    workers.push(w);
    const exited = new Promise((_, reject) =>
      w.once('exit', (code) => reject(new Error(`verifier process exited (${code}) before listening`))),
    );
    await Promise.race([next(w, 'ready'), exited]);
    w.removeAllListeners('exit');
  }
  const ask = async (w) => {
    const reply = next(w, 'cpu');
    w.send('cpu');
    const cpu = await reply;
    return cpu.user + cpu.system;
  };
  const stop = async (w) => {
    const exited = once(w, 'exit');
    w.send('exit');
    await exited;
  };
  return {
    cpu: async () => (await Promise.all(workers.map(ask))).reduce((a, b) => a + b, 0),
    stop: () => Promise.all(workers.map(stop)),
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function runConfig(c, redis, admin) {
  const port = await freePort();
  const env = { FLEET_PORT: String(port), FLEET_STORE: c.store, FLEET_REDIS_URL: redis.url, FLEET_PREFIX: PREFIX };
  const fleet = await startFleet(c.workers, env);
  try {
    const count = Math.ceil(MAX_RATE * SECONDS) + WARMUP;
    const t = performance.now();
    const fresh = await signPayouts(lib, `http://127.0.0.1:${port}`, count);
    const signMs = performance.now() - t;
    const load = await drive({ port, fresh, concurrency: CONCURRENCY, seconds: SECONDS, warmup: WARMUP });
    // CPU seconds so far of the verifier processes and of Redis
    const usage = async () => ({ workers: await fleet.cpu(), redis: c.store === 'redis' ? await redisCpu(admin) : 0 });
    let before;
    const r = await load.run(async () => {
      before = { ...(await usage()), gen: process.cpuUsage() };
    });
    const after = await usage();
    const gen = process.cpuUsage(before.gen);
    if (r.sent === 0)
      throw new Error(`${c.store} x${c.workers}: no request was answered (${r.errors} connection errors)`);
    const lat = r.latencies.sort((a, b) => a - b);
    return {
      store: c.store,
      workers: c.workers,
      requests: r.sent,
      fresh: r.fresh,
      replays: r.replays,
      seconds: r.elapsed,
      exhausted: r.exhausted,
      perSecond: r.sent / r.elapsed,
      perProcess: r.sent / r.elapsed / c.workers,
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      verifierCpuUs: (after.workers - before.workers) / r.sent,
      redisCpuUs: c.store === 'redis' ? ((after.redis - before.redis) * 1e6) / r.sent : null,
      generatorCpuUs: (gen.user + gen.system) / r.sent,
      replaysAccepted: r.replaysAccepted,
      freshRefused: r.freshRefused,
      errors: r.errors,
      statuses: r.statuses,
      signMsPerRequest: signMs / count,
    };
  } finally {
    await fleet.stop();
  }
}

const loadBefore = os.loadavg().map((x) => x.toFixed(2));
const redis = await startRedis();
const admin = createClient({ url: redis.url });
admin.on('error', () => {});
const rows = [];
try {
  await admin.connect();
  // A new Redis is a loss to the store (it would refuse fresh requests for maxFutureSkewSeconds
  // after its first check): write the marker of an established store first.
  await establish((command) => admin.sendCommand(command), PREFIX);
  for (const c of configs) {
    const row = await runConfig(c, redis, admin);
    rows.push(row);
    console.error(
      `${c.store} x${c.workers}: ${row.requests} requests in ${row.seconds.toFixed(1)} s, signing ${(row.signMsPerRequest * 1000).toFixed(0)} µs each, statuses ${JSON.stringify(row.statuses)}`,
    );
  }
} finally {
  await admin.quit().catch(() => {});
  await redis.stop();
}

const run = {
  date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  node: process.version,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores,
  loadBefore,
  loadAfter: os.loadavg().map((x) => x.toFixed(2)),
  seconds: SECONDS,
  concurrency: CONCURRENCY,
  rows,
};
const table = tableMarkdown(run);
console.log(table);
console.log(sizingMarkdown(run));
// Redis CPU per check next to the floor of one plain SET NX PX, on a Redis of its own (bench/fleet-redis-cpu.mjs).
for (const inFlight of [1, 16]) {
  run[`checkCost${inFlight}`] = await redisCheckCost({ checks: quick ? 1500 : 6000, rounds: quick ? 3 : 5, inFlight });
  console.log(`\n${costMarkdown(run[`checkCost${inFlight}`])}`);
}

const bad = rows.filter((r) => r.replaysAccepted > 0);
const refused = rows.filter((r) => r.freshRefused > 0 || r.errors > 0);
for (const r of refused)
  console.error(
    `warning: ${r.store} x${r.workers}: ${r.freshRefused} fresh requests refused, ${r.errors} connection errors`,
  );
if (bad.length > 0) {
  for (const r of bad) console.error(`FAIL: ${r.store} x${r.workers}: ${r.replaysAccepted} replays accepted`);
  process.exit(1);
}

if (flag('--publish') && !quick) {
  // A blank line after the start marker, as the tables were published.
  const put = (file, name, text) =>
    writeBetween(join(here, '..', file), `<!-- ${name}:start -->`, `<!-- ${name}:end -->`, `\n${text}`);
  put('bench/README.md', 'fleet', table);
  put('docs/verifying.md', 'fleet-sizing', sizingMarkdown(run));
  writeFileSync(join(here, 'fleet-results.json'), `${JSON.stringify(run, null, 2)}\n`);
  console.error('wrote bench/fleet-results.json, bench/README.md and docs/verifying.md');
}
