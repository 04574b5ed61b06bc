/**
 * `paysig conformance --adapter "<command>"`: runs paysig's golden vectors against any
 * implementation, in any language, through the line protocol of vectors/PROTOCOL.md. Exits 0
 * when every case passes, 1 on any failure or protocol problem, 2 for a usage error.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { splitCommand } from './conformance-adapter.js';
import { runConformance } from './conformance-kit.js';
import { reportLines } from './conformance-report.js';
import { flag, parseCommand, UsageError, type Io } from './util.js';

/** Help text of the subcommand. */
export const CONFORMANCE_HELP = `usage: paysig conformance --adapter "<command>" [--shell] [--topics a,b]
                          [--timeout MS] [--json] [--vectors DIR]

Runs paysig's golden vectors against an implementation in any language. The adapter
command is started once (split into words, no shell; --shell runs it with sh -c) and
speaks the line protocol of vectors/PROTOCOL.md: one JSON case per line on its standard
input, one JSON answer per case on its standard output. Prints a table per topic (pass,
fail, skip), then each failing case with its input, expected and actual values.

options:
  --adapter CMD   the adapter command (required)
  --shell         run CMD with sh -c (variables, pipes) instead of splitting it into words
  --topics a,b    only these vector topics (default: all)
  --timeout MS    how long one case may wait for its answer (default 10000; the
                  first case after the adapter starts gets 10 s more)
  --json          print the report as JSON
  --vectors DIR   another vectors folder (default: the one shipped with paysig)

Exit status: 0 all cases pass, 1 a failure or protocol problem, 2 usage error.`;

const OPTIONS = {
  adapter: { type: 'string' },
  shell: { type: 'boolean' },
  topics: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  vectors: { type: 'string' },
} as const;

/** The vectors folder shipped with the package: two levels above this file (src/cli/ or dist/cli/). */
export function packageVectorsDir(): string {
  return fileURLToPath(new URL('../../vectors/', import.meta.url));
}

/** Runs the subcommand; returns the exit status. */
export async function runConformanceCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, OPTIONS);
  if (args.positionals.length > 0)
    throw new UsageError(
      `unexpected argument "${args.positionals[0]!.slice(0, 60)}"; give the adapter with --adapter "<command>"`,
      { field: 'argv' },
    );
  const command = flag(args, 'adapter');
  if (command === undefined)
    throw new UsageError('--adapter "<command>" is required (see vectors/PROTOCOL.md)', { field: 'adapter' });
  const timeoutText = flag(args, 'timeout') ?? '10000';
  if (!/^[1-9][0-9]{0,6}$/.test(timeoutText))
    throw new UsageError('--timeout must be a whole number of milliseconds, 1 to 9999999', { field: 'timeout' });
  const vectorsDir = flag(args, 'vectors') ?? packageVectorsDir();
  if (!existsSync(vectorsDir)) throw new UsageError(`no vectors folder at ${vectorsDir}`, { field: 'vectors' });
  const topics = flag(args, 'topics')
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const report = await runConformance({
    argv: args.flags.has('shell') ? ['sh', '-c', command] : splitCommand(command),
    vectorsDir,
    timeoutMs: Number(timeoutText),
    env: io.env,
    ...(topics !== undefined ? { topics } : {}),
  });
  if (args.flags.has('json')) io.out(JSON.stringify(report, null, 2));
  else for (const line of reportLines(report)) io.out(line);
  return report.ok ? 0 : 1;
}
