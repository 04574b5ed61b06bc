#!/usr/bin/env node
// Redis's user-space instructions per nonce check, exactly: redis-server runs under valgrind's
// cachegrind, which counts every instruction it executes whatever else the machine does (the
// `INFO cpu` figures of bench/fleet-redis-cpu.mjs move with the machine's load by more than the
// differences between two scripts). Each row starts a fresh server, makes N1 and then, on another
// fresh server, N2 calls; (instructions(N2) - instructions(N1)) / (N2 - N1) is the cost of one call,
// start-up and shutdown cancelled. Rows: a plain `SET key 1 PX 300000 NX` (the floor), a script
// that only returns a reply of the check's shape from the check's keys and arguments (the cost of
// calling Lua at all), and the check script of the build in --dist (default dist/), sent as
// RedisNonceStore sends a plain check. Compare two versions by building each into its own
// directory and passing --dist. The kernel's share of a call (reading the request, writing the
// reply) is not counted: it is the same for every row.
//
//   node bench/fleet-redis-instructions.mjs [--dist <dir>] [--calls 100,600]
//   needs valgrind on PATH (Debian: apt install valgrind) and redis-server (as every fleet bench)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { createClient } from 'redis';
import { freePort, redisServerPath } from '../scripts/redis-server.mjs';
import { ESTABLISHED_MARKER, plainCheckArgs } from './fleet-load.mjs';
import { commandLine } from './harness.mjs';

const { value } = commandLine();
if (spawnSync('valgrind', ['--version']).error !== undefined) {
  console.error('bench/fleet-redis-instructions.mjs needs valgrind on PATH (Debian: apt install valgrind)');
  process.exit(1);
}
const dist = resolve(value('--dist', 'dist'));
const { CHECK_SCRIPT } = await import(pathToFileURL(join(dist, 'stores', 'redis', 'script.js')).href);
const [N1, N2] = value('--calls', '100,600').split(',').map(Number);

const ROWS = [
  { name: 'plain `SET key 1 PX 300000 NX` (the floor)', script: null },
  { name: 'a script that only returns a reply of the same shape', script: 'return {1, 1, 30001, ARGV[4], 6, 1}' },
  { name: `the check script (${value('--dist', 'dist/')})`, script: CHECK_SCRIPT },
];

/** Total instructions of a fresh redis-server that answered `calls` calls of `script`. */
async function instructions(script, calls) {
  const dir = mkdtempSync(join(tmpdir(), 'paysig-cachegrind-'));
  const port = await freePort();
  const out = join(dir, 'cachegrind.out');
  const args = ['--tool=cachegrind', '--cache-sim=no', `--cachegrind-out-file=${out}`, redisServerPath()];
  const child = spawn('valgrind', [...args, '--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  const exited = new Promise((res) => child.on('exit', res));
  const client = createClient({ url: `redis://127.0.0.1:${port}` });
  client.on('error', () => {});
  try {
    for (let tries = 0; ; tries++) {
      try {
        await client.connect();
        break;
      } catch (e) {
        if (tries > 100) throw e;
        await sleep(200);
      }
    }
    await client.sendCommand(['HSET', 'bench:{b}:marker', ...ESTABLISHED_MARKER]);
    const sha = script === null ? undefined : await client.scriptLoad(script);
    for (let i = 0; i < calls; i++) {
      const ts = String(Math.floor(Date.now() / 1000));
      const key = `bench:{b}:n:${i.toString(36)}:0123456789abcdef0123456789abcdef`;
      const reply =
        sha === undefined
          ? await client.sendCommand(['SET', key, '1', 'PX', '300000', 'NX'])
          : await client.evalSha(sha, { keys: ['bench:{b}:marker', key], arguments: plainCheckArgs(ts) });
      if (sha === undefined ? reply !== 'OK' : !Array.isArray(reply) || reply[0] !== 1) {
        throw new Error(`unexpected reply ${JSON.stringify(reply)}: the call did not record a fresh key`);
      }
    }
    await client.sendCommand(['SHUTDOWN', 'NOSAVE']).catch(() => {});
    await exited;
    return Number(/^summary: (\d+)/m.exec(readFileSync(out, 'utf8'))?.[1]);
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
for (const row of ROWS) {
  const per = ((await instructions(row.script, N2)) - (await instructions(row.script, N1))) / (N2 - N1);
  rows.push({ ...row, per });
}
console.log(
  `Redis user-space instructions per call (valgrind cachegrind, redis-server ${redisVersion()}, (${N2} - ${N1} calls)):\n`,
);
console.log('| call | instructions | x the SET |\n|---|--:|--:|');
for (const r of rows)
  console.log(`| ${r.name} | ${Math.round(r.per).toLocaleString('en-US')} | ${(r.per / rows[0].per).toFixed(2)} |`);

function redisVersion() {
  return /v=(\S+)/.exec(spawnSync(redisServerPath(), ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? '?';
}
