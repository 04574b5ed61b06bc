/**
 * Real redis-server processes for tests, on free loopback ports. `redis-server` is looked up on
 * PATH (never an absolute path); missing, it is a failure with the one line that fixes it, not a
 * skip: CI installs it. Finding, spawning and establishing are scripts/redis-server.mjs's, which
 * the fleet benchmark shares.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnRedis } from '../../scripts/redis-server.mjs';

export { establish, freePort, redisServerPath } from '../../scripts/redis-server.mjs';

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
    const { child, ready } = spawnRedis(this.port, [...persistence, ...args]);
    this.child = child;
    this.started.push(child);
    return ready;
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
