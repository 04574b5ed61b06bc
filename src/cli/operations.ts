/**
 * `paysig operations [--json]`: the catalog as a table.
 *
 * @module
 */
import { OPERATION_DOCS, OPERATIONS, type Operation } from '../index.js';
import { parseCommand, type Io } from './util.js';

/** Help text of the subcommand. */
export const OPERATIONS_HELP = `usage: paysig operations [--json]

Lists every operation of the catalog: id, internal name, scheme, where the scheme
comes from, and path. --json prints the rows as JSON, with each operation's purpose
and note.`;

/** The scheme column: formula, OAuth method, or "explicit" for unknown rows. */
export function schemeLabel(op: Operation): string {
  const a = op.auth;
  return a.kind === 'control' ? a.formula : a.kind === 'oauth' ? a.method : 'explicit';
}

/** Runs the subcommand; returns the exit status. */
export function runOperations(argv: readonly string[], io: Io): number {
  const args = parseCommand(argv, { json: { type: 'boolean' } });
  if (args.flags.has('json')) {
    io.out(
      JSON.stringify(
        OPERATIONS.map((op) => ({ ...op, ...OPERATION_DOCS[op.id] })),
        null,
        2,
      ),
    );
    return 0;
  }
  const rows = [
    ['ID', 'NAME', 'SCHEME', 'SOURCE', 'PATH'],
    ...OPERATIONS.map((op) => [op.id, op.name ?? '-', schemeLabel(op), op.authSource, op.path]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) io.out(r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  '));
  return 0;
}
