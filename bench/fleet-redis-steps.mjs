#!/usr/bin/env node
// What each part of the nonce check costs Redis: scripts built up one step at a time toward the check
// (recording the nonce, then TIME, the counter, the marker read, the reply of the check's shape),
// then the check script itself, each against a plain `SET key 1 PX 300000 NX` on the same
// redis-server. Rounds run every row one after another (a fresh key per call), and each row's
// Redis CPU (`INFO cpu`) is divided by the SET's of the same round; the median of the rounds is
// printed. Shows how close to a SET a script can get before any of the check's logic.
//
//   node bench/fleet-redis-steps.mjs [--calls 3000] [--rounds 15]   (after npm run build)
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { createClient } from 'redis';
import { ESTABLISHED_MARKER, plainCheckArgs, startRedis } from './fleet-load.mjs';
import { batch } from './fleet-redis-cpu.mjs';
import { commandLine, median } from './harness.mjs';

const { value } = commandLine();
const CALLS = Number(value('--calls', 3000));
const ROUNDS = Number(value('--rounds', 15));
const { CHECK_SCRIPT } = await import(pathToFileURL(join(resolve('dist'), 'stores', 'redis', 'script.js')).href);

const RECORD = `if redis.call('SETNX', KEYS[2], '1') == 0 then return 0 end redis.call('PEXPIREAT', KEYS[2], 1900000000000)`;
const TIME = `local t = redis.call('TIME') `;
const READ = `local m = redis.call('HMGET', KEYS[1], 'g', 'c', 'epoch', 'f', 'p', 'po', 'pt') `;
const COUNT = `redis.call('HINCRBY', KEYS[1], 'c', 1)`;
const ROWS = [
  ['recording the nonce (SETNX, PEXPIREAT)', `${RECORD} return 1`],
  ['+ TIME', `${TIME}${RECORD} return 1`],
  ['+ the counter (HINCRBY)', `${TIME}${RECORD} return ${COUNT}`],
  ['+ the marker read (HMGET of 7 fields)', `${TIME}${READ}${RECORD} return ${COUNT}`],
  ["+ a reply of the check's shape", `${TIME}${READ}${RECORD} return {1, 1, 30001, m[1], ${COUNT}, 1}`],
  ['the check script', CHECK_SCRIPT],
];

const redis = await startRedis();
const client = createClient({ url: redis.url });
const admin = createClient({ url: redis.url });
try {
  await client.connect();
  await admin.connect();
  const shas = await Promise.all(ROWS.map(([, script]) => client.scriptLoad(script)));
  let n = 0;
  const key = () => `steps:{b}:n:${(n++).toString(36)}:0123456789abcdef0123456789abcdef`;
  const cpuPerCall = async (one) => (await batch(admin, CALLS, one, 1)).cpuUs;
  const set = () => client.sendCommand(['SET', key(), '1', 'PX', '300000', 'NX']);
  const row = (sha) => () => {
    const ts = String(Math.floor(Date.now() / 1000));
    return client.evalSha(sha, {
      keys: ['steps:{b}:marker', key()],
      arguments: plainCheckArgs(ts),
    });
  };
  const ratios = ROWS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    await admin.sendCommand(['HSET', 'steps:{b}:marker', ...ESTABLISHED_MARKER]);
    const floor = await cpuPerCall(set);
    for (const [i, sha] of shas.entries()) ratios[i].push((await cpuPerCall(row(sha))) / floor);
  }
  console.log(`Redis CPU per call / that of a plain SET NX PX (${CALLS} calls x ${ROUNDS} rounds, median):\n`);
  console.log('| script | x the SET |\n|---|--:|');
  for (const [i, [name]] of ROWS.entries()) console.log(`| ${name} | ${median(ratios[i]).toFixed(2)} |`);
} finally {
  await client.quit().catch(() => {});
  await admin.quit().catch(() => {});
  await redis.stop();
}
process.exit(0);
