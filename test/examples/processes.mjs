// Long-running example processes for the examples runner: each starts in its own process group
// and is killed as a group (SIGKILL), on stop, on its time limit, or when the runner exits.
import { spawn } from 'node:child_process';

const live = new Set();

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of live) killGroup(child);
    process.exit(130);
  });
}
process.on('exit', () => {
  for (const child of live) killGroup(child);
});

/** A loopback port that was free a moment ago (the one helper, shared with the Redis launcher). */
export { freePort } from '../../scripts/redis-server.mjs';

/**
 * Starts `cmd args` and returns { child, output(), exited, stop() }. The process is killed after
 * `limitMs` whatever happens.
 */
export function start(cmd, args, { cwd, env, limitMs }) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (text += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (text += d));
  const exited = new Promise((resolve) => {
    child.on('error', (e) => {
      text += String(e);
      resolve(null);
    });
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
  const timer = setTimeout(() => killGroup(child), limitMs);
  const stop = async () => {
    clearTimeout(timer);
    killGroup(child);
    await exited;
    live.delete(child);
  };
  return { child, exited, stop, output: () => text };
}

/** Resolves once something answers HTTP on the port; rejects when the process exits or time is up. */
export async function waitForHttp(port, proc, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  proc.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error('the process exited before it answered');
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`nothing answered on port ${port} within ${timeoutMs / 1000}s`);
}

/** Runs a command to its end (bounded), returning { code, stdout, stderr }. */
export async function runToEnd(cmd, args, { cwd, env, limitMs }) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  const timer = setTimeout(() => killGroup(child), limitMs);
  const code = await new Promise((resolve) => {
    child.on('error', (e) => {
      stderr += String(e);
      resolve(null);
    });
    child.on('close', (c, s) => resolve(c ?? s));
  });
  clearTimeout(timer);
  killGroup(child);
  live.delete(child);
  return { code, stdout, stderr };
}
