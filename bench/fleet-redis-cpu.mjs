#!/usr/bin/env node
// Redis's own CPU per nonce check, next to the floor of one plain `SET key 1 PX 300000 NX`, measured
// on one redis-server in the same run (issue 30.1: a check should cost at most 1.3x that SET).
// One client sends fresh checks (RedisNonceStore.check, as verifyOAuth calls it), then the same
// number of plain SETs of keys derived the same way (the simplest shared store); rounds alternate
// so drift hits both alike, one call after another and then 16 in flight. Redis CPU is
// `INFO cpu` (used_cpu_user + used_cpu_sys, all its threads) before and after each batch; the
// `INFO commandstats` microseconds (time inside the command, without the network syscalls) are
// reported beside it. The median of the rounds is printed, with the range.
//
//   node bench/fleet-redis-cpu.mjs [--quick] [--checks 6000] [--rounds 5]
//   (run by bench/fleet.mjs; needs `npm run build` first, like every fleet bench)
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { RedisNonceStore } from 'paysig/redis';
import { createClient } from 'redis';
import { redisCpu, startRedis } from './fleet-load.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Microseconds Redis spent inside the given top-level commands (a script's own commands are inside EVALSHA's). */
async function commandUsec(client, names) {
  const info = await client.sendCommand(['INFO', 'commandstats']);
  let total = 0;
  for (const m of info.matchAll(/cmdstat_(\w+):calls=\d+,usec=(\d+)/g)) if (names.includes(m[1])) total += Number(m[2]);
  return total;
}

/** Measures `count` calls of `one(i)`, `inFlight` at a time: Redis CPU and commandstats µs per call. */
async function batch(admin, count, one, inFlight) {
  const names = one.commands;
  const cpu0 = await redisCpu(admin);
  const us0 = await commandUsec(admin, names);
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next += 1;
        await one();
      }
    }),
  );
  const cpu1 = await redisCpu(admin);
  const us1 = await commandUsec(admin, names);
  return { cpuUs: ((cpu1 - cpu0) * 1e6) / count, cmdUs: (us1 - us0) / count };
}

/** Runs the comparison; returns the figures (µs per call, medians and ranges). */
export async function redisCheckCost({ checks = 6000, rounds = 5, inFlight = 1 } = {}) {
  const redis = await startRedis();
  const admin = createClient({ url: redis.url });
  const client = createClient({ url: redis.url });
  for (const c of [admin, client]) c.on('error', () => {});
  try {
    await admin.connect();
    await client.connect();
    const store = new RedisNonceStore(client, { prefix: 'cost:nonce:' });
    await store.ready(); // a new Redis: a first run, nothing refused
    const ctx = { maxSkewSeconds: 300, maxFutureSkewSeconds: 30 };
    let n = 0;
    const check = async () => {
      const ts = Math.floor(Date.now() / 1000);
      if ((await store.check('merchant', `n${n++}`, ts, 300, { ...ctx, now: ts })) !== true) {
        throw new Error('a fresh check was not accepted');
      }
    };
    check.commands = ['evalsha', 'eval'];
    // The floor: what the simplest shared nonce store does, the same key derivation then one SET NX PX
    // (so both loops pace Redis alike: Redis's CPU per command depends on how busy it is kept).
    const set = async () => {
      const key = (await store.key('merchant', `s${n++}`, Math.floor(Date.now() / 1000))).replace(':n:', ':set:');
      if ((await client.sendCommand(['SET', key, '1', 'PX', '300000', 'NX'])) !== 'OK') {
        throw new Error('SET NX did not answer OK');
      }
    };
    set.commands = ['set'];
    await batch(admin, Math.min(1000, checks), check, inFlight); // warm-up: script cached, JIT, allocator
    await batch(admin, Math.min(1000, checks), set, inFlight);
    const ours = [];
    const floor = [];
    for (let r = 0; r < rounds; r++) {
      ours.push(await batch(admin, checks, check, inFlight));
      floor.push(await batch(admin, checks, set, inFlight));
    }
    const pick = (xs, k) => xs.map((x) => x[k]);
    const ratios = ours.map((o, i) => o.cpuUs / floor[i].cpuUs);
    return {
      checks,
      rounds,
      inFlight,
      checkCpuUs: median(pick(ours, 'cpuUs')),
      setCpuUs: median(pick(floor, 'cpuUs')),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      checkCmdUs: median(pick(ours, 'cmdUs')),
      setCmdUs: median(pick(floor, 'cmdUs')),
    };
  } finally {
    await admin.quit().catch(() => {});
    await client.quit().catch(() => {});
    await redis.stop();
  }
}

/** The figures as a Markdown table. */
export function costMarkdown(c) {
  const f = (x) => x.toFixed(1);
  return [
    `Redis CPU per nonce check vs one plain \`SET key 1 PX 300000 NX\` (one client, ${c.inFlight === 1 ? 'one call after another' : `${c.inFlight} calls in flight`}, ${c.checks} calls x ${c.rounds} alternating rounds, median):`,
    '',
    '| | Redis CPU (`INFO cpu`) | inside the command (`INFO commandstats`) |',
    '|---|---:|---:|',
    `| nonce check (\`RedisNonceStore.check\`) | ${f(c.checkCpuUs)} µs | ${f(c.checkCmdUs)} µs |`,
    `| plain \`SET NX PX\` (floor) | ${f(c.setCpuUs)} µs | ${f(c.setCmdUs)} µs |`,
    `| ratio | **${c.ratio.toFixed(2)}** (rounds ${c.ratioRange.map((x) => x.toFixed(2)).join('-')}) | ${(c.checkCmdUs / c.setCmdUs).toFixed(2)} |`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const value = (f, d) => (args.includes(f) ? Number(args[args.indexOf(f) + 1]) : d);
  const quick = args.includes('--quick');
  for (const inFlight of [1, value('--in-flight', 16)]) {
    const cost = await redisCheckCost({
      checks: value('--checks', quick ? 1500 : 6000),
      rounds: value('--rounds', quick ? 3 : 5),
      inFlight,
    });
    console.log(costMarkdown(cost));
  }
}
