/**
 * Shared helpers of the `paysig` command: argument parsing (`node:util` `parseArgs`), did-you-mean,
 * secrets from the environment, output. Node-only.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  findOperation,
  InvalidInputError,
  MissingFieldError,
  OPERATIONS,
  PaysigError,
  UnknownOperationError,
  type Operation,
} from '../index.js';

/** Parsed command-line arguments: option values by name, and the positionals. */
export interface Args {
  readonly flags: Map<string, string | true>;
  readonly positionals: string[];
}

/** The options a command accepts, in `node:util` `parseArgs` form. */
export type OptionSpec = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;

/** Marks an error as a user mistake in the command line or environment (exit status 2). */
export class UsageError extends InvalidInputError {}

/** Edit distance (insertions, deletions, substitutions, adjacent swaps), for did-you-mean. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate closest to what the user typed, when it is close enough to be a typo (at most
 * one edit per three characters, or a unique prefix); undefined otherwise.
 */
export function didYouMean(typed: string, candidates: Iterable<string>): string | undefined {
  const t = typed.toLowerCase().slice(0, 64);
  if (t === '') return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  const prefixed: string[] = [];
  for (const c of candidates) {
    if (c.startsWith(t)) prefixed.push(c);
    const dist = distance(t, c.toLowerCase());
    if (dist < bestDistance) {
      best = c;
      bestDistance = dist;
    }
  }
  if (bestDistance <= Math.max(1, Math.floor(t.length / 3))) return best;
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** `; did you mean "x"?`, or `; <otherwise>` when nothing is close. */
export function suggestion(typed: string, candidates: Iterable<string>, otherwise: string): string {
  const s = didYouMean(typed, candidates);
  return s === undefined ? `; ${otherwise}` : `; did you mean "${s}"?`;
}

/**
 * Parses `argv` with `node:util` `parseArgs` (strict: unknown options are refused; `--` ends the
 * options) and turns its errors into {@link UsageError}s that name the option.
 */
export function parseCommand(argv: readonly string[], options: OptionSpec): Args {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const text = e instanceof Error ? e.message : '';
    const name = (/'(-{1,2}[^'\s]*)/.exec(text)?.[1] ?? '').replace(/^-+/, '');
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const shown = (name.length > 1 ? '--' : '-') + name.slice(0, 60);
      const close = didYouMean(name, Object.keys(options));
      throw new UsageError(`unknown option ${shown}${close !== undefined ? `; did you mean --${close}?` : ''}`, {
        field: name,
      });
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const kind = options[name]?.type === 'boolean' ? 'takes no value' : 'needs a value';
      throw new UsageError(`option --${name} ${kind}`, { field: name });
    }
    throw new UsageError(text.split('\n')[0] ?? 'cannot parse the command line', { field: 'argv' });
  }
  const flags = new Map<string, string | true>();
  for (const [k, v] of Object.entries(parsed.values)) if (v !== undefined && v !== false) flags.set(k, v);
  return { flags, positionals: parsed.positionals };
}

/** The operation the user named (an id such as `create-card-ref-v4`), with a did-you-mean when none. */
export function operationNamed(name: string): Operation {
  try {
    return findOperation(name);
  } catch (e) {
    if (!(e instanceof UnknownOperationError)) throw e;
    const ids = OPERATIONS.map((op) => op.id);
    throw new UnknownOperationError(
      `unknown operation ${JSON.stringify(name.slice(0, 60))}${suggestion(name, ids, 'run paysig operations for the list')}`,
      {
        field: 'operation',
      },
    );
  }
}

/** A string flag's value, if given. */
export function flag(args: Args, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** Reads a secret from `NAME` or from the file named by `NAME_FILE` (trailing whitespace removed). */
export function secretFromEnv(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const direct = env[name];
  if (direct !== undefined && direct !== '') return direct.trim();
  const file = env[`${name}_FILE`];
  if (file !== undefined && file !== '') return readSecretFile(file, `${name}_FILE`);
  return undefined;
}

/** Reads a file holding a secret; the error names the variable, never the content. */
export function readSecretFile(path: string, variable: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (e) {
    const code = (e as { code?: string }).code ?? 'unreadable';
    throw new UsageError(`cannot read the file named by ${variable} (${code})`, { field: variable });
  }
}

/** The merchant login from PAYSIG_LOGIN, required. */
export function loginFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const login = env['PAYSIG_LOGIN'];
  if (login === undefined || login.trim() === '') {
    throw new MissingFieldError('PAYSIG_LOGIN', 'set PAYSIG_LOGIN to the merchant login');
  }
  return login.trim();
}

/** One line for an error: `paysig: <message> (<code>)`. */
export function errorLine(e: unknown): string {
  if (e instanceof PaysigError) return `paysig: ${e.message} (${e.code})`;
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return `paysig: ${e.message}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return `paysig: ${String(e)}`;
}

/** Output sink, so the commands can be tested without a process. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  readonly env: NodeJS.ProcessEnv;
  readStdin(): Promise<string>;
  /** True when standard input is a terminal (a note then says the command waits for it). */
  readonly stdinIsTTY?: boolean;
}
