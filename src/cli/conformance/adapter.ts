/**
 * One running adapter process of the conformance kit: spawned once in a process group of its
 * own, fed one JSON line per case on its standard input, read one line at a time from its
 * standard output. Memory stays bounded whatever it prints: lines are capped in length, reading
 * pauses while unread lines pile up, and its standard error is kept up to a cap (start and end).
 * When it exits or is stopped, its whole process group is killed and its pipes closed, so a
 * background child that keeps them open can neither hang the kit nor keep it alive. Node-only.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { UsageError } from '../util.js';

/** Longest answer line accepted from an adapter (bytes); longer lines are reported and dropped. */
export const MAX_LINE = 1024 * 1024;
/** How much of an adapter's standard error is kept (characters): the first part and the last. */
export const STDERR_MAX = 64 * 1024;
const STDERR_HEAD = 48 * 1024;
const STDERR_TAIL = STDERR_MAX - STDERR_HEAD;
/** Unread lines at which reading pauses (the adapter then blocks on a full pipe). */
const QUEUE_PAUSE = 256;
/** How long the pipes may stay open after the adapter exited (a child of it holding them). */
const EXIT_GRACE_MS = 300;

/** Something the adapter did. */
export type AdapterEvent =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'overlong'; readonly bytes: number }
  | { readonly kind: 'exit'; readonly how: string }
  | { readonly kind: 'timeout' };

/**
 * Splits a command line into argv without a shell: whitespace separates words; '...' is literal;
 * "..." and a backslash outside quotes escape the next character. No variables, globs or pipes.
 */
export function splitCommand(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && (command[i + 1] === '"' || command[i + 1] === '\\')) word += command[++i]!;
      else word += ch;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      if (ch === "'" || ch === '"') quote = ch;
      else if (ch === '\\' && i + 1 < command.length) word += command[++i]!;
      else word += ch;
    }
  }
  if (quote !== undefined)
    throw new UsageError(`the adapter command has an unclosed ${quote} quote`, { field: 'adapter' });
  if (inWord) words.push(word);
  if (words.length === 0) throw new UsageError('the adapter command is empty', { field: 'adapter' });
  return words;
}

/** A running adapter. */
export class AdapterProcess {
  private readonly child: ChildProcess;
  private readonly queue: AdapterEvent[] = [];
  private waiter: ((e: AdapterEvent) => void) | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dropping = 0;
  private stderrHead = '';
  private stderrTail = '';
  private stderrLost = 0;
  private exited = false;
  private paused = false;

