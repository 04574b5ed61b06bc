// The load of the fleet benchmark (bench/fleet.mjs): HMAC-SHA1 payouts signed in bulk before the
// clock starts, sent over keep-alive loopback connections with a fixed number in flight, one tenth
// of them exact resends of requests already accepted; and the redis-server the benchmark starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort, spawnRedis } from '../scripts/redis-server.mjs';
import { CONSUMER_KEY, CONTROL_KEY, PAYOUT_PARAMS } from './fixtures.mjs';

/** Merchants the payouts are spread over (nonce quotas are per consumer). */
const MERCHANTS = 100;

/**
 * `count` payouts signed for `base` (`http://127.0.0.1:port`), each with its own nonce and the
 * current timestamp, serialised as HTTP/1.1 requests ready to write.
 */
export async function signPayouts(lib, base, count) {
  const host = new URL(base).host;
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const credentials = { login: `${CONSUMER_KEY}${i % MERCHANTS}`, controlKey: CONTROL_KEY };
    const s = await lib.signRequest('payout', {
      baseUrl: `${base}/paynet`,
      endpointId: 1111,
      credentials,
      params: PAYOUT_PARAMS,
    });
    const u = new URL(s.url);
    let head = `POST ${u.pathname}${u.search} HTTP/1.1\r\nhost: ${host}\r\n`;
    for (const [k, v] of Object.entries(s.headers)) head += `${k}: ${v}\r\n`;
    const body = Buffer.from(s.body, 'utf8');
    head += `content-length: ${body.length}\r\n\r\n`;
    out[i] = Buffer.concat([Buffer.from(head, 'latin1'), body]);
  }
  return out;
}

/** One keep-alive connection that sends one request at a time and resolves with the status. */
function connection(port) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0);
    let pending;
    socket.on('data', (d) => {
      buf = buf.length === 0 ? d : Buffer.concat([buf, d]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buf.toString('latin1', 0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buf.length < end + 4 + length) return;
      const status = Number(head.slice(9, 12));
      buf = buf.subarray(end + 4 + length);
      const p = pending;
      pending = undefined;
      p.resolve(status);
    });
    socket.on('error', (e) => (pending ? pending.reject(e) : reject(e)));
    socket.on('close', () => pending?.reject(new Error('connection closed by the server')));
    socket.once('connect', () =>
      resolve({
        send(bytes) {
          return new Promise((res, rej) => {
            pending = { resolve: res, reject: rej };
            socket.write(bytes);
          });
        },
        close: () => socket.destroy(),
      }),
    );
  });
}

/**
 * Sends `fresh` (pre-signed requests) over `concurrency` connections until they run out or
 * `seconds` pass. Every tenth request sent is a replay: an exact resend of a fresh request whose
 * 200 has already come back (chosen by a fixed generator), so it must be refused whichever
 * process gets it. Latencies (ms, from write to the complete response) are kept for the
 * `measured` part only: `warmup` requests go first and are counted nowhere.
 */
export async function drive({ port, fresh, concurrency, seconds, warmup, replayEvery = 10 }) {
  const conns = await Promise.all(Array.from({ length: concurrency }, () => connection(port)));
  const accepted = [];
  const r = {
    sent: 0,
    fresh: 0,
    replays: 0,
    freshRefused: 0,
    replaysAccepted: 0,
    errors: 0,
    statuses: {},
    latencies: [],
  };
  let next = 0;
  let slot = 0;
  let seed = 0x9e3779b9;
  const rand = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  let deadline = Number.POSITIVE_INFINITY;
  let measuring = warmup === 0;
  let t0 = performance.now();
  const startMeasuring = async (onMeasure) => {
    measuring = true;
    await onMeasure?.();
    t0 = performance.now();
    deadline = t0 + seconds * 1000;
  };
  async function loop(c) {
    for (;;) {
      if (performance.now() >= deadline) return;
      if (!measuring && next >= warmup) return;
      const replay = measuring && ++slot % replayEvery === 0 && accepted.length > 0;
      if (!replay && next >= fresh.length) return;
      const index = replay ? accepted[Math.floor(rand() * accepted.length)] : next++;
      const start = performance.now();
      let status;
      try {
        status = await c.send(fresh[index]);
      } catch {
        r.errors++;
        return;
      }
      if (!measuring) continue;
      r.latencies.push(performance.now() - start);
      r.sent++;
      r.statuses[status] = (r.statuses[status] ?? 0) + 1;
      if (replay) {
        r.replays++;
        if (status === 200) r.replaysAccepted++;
      } else {
        r.fresh++;
        if (status === 200) accepted.push(index);
        else r.freshRefused++;
      }
    }
  }
  return {
    result: r,
    async run(onMeasure) {
      if (warmup > 0) await Promise.all(conns.map(loop));
      await startMeasuring(onMeasure);
      await Promise.all(conns.map(loop));
      r.elapsed = (performance.now() - t0) / 1000;
      r.exhausted = next >= fresh.length;
      for (const c of conns) c.close();
      return r;
    },
  };
}

/** A redis-server on a free loopback port, without persistence; `stop()` kills it. */
export async function startRedis() {
  const port = await freePort();
  // A directory of its own: a redis-server started elsewhere would load any dump.rdb lying there.
  const dir = mkdtempSync(join(tmpdir(), 'paysig-fleet-redis-'));
  const { child, ready } = spawnRedis(port, ['--save', '', '--appendonly', 'no', '--dir', dir]);
  await ready;
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGKILL');
      }).then(() => rmSync(dir, { recursive: true, force: true })),
  };
}

/** Redis's own CPU seconds (user + system, all its threads). */
export async function redisCpu(client) {
  const info = await client.sendCommand(['INFO', 'cpu']);
  const get = (k) => Number(new RegExp(`${k}:([\\d.]+)`).exec(info)?.[1] ?? Number.NaN);
  return get('used_cpu_sys') + get('used_cpu_user');
}

/**
 * The fields of a marker as an established store holds it (for HSET), and the arguments of a plain
 * check from a process that saw it: what the Redis cost benches send (fleet-redis-instructions.mjs,
 * fleet-redis-steps.mjs).
 */
// biome-ignore format: field and value pairs
export const ESTABLISHED_MARKER = Object.freeze([
  'g', '1764000000.123456', 'c', '5', 'epoch', '1', 'f', '30000', 'p', '300000', 'po', '300000', 'pt', '0',
]);
/** The seven arguments of a plain check at `ts` (seconds, a string) that saw {@link ESTABLISHED_MARKER}. */
export const plainCheckArgs = (ts) => [ts, '300000', '30000', '1764000000.123456', '5', '0', '1700000000000'];
