// Starting a redis-server on loopback, shared by the tests (test/helpers/redis-server.ts) and the
// fleet benchmark (bench/fleet-load.mjs). The binary is the one PAYSIG_REDIS_SERVER names (as
// scripts/provision.mjs passes it) or the first on PATH.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { probe } from './tools.mjs';

/** The `redis-server` to start; missing, an error with the line that fixes it. */
export function redisServerPath() {
  const path = probe(['redis-server'])['redis-server'];
  if (path === undefined) throw new Error('redis-server is not on PATH: install it (apt-get install redis-server)');
  return path;
}

/** A loopback port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Spawns redis-server on 127.0.0.1:`port` with the extra `args`. `ready` resolves once it accepts
 * connections, and rejects when it exits before that or is not up within 10 s.
 */
export function spawnRedis(port, args) {
  const child = spawn(redisServerPath(), ['--port', String(port), '--bind', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise((resolve, reject) => {
    let out = '';
    const exited = (code) => settle(new Error(`redis-server exited (${code}): ${out}`));
    const timer = setTimeout(() => settle(new Error(`redis-server did not start: ${out}`)), 10_000);
    function settle(error) {
      clearTimeout(timer);
      child.off('exit', exited);
      if (error === undefined) resolve();
      else reject(error);
    }
    child.once('error', settle);
    child.once('exit', exited);
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Ready to accept connections')) settle();
    });
  });
  return { child, ready };
}

/**
 * Writes a store's marker as if the store had been running on this server for an hour (the
 * fields the check script keeps: generation, counter, epoch, future bound, run_id), so that a run
 * that is not about a loss starts from an established store instead of a new one (whose first
 * check refuses timestamps up to now + the future bound). `send` runs one command.
 */
export async function establish(send, prefix) {
  const epoch = String(Date.now() - 3_600_000);
  const run = /run_id:(\w+)/.exec(String(await send(['INFO', 'server'])))?.[1];
  if (run === undefined) throw new Error('INFO gave no run_id');
  // No past bound yet: the first check records its own (as on a marker from before the bound was kept).
  await send(['HSET', `${prefix}marker`, 'g', '1.1', 'c', '0', 'epoch', epoch, 'f', '0', 'run', run]);
}