  /** Starts `argv` with the environment `env`, detached into a process group of its own. */
  private constructor(argv: readonly string[], env: Readonly<Record<string, string | undefined>>) {
    this.child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env, detached: true });
    this.child.stdout!.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => this.onStderr(chunk.toString('utf8')));
    this.child.stdin!.on('error', () => {}); // EPIPE once it has exited: the exit event reports it
    this.child.on('error', (e: NodeJS.ErrnoException) => this.onExit(`could not be started (${e.code ?? e.message})`));
    this.child.on('exit', (code, signal) => {
      const how = signal !== null ? `was killed by ${signal}` : `exited with status ${code}`;
      // Let the pipes drain; a background child still holding them is killed with the group.
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.killGroup();
        this.child.stdout!.destroy();
        this.child.stderr!.destroy();
        this.onExit(how);
      };
      const timer = setTimeout(finish, EXIT_GRACE_MS);
      this.child.once('close', finish);
      if (this.paused) this.resume();
    });
  }

  /**
   * Starts an adapter and waits until it runs. A command that cannot be started (not found, not
   * executable) is a usage error.
   */
  static async start(
    argv: readonly string[],
    env: Readonly<Record<string, string | undefined>>,
  ): Promise<AdapterProcess> {
    const a = new AdapterProcess(argv, env);
    await new Promise<void>((resolve, reject) => {
      a.child.once('spawn', () => resolve());
      a.child.once('error', (e: NodeJS.ErrnoException) =>
        reject(
          new UsageError(
            `cannot start the adapter ${JSON.stringify(argv[0]!.slice(0, 200))} (${e.code ?? e.message})`,
            { field: 'adapter' },
          ),
        ),
      );
    });
    return a;
  }

  /** What the adapter wrote to its standard error: all of it up to STDERR_MAX characters, else its start and end. */
  get stderr(): string {
    if (this.stderrLost === 0) return this.stderrHead + this.stderrTail;
    return `${this.stderrHead}\n[... ${this.stderrLost} characters left out ...]\n${this.stderrTail}`;
  }

  /** True once the process has exited. */
  get dead(): boolean {
    return this.exited;
  }

  /** Sends one line (a newline is added). */
  send(line: string): void {
    if (!this.exited && this.child.stdin!.writable) this.child.stdin!.write(line + '\n');
  }

  /** Closes the adapter's standard input (the end of the cases). */
  close(): void {
    this.child.stdin!.end();
  }

  /** Kills the adapter's whole process group (SIGKILL). */
  kill(): void {
    this.killGroup();
    if (!this.exited) this.child.kill('SIGKILL');
  }

  /** The next event, or `timeout` after `ms` milliseconds without one. */
  next(ms: number): Promise<AdapterEvent> {
    const ready = this.queue.shift();
    if (this.paused && this.queue.length < QUEUE_PAUSE / 2) this.resume();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        resolve({ kind: 'timeout' });
      }, ms);
      this.waiter = (e) => {
        clearTimeout(timer);
        this.waiter = undefined;
        resolve(e);
      };
    });
  }

  private killGroup(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  }

  private resume(): void {
    this.paused = false;
    this.child.stdout!.resume();
  }

  private push(e: AdapterEvent): void {
    if (this.waiter !== undefined) this.waiter(e);
    else {
      this.queue.push(e);
      if (!this.paused && !this.exited && this.queue.length >= QUEUE_PAUSE) {
        this.paused = true;
        this.child.stdout!.pause();
      }
    }
  }

  private onStderr(text: string): void {
    if (this.stderrHead.length < STDERR_HEAD) {
      const room = STDERR_HEAD - this.stderrHead.length;
      this.stderrHead += text.slice(0, room);
      text = text.slice(room);
    }
    if (text === '') return;
    const tail = this.stderrTail + text;
    if (tail.length > STDERR_TAIL) {
      this.stderrLost += tail.length - STDERR_TAIL;
      this.stderrTail = tail.slice(-STDERR_TAIL);
    } else this.stderrTail = tail;
  }

  private onExit(how: string): void {
    if (this.exited) return;
    this.exited = true;
    if (this.dropping > 0) this.push({ kind: 'overlong', bytes: this.dropping });
    else if (this.pendingBytes > 0) this.push({ kind: 'line', text: Buffer.concat(this.pending).toString('utf8') });
    this.pending = [];
    this.push({ kind: 'exit', how });
  }

  private onData(chunk: Buffer): void {
    if (this.exited) return;
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      if (this.dropping > 0) this.push({ kind: 'overlong', bytes: this.dropping });
      else this.push({ kind: 'line', text: Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '') });
      this.pending = [];
      this.pendingBytes = 0;
      this.dropping = 0;
      start = nl + 1;
    }
    this.take(chunk.subarray(start));
  }

  /** Adds part of a line, or counts it as dropped once the line is longer than MAX_LINE. */
  private take(part: Buffer): void {
    if (this.dropping > 0) {
      this.dropping += part.length;
    } else if (this.pendingBytes + part.length > MAX_LINE) {
      this.dropping = this.pendingBytes + part.length;
      this.pending = [];
      this.pendingBytes = 0;
    } else if (part.length > 0) {
      this.pending.push(Buffer.from(part));
      this.pendingBytes += part.length;
    }
  }
}
