#!/usr/bin/env node
/**
 * The `paysig` command: dispatches to one subcommand per file. User mistakes print one line,
 * `paysig: <message> (<code>)`, and exit 2; a negative answer (a request that does not verify,
 * a demo failure) or an unexpected fault exits 1. No stack traces for user mistakes.
 *
 * @module
 */
import { httpStatusOf, PaysigError } from '../index.js';
import { DEMO_HELP, runDemo } from './demo.js';
import { KEYGEN_HELP, runKeygen } from './keygen.js';
import { OPERATIONS_HELP, runOperations } from './operations.js';
import { runSign, SIGN_HELP } from './sign.js';
import { errorLine, UsageError, type Io } from './util.js';
import { runVerify, VERIFY_HELP } from './verify.js';

const HELP = `usage: paysig <command> [options]

Sign and verify requests of the card-payment API (control digests, OAuth 1.0a).

commands:
  operations   list every operation: id, name, scheme, path
  sign         sign a request; prints it as curl and as raw HTTP
  verify       verify a raw HTTP request; --explain shows the work
  keygen       generate an RSA key pair for RSA-SHA256
  demo         sign and verify a sample request for every operation

"paysig <command> --help" describes a command. Secrets come only from the environment:
PAYSIG_LOGIN, PAYSIG_CONTROL_KEY, PAYSIG_CONTROL_KEY_FILE, PAYSIG_PRIVATE_KEY_FILE,
PAYSIG_PUBLIC_KEY_FILE.`;

const COMMANDS: Record<string, { help: string; run: (argv: readonly string[], io: Io) => number | Promise<number> }> = {
  operations: { help: OPERATIONS_HELP, run: runOperations },
  sign: { help: SIGN_HELP, run: runSign },
  verify: { help: VERIFY_HELP, run: runVerify },
  keygen: { help: KEYGEN_HELP, run: runKeygen },
  demo: { help: DEMO_HELP, run: runDemo },
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    total += b.length;
    if (total > 1024 * 1024) throw new UsageError('standard input is larger than 1 MiB', { field: 'stdin' });
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs the command line; returns the exit status. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name === undefined ? 2 : 0;
  }
  const cmd = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (cmd === undefined) {
    io.err(errorLine(new UsageError(`unknown command "${name.slice(0, 40)}"; run paysig --help`, { field: 'command' })));
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(cmd.help);
    return 0;
  }
  try {
    return await cmd.run(rest, io);
  } catch (e) {
    io.err(errorLine(e));
    if (e instanceof PaysigError) {
      const status = httpStatusOf(e);
      return status === 400 || status === 404 ? 2 : 1;
    }
    if (process.env['PAYSIG_DEBUG'] !== undefined && e instanceof Error && e.stack !== undefined) io.err(e.stack);
    return 1;
  }
}

// A closed pipe (paysig operations | head) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const io: Io = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  env: process.env,
  readStdin,
};
process.exitCode = await main(process.argv.slice(2), io);
