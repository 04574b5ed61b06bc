/**
 * The equivalent mutants disabled in src/ (`// Stryker disable next-line <Mutator>: <reason>`) are
 * the table of docs/mutation.md: each comment gives its reason, only that form is used (no
 * file-wide or block disables), and the table is regenerated when they change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { BEGIN, END, equivalents, equivalentsTable } from '../stryker/equivalents.mjs';

type Row = { file: string; line: number; mutators: string[]; reason: string };

describe('equivalent mutants', () => {
  const rows = equivalents() as Row[];

  it('each disable names its mutators and says why, at length', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.mutators.length, `${r.file}:${r.line}`).toBeGreaterThan(0);
      expect(r.reason.length, `${r.file}:${r.line}`).toBeGreaterThan(20);
    }
  });

  it('docs/mutation.md lists exactly them (node stryker/equivalents.mjs --write)', () => {
    const doc = readFileSync(new URL('../docs/mutation.md', import.meta.url), 'utf8');
    const a = doc.indexOf(BEGIN);
    const b = doc.indexOf(END);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(doc.slice(a + BEGIN.length, b).trim()).toBe(equivalentsTable());
  });
});
