// Child processes with a hard time limit: each runs in its own process group, killed as a group
// (SIGKILL) when the limit is reached, so no runtime outlives its leg.
import { spawn } from 'node:child_process';

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string|undefined>, timeoutMs?: number, echo?: boolean }} [o]
 * @returns {Promise<{ code: number|null, signal: string|null, stdout: string, stderr: string, timedOut: boolean, ms: number }>}
 */
export function run(cmd, args, { cwd, env, timeoutMs = 120_000, echo = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let child;
    try {
      child = spawn(cmd, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (e) {
      resolve({ code: null, signal: null, stdout: '', stderr: String(e), timedOut: false, ms: 0 });
      return;
    }
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d) => {
      stdout += d;
      if (echo) process.stdout.write(d);
    });
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
      if (echo) process.stderr.write(d);
    });
    child.on('error', (e) => {
      stderr += String(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(); // anything the child left behind in its group
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** The `N passed, M failed` tally from the last non-empty line of `text`, or undefined. */
export function tally(text) {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const m = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : undefined;
}
