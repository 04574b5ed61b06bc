/**
 * Real redis-server processes for tests, on free loopback ports. `redis-server` is looked up on
 * PATH (never an absolute path); missing, it is a failure with the one line that fixes it, not a
 * skip: CI installs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/** The `redis-server` found on PATH. */
export function redisServerPath(): string {
  // `npm test` resolves it through scripts/provision.mjs and passes it on.
  const given = process.env['PAYSIG_REDIS_SERVER'];
  if (given !== undefined && given !== '') return given;
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    'redis-server is not on PATH: install it (apt-get install redis-server), or set REDIS_URL for the tests that need no restart',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** A redis-server on loopback; `args` are extra command-line options (`--maxmemory-policy`, ...). */
export class RedisServer {
  child: ChildProcess | undefined;
  readonly started: ChildProcess[] = [];
  constructor(
    readonly port: number,
    readonly args: string[] = [],
  ) {}

  static async start(args: string[] = []): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), args);
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** The temporary directory of a server started without `--dir` (so no stray dump.rdb is ever loaded or written). */
  #dir: string | undefined;

  /** Starts it (again) on the same port; by default without persistence, in a temporary directory. */
  restart(args: string[] = this.args): Promise<void> {
    this.#dir ??= mkdtempSync(join(tmpdir(), 'paysig-redis-'));
    const persistence = args.includes('--dir') ? [] : ['--save', '', '--appendonly', 'no', '--dir', this.#dir];
    const child = spawn(
      redisServerPath(),
      ['--port', String(this.port), '--bind', '127.0.0.1', ...persistence, ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    this.started.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out}`));
      });
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  /** SIGKILL, and wait for the exit. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills every process this object started. */
  async stop(): Promise<void> {
    for (const child of this.started) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGKILL');
      }
    }
    if (this.#dir !== undefined) rmSync(this.#dir, { recursive: true, force: true });
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the wall clock has just entered a new second. */
export async function nextSecond(): Promise<void> {
  await sleep(1000 - (Date.now() % 1000) + 20);
}

/** Retries `attempt` every 50 ms until it resolves (or `ms` have passed). */
export async function eventually<T>(attempt: () => Promise<T>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (e) {
      if (Date.now() > end) throw e;
      await sleep(50);
    }
  }
}

/**
 * Writes a store's marker as if the store had been running on this server for an hour (the
 * fields the check script keeps: generation, counter, epoch, future bound, run_id), so tests
 * that are not about a loss start from an established store instead of a new one (whose first
 * check refuses timestamps up to now + the future bound). `send` runs one command.
 */
export async function establish(send: (args: string[]) => Promise<unknown>, prefix: string): Promise<void> {
  const epoch = String(Date.now() - 3_600_000);
  const run = /run_id:(\w+)/.exec(String(await send(['INFO', 'server'])))?.[1];
  if (run === undefined) throw new Error('INFO gave no run_id');
  // No past bound yet: the first check records its own (as on a marker from before the bound was kept).
  await send(['HSET', prefix + 'marker', 'g', '1.1', 'c', '0', 'epoch', epoch, 'f', '0', 'run', run]);
}
