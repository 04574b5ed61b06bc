/**
 * `paysig conformance --adapter "<command>"`: runs paysig's golden vectors and generated cases
 * against any implementation, in any language, through the line protocol of
 * vectors/PROTOCOL.md. Exit status: 0 pass, 1 failed or incomplete, 2 usage error.
 *
 * @module
 */
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flag, parseCommand, UsageError, type Io } from '../util.js';
import { splitCommand } from './adapter.js';
import { applyExpect, readExpectFile } from './expect.js';
import { reportLines } from './report.js';
import { runConformance } from './run.js';
import { SEVERITIES, type Severity } from './types.js';

/** Help text of the subcommand. */
export const CONFORMANCE_HELP = `usage: paysig conformance --adapter "<command>" [options]

Runs paysig's golden vectors, plus cases drawn for this run from a seed, against an
implementation in any language. The adapter command is started once (split into words,
no shell; --shell runs it with sh -c) and speaks the line protocol of vectors/PROTOCOL.md.
Prints coverage per topic, then each failing case grouped by severity (mismatch,
refuses-valid, accepts-invalid, transport, service-behaviour, not-run) with its sources,
its field- or term-level differences and the likely cause.

options:
  --adapter CMD        the adapter command (required)
  --shell              run CMD with sh -c (variables, pipes) instead of splitting it into words
  --topics a,b         only these vector topics (default: all)
  --case t/id,...      only these cases
  --grep TEXT          only the cases whose id (topic/id) contains TEXT
  --timeout MS         how long one case may wait for its answer (default 10000; the
                       first case after the adapter starts gets 10 s more)
  --max-restarts N     how often a crashed or hung adapter is started again (default 3)
  --fail-on LIST       severities that fail the run: a comma list, or all
                       (default: mismatch,refuses-valid)
  --strict-transport   count serialisation differences of operations as mismatches
  --expect FILE        known failures, one case id per line: exit 0 when only they fail
  --seed N             replay the generated cases of an earlier run (the seed is printed)
  --generated N        generated cases per topic (default 8; 0 for none)
  --stderr-file FILE   write the adapter's standard error (each start, bounded) to FILE
  --json               print the report as JSON
  --vectors DIR        another vectors folder (default: the one shipped with paysig)

Exit status: 0 pass; 1 a failure of a --fail-on severity, a protocol problem, or an
INCOMPLETE run (less than half the cases offered were answered); 2 usage error.`;

const OPTIONS = {
  adapter: { type: 'string' },
  shell: { type: 'boolean' },
  topics: { type: 'string' },
  case: { type: 'string' },
  grep: { type: 'string' },
  timeout: { type: 'string' },
  'max-restarts': { type: 'string' },
  'fail-on': { type: 'string' },
  'strict-transport': { type: 'boolean' },
  expect: { type: 'string' },
  seed: { type: 'string' },
  generated: { type: 'string' },
  'stderr-file': { type: 'string' },
  json: { type: 'boolean' },
  vectors: { type: 'string' },
} as const;

/** The vectors folder shipped with the package: three levels above this file (src/cli/conformance/ or dist/cli/conformance/). */
export function packageVectorsDir(): string {
  return fileURLToPath(new URL('../../../vectors/', import.meta.url));
}

function whole(text: string | undefined, name: string, fallback: string, max = 9_999_999): number {
  const t = text ?? fallback;
  if (!/^[0-9]{1,10}$/.test(t) || Number(t) > max)
    throw new UsageError(`--${name} must be a whole number, 0 to ${max}`, { field: name });
  return Number(t);
}

const list = (text: string | undefined): string[] | undefined =>
  text
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

function failOnOf(text: string | undefined): Severity[] | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === 'all') return [...SEVERITIES];
  const picked = list(text) ?? [];
  for (const s of picked)
    if (!(SEVERITIES as readonly string[]).includes(s))
      throw new UsageError(`--fail-on: unknown severity "${s.slice(0, 40)}"; use all or ${SEVERITIES.join(', ')}`, {
        field: 'fail-on',
      });
  return picked as Severity[];
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
  const timeoutMs = whole(flag(args, 'timeout'), 'timeout', '10000');
  if (timeoutMs === 0) throw new UsageError('--timeout must be at least 1 ms', { field: 'timeout' });
  const vectorsDir = flag(args, 'vectors') ?? packageVectorsDir();
  if (!existsSync(vectorsDir)) throw new UsageError(`no vectors folder at ${vectorsDir}`, { field: 'vectors' });
  const failOn = failOnOf(flag(args, 'fail-on'));
  const expectFile = flag(args, 'expect');
  const listed = expectFile !== undefined ? readExpectFile(expectFile) : undefined;
  const topics = list(flag(args, 'topics'));
  const cases = list(flag(args, 'case'));
  const grep = flag(args, 'grep');
  const seedText = flag(args, 'seed');
  const report = await runConformance({
    argv: args.flags.has('shell') ? ['sh', '-c', command] : splitCommand(command),
    vectorsDir,
    timeoutMs,
    env: io.env,
    maxRestarts: whole(flag(args, 'max-restarts'), 'max-restarts', '3', 1000),
    generated: whole(flag(args, 'generated'), 'generated', '8', 1000),
    strictTransport: args.flags.has('strict-transport'),
    ...(seedText !== undefined ? { seed: whole(seedText, 'seed', '0', 2 ** 31 - 1) } : {}),
    ...(failOn !== undefined ? { failOn } : {}),
    ...(topics !== undefined ? { topics } : {}),
    ...(cases !== undefined ? { cases } : {}),
    ...(grep !== undefined ? { grep } : {}),
  });
  const expectation = listed !== undefined ? applyExpect(report, listed, failOn) : undefined;
  const stderrFile = flag(args, 'stderr-file');
  if (stderrFile !== undefined)
    writeFileSync(
      stderrFile,
      report.adapterRuns.map((r, i) => `=== adapter start ${i + 1}: ${r.ended}\n${r.stderr}\n`).join('\n'),
    );
  if (args.flags.has('json'))
    io.out(JSON.stringify(expectation !== undefined ? { ...report, expectation } : report, null, 2));
  else for (const line of reportLines(report, expectation)) io.out(line);
  return (expectation !== undefined ? expectation.ok : report.ok) ? 0 : 1;
}
