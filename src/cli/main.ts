#!/usr/bin/env node
/**
 * The `paysig` executable: wires {@link main} (src/cli/run.ts) to the process: arguments,
 * standard streams, exit status.
 *
 * @module
 */
import { main } from './run.js';
import { UsageError, type Io } from './util.js';

/** Largest request read from standard input. */
const MAX_STDIN = 1024 * 1024;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    total += b.length;
    if (total > MAX_STDIN) throw new UsageError('standard input is larger than 1 MiB', { field: 'stdin' });
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
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
  stdinIsTTY: process.stdin.isTTY === true,
};
process.exitCode = await main(process.argv.slice(2), io);
