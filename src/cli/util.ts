/**
 * Shared helpers of the `paysig` command: argument parsing, secrets from the environment,
 * output. Node-only.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { InvalidInputError, MissingFieldError, PaysigError } from '../index.js';

/** Parsed command-line arguments: `--name value`, `--name=value`, boolean flags, positionals. */
export interface Args {
  readonly flags: Map<string, string | true>;
  readonly positionals: string[];
}

/** Marks an error as a user mistake in the command line or environment (exit status 2). */
export class UsageError extends InvalidInputError {}

/**
 * Parses `argv`. `booleans` are flags that take no value; every other `--flag` takes the next
 * argument (or the text after `=`). `--` ends the flags. Unknown flags are refused.
 */
export function parseArgs(argv: readonly string[], valued: readonly string[], booleans: readonly string[] = []): Args {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  let rest = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (rest || !a.startsWith('--') || a === '-') {
      positionals.push(a);
      continue;
    }
    if (a === '--') {
      rest = true;
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (booleans.includes(name)) {
      if (eq >= 0) throw new UsageError(`option --${name} takes no value`, { field: name });
      flags.set(name, true);
    } else if (valued.includes(name)) {
      let value: string | undefined;
      if (eq >= 0) value = a.slice(eq + 1);
      else {
        value = argv[i + 1];
        i++;
      }
      if (value === undefined) throw new UsageError(`option --${name} needs a value`, { field: name });
      flags.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`, { field: name });
    }
  }
  return { flags, positionals };
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
}
