#!/usr/bin/env node
// Redis's own CPU per nonce check, next to the floor of one plain `SET key 1 PX 300000 NX`, measured
// on one redis-server in the same run (issue 30.1: a check should cost at most 1.3x that SET).
// One client sends fresh checks (RedisNonceStore.check, as verifyOAuth calls it), then the same
// number of plain SETs of keys derived the same way (the simplest shared store); rounds alternate
// so drift hits both alike, one call after another and then 16 in flight. Redis CPU is
// `INFO cpu` (used_cpu_user + used_cpu_sys, all its threads) before and after each batch; the
// `INFO commandstats` microseconds (time inside the command, without the network syscalls) are
// reported beside it. The median of the rounds is printed, with the range, and round three's check
// script (INFO on every check, sent with EVAL) is measured in the same rounds for reference.
//
//   node bench/fleet-redis-cpu.mjs [--quick] [--checks 6000] [--rounds 5]
//   (run by bench/fleet.mjs; needs `npm run build` first, like every fleet bench)
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { RedisNonceStore } from 'paysig/redis';
import { createClient } from 'redis';
import { redisCpu, startRedis } from './fleet-load.mjs';

/**
 * The check script of round three (build 67b5530), which called `INFO server` and `INFO stats` on
 * every check, sent with `EVAL` as that store did: the reference row of the table.
 */
const ROUND_THREE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local run = string.match(redis.call('INFO', 'server'), 'run_id:(%x+)')
local ev = string.match(redis.call('INFO', 'stats'), 'evicted_keys:(%d+)')
if run == nil or ev == nil then return redis.error_reply('paysig: INFO gives no run_id or evicted_keys') end
local future = tonumber(ARGV[4])
local m = redis.call('HMGET', KEYS[1], 'epoch', 'run', 'ev', 'f')
local epoch = tonumber(m[1])
local f = tonumber(m[4]) or 0
if future > f then f = future end
if epoch == nil or m[2] ~= run or m[3] ~= ev then
  epoch = now
  redis.call('HSET', KEYS[1], 'epoch', string.format('%d', epoch), 'run', run, 'ev', ev, 'f', string.format('%d', f))
elseif f > (tonumber(m[4]) or 0) then
  redis.call('HSET', KEYS[1], 'f', string.format('%d', f))
end
local fence = epoch + f
if #KEYS < 2 then return {4, epoch, fence} end
local ts = tonumber(ARGV[1]) * 1000
if ts <= fence then return {2, epoch, fence} end
if ts > now + future then return {5, epoch, fence} end
if ARGV[2] == 'PXAT' and tonumber(ARGV[3]) <= now then return {3, epoch, fence} end
local set = redis.call('SET', KEYS[2], '1', ARGV[2], ARGV[3], 'NX')
if set == false then return {0, epoch, fence} end
if type(set) == 'table' and set['ok'] == 'OK' then return {1, epoch, fence} end
return redis.error_reply('paysig: unexpected SET NX reply')
`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Microseconds Redis spent inside the given top-level commands (a script's own commands are inside EVALSHA's). */
async function commandUsec(client, names) {
  const info = await client.sendCommand(['INFO', 'commandstats']);
  let total = 0;
  for (const m of info.matchAll(/cmdstat_(\w+):calls=\d+,usec=(\d+)/g)) if (names.includes(m[1])) total += Number(m[2]);
  return total;
}

/**
 * Measures `count` calls of `one()`, `inFlight` at a time: Redis CPU and the commandstats µs of the
 * commands `one.commands` names (none when unset), per call.
 */
export async function batch(admin, count, one, inFlight) {
  const names = one.commands ?? [];
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
    // Round three's store: EVAL of its script (INFO per check), same key derivation and window.
    const info = String(await admin.sendCommand(['INFO']));
    const run = /run_id:(\w+)/.exec(info)?.[1] ?? '';
    const ev = /evicted_keys:(\d+)/.exec(info)?.[1] ?? '0';
    const epoch = String(Date.now() - 3_600_000);
    await admin.sendCommand(['HSET', 'cost:old:marker', 'epoch', epoch, 'run', run, 'ev', ev, 'f', '30000']);
    const old = async () => {
      const ts = Math.floor(Date.now() / 1000);
      const key = (await store.key('merchant', `o${n++}`, ts)).replace(':n:', ':old:');
      const reply = await client.eval(ROUND_THREE_SCRIPT, {
        keys: ['cost:old:marker', key],
        arguments: [String(ts), 'PXAT', String((ts + 301) * 1000), '30000'],
      });
      if (!Array.isArray(reply) || reply[0] !== 1) throw new Error(`round three's script did not accept: ${reply}`);
    };
    old.commands = ['eval', 'evalsha'];
    await batch(admin, Math.min(1000, checks), old, inFlight);
    await batch(admin, Math.min(1000, checks), check, inFlight); // warm-up: script cached, JIT, allocator
    await batch(admin, Math.min(1000, checks), set, inFlight);
    const ours = [];
    const floor = [];
    const before = [];
    for (let r = 0; r < rounds; r++) {
      ours.push(await batch(admin, checks, check, inFlight));
      floor.push(await batch(admin, checks, set, inFlight));
      before.push(await batch(admin, checks, old, inFlight));
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
      oldCpuUs: median(pick(before, 'cpuUs')),
      oldCmdUs: median(pick(before, 'cmdUs')),
      oldRatio: median(before.map((o, i) => o.cpuUs / floor[i].cpuUs)),
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
    `| round three's check (\`INFO\` per check, \`EVAL\`), for reference | ${f(c.oldCpuUs)} µs (ratio ${c.oldRatio.toFixed(2)}) | ${f(c.oldCmdUs)} µs |`,
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
