/**
 * The mutation-testing machinery outside src/: the matcher of known-equivalent mutants
 * (stryker/equivalents.mjs) on a hand-made Stryker report, the list itself, its table in
 * docs/contributing/mutation.md, and the parts (stryker/parts.mjs) covering every mutated file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { BEGIN, END, equivalentsTable, matchReports, readList, scores } from '../stryker/equivalents.mjs';
// @ts-expect-error: a plain .mjs script without types
import { inPart, PARTS, partFiles, sourceHash, staleParts, unionOf } from '../stryker/parts.mjs';
// @ts-expect-error: a plain .mjs script without types
import { NOT_MUTATED } from '../stryker.config.mjs';

type Entry = {
  file: string;
  mutator: string;
  original: string;
  replacement: string;
  reason: string;
  within?: string;
  count?: number;
  verified?: string;
};
type Mutant = { id: string; mutatorName: string; status: string; location: { start: { line: number } } };
type Folder = { valid: number; detected: number; equivalent: number; survived: number };
type Match = {
  equivalent: Set<Mutant>;
  survivors: Array<{ file: string; line: number; mutator: string; original: string; replacement: string }>;
  problems: string[];
  unchecked: Entry[];
  folders: Map<string, Folder>;
  timedOut: string[];
};
const match = matchReports as (files: Record<string, unknown>, entries: Entry[]) => Match;

const root = join(import.meta.dirname, '..');
const fixture = (): Record<string, { source: string; mutants: Mutant[] }> =>
  JSON.parse(readFileSync(join(root, 'test/fixtures/mutation/report.json'), 'utf8')).files;

/** In the fixture, src/x/a.ts line 2 `if (i < n)` and line 3 `return i < n` both have `i < n` -> `i <= n`. */
const lineTwo: Entry = {
  file: 'src/x/a.ts',
  mutator: 'EqualityOperator',
  original: 'i < n',
  replacement: 'i <= n',
  within: 'if (i < n)',
  reason: 'fixture',
};
const noCoverage: Entry = {
  file: 'src/x/a.ts',
  mutator: 'ConditionalExpression',
  original: 'i<n',
  replacement: 'false',
  reason: 'fixture',
};
const ids = (r: Match): string[] => [...r.equivalent].map((m) => m.id).sort();

describe('matching known-equivalent mutants in a Stryker report', () => {
  it('without a list, every undetected mutant is a survivor and the scores agree', () => {
    const r = match(fixture(), []);
    expect(r.survivors.map((s) => `${s.file}:${s.line} ${s.mutator} ${s.original} -> ${s.replacement}`)).toEqual([
      'src/x/a.ts:2 EqualityOperator i < n -> i <= n',
      'src/x/a.ts:2 ConditionalExpression i < n -> false',
      'src/x/a.ts:5 StringLiteral "a" -> ""',
    ]);
    // Killed and Timeout are detected; Ignored is not counted.
    expect(r.folders.get('src/x/')).toEqual({ valid: 6, detected: 3, equivalent: 0, survived: 3 });
    expect(r.folders.get('src/y.ts')).toEqual({ valid: 1, detected: 1, equivalent: 0, survived: 0 });
    expect(r.problems).toEqual([]);
  });

  it('marks the listed survivors equivalent, by text and whatever the whitespace', () => {
    const r = match(fixture(), [lineTwo, noCoverage]);
    expect(ids(r)).toEqual(['1', '3']);
    expect(r.survivors.map((s) => s.original)).toEqual(['"a"']);
    const folder = r.folders.get('src/x/')!;
    expect(folder).toEqual({ valid: 6, detected: 3, equivalent: 2, survived: 1 });
    expect(scores(folder)).toEqual({ withEquivalents: 50, withoutEquivalents: 75 });
    expect(r.problems).toEqual([]);
  });

  it('names a listed mutant that timed out, counts it detected, and fails only on a kill', () => {
    const files = fixture();
    const a = files['src/x/a.ts']!;
    const timedOut = { ...a, mutants: a.mutants.map((m) => (m.id === '1' ? { ...m, status: 'Timeout' } : m)) };
    const r = match({ 'src/x/a.ts': timedOut }, [lineTwo]);
    expect(r.problems).toEqual([]);
    expect(r.timedOut).toEqual(['src/x/a.ts: EqualityOperator `i < n` -> `i <= n` at line 2']);
    expect(ids(r)).toEqual([]);
    const killed = { ...a, mutants: a.mutants.map((m) => (m.id === '1' ? { ...m, status: 'Killed' } : m)) };
    expect(match({ 'src/x/a.ts': killed }, [lineTwo]).problems[0]).toMatch(/^not equivalent any more: .* is Killed/);
  });

  it('still matches after the code is reformatted and moved down', () => {
    const files = fixture();
    const a = files['src/x/a.ts']!;
    const source = `// a new first line\n${a.source.replace('if (i < n)', 'if (\n    i<n\n  )')}`;
    const at = source.indexOf('i<n');
    const line = source.slice(0, at).split('\n').length;
    const column = at - source.lastIndexOf('\n', at - 1);
    const moved = { ...a.mutants[0]!, location: { start: { line, column }, end: { line, column: column + 3 } } };
    expect(line).toBe(4);
    const r = match({ 'src/x/a.ts': { source, mutants: [moved] } }, [lineTwo]);
    expect(ids(r)).toEqual(['1']);
    expect(r.problems).toEqual([]);
  });

  it('needs `within` (or `count`) when the text occurs more than once', () => {
    const { within: _, ...bare } = lineTwo;
    const r = match(fixture(), [bare]);
    expect(r.equivalent.size).toBe(0);
    expect(r.problems).toEqual([expect.stringMatching(/matches 2 mutants, not 1 \(lines 2, 3\)/)]);
  });

  it('refuses an entry for a mutant that a test detects', () => {
    const r = match(fixture(), [{ ...bare(lineTwo), within: 'return i < n' }]);
    expect(r.problems).toEqual([expect.stringMatching(/^not equivalent any more: .* at line 3 is Killed/)]);
    const t = match(fixture(), [{ ...bare(lineTwo), count: 2 }]);
    expect(t.problems).toEqual([expect.stringMatching(/at line 3 is Killed/)]);
  });

  it('says an entry is stale when no mutant of the code has its text', () => {
    const r = match(fixture(), [
      { ...lineTwo, original: 'i > n' },
      { ...noCoverage, replacement: 'true' },
    ]);
    expect(r.problems).toEqual([
      expect.stringMatching(/^stale: no mutant matches src\/x\/a\.ts: EqualityOperator `i > n`/),
      expect.stringMatching(/^stale: no mutant matches src\/x\/a\.ts: ConditionalExpression `i<n` -> `true`/),
    ]);
    expect(r.survivors).toHaveLength(3);
  });

  it('leaves the entries of files in no report unchecked, not stale', () => {
    const elsewhere = { ...noCoverage, file: 'src/z.ts' };
    const r = match(fixture(), [elsewhere]);
    expect(r.unchecked).toEqual([elsewhere]);
    expect(r.problems).toEqual([]);
  });

  it('does not let two entries claim one mutant', () => {
    const r = match(fixture(), [lineTwo, { ...lineTwo, within: 'if(i<n)return' }]);
    expect(r.problems).toEqual([expect.stringMatching(/at line 2 is listed twice/)]);
  });
});

function bare(e: Entry): Entry {
  const { within: _, ...rest } = e;
  return rest;
}

describe('stryker/equivalents.json', () => {
  const entries = readList() as Entry[];

  it('each entry names its mutant by text and says why, at length', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      const name = `${e.file} ${e.mutator} ${e.original}`;
      expect(
        Object.keys(e).every((k) =>
          ['file', 'mutator', 'original', 'replacement', 'reason', 'within', 'count', 'verified'].includes(k),
        ),
        name,
      ).toBe(true);
      expect(existsSync(join(root, e.file)), name).toBe(true);
      expect(e.original.length, name).toBeGreaterThan(0);
      expect(e.reason.length, name).toBeGreaterThan(10);
      const source = readFileSync(join(root, e.file), 'utf8').replace(/\s+/g, '');
      expect(source, name).toContain((e.within ?? e.original).replace(/\s+/g, ''));
    }
  });

  it('docs/contributing/mutation.md shows exactly the list (node stryker/equivalents.mjs --write)', () => {
    const doc = readFileSync(join(root, 'docs/contributing/mutation.md'), 'utf8');
    const a = doc.indexOf(BEGIN);
    const b = doc.indexOf(END);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(doc.slice(a + BEGIN.length, b).trim()).toBe(equivalentsTable(entries));
  });
});

describe('stryker/parts.mjs', () => {
  const tree = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const p = `${dir}/${name}`;
      return statSync(join(root, p)).isDirectory() ? tree(p) : p.endsWith('.ts') ? [p] : [];
    });
  const notMutated = (file: string) =>
    (NOT_MUTATED as string[]).some((g) =>
      g === 'src/**/*.test.ts'
        ? file.endsWith('.test.ts')
        : g.endsWith('/**')
          ? file.startsWith(g.slice(0, -2))
          : g === file,
    );
  const parts = Object.entries(PARTS as Record<string, { files: string[] }>);

  it('puts every mutated file of src/ in exactly one part', () => {
    const mutated = tree('src').filter((f) => !notMutated(f));
    expect(mutated.length).toBeGreaterThan(50);
    for (const file of mutated) {
      expect(
        parts.filter(([, p]) => inPart(p.files, file)).map(([name]) => name),
        file,
      ).toHaveLength(1);
    }
  });

  it("a split part's report is the union of its runs' files, without their test ids", () => {
    expect(partFiles('stores-redis')).toEqual(
      ['client', 'index', 'messages', 'options', 'script'].map((f) => `src/stores/redis/${f}.ts`),
    );
    const run = (file: string, id: string) => ({
      schemaVersion: '2',
      thresholds: { high: 95, low: 90 },
      files: { [file]: { language: 'typescript', source: id, mutants: [{ id, status: 'Killed' }] } },
      testFiles: { 't.test.ts': { tests: [{ id: '0', name: id }] } },
    });
    const merged = unionOf([run('src/a.ts', 'a'), run('src/b.ts', 'b')]);
    expect(merged).toEqual({
      schemaVersion: '2',
      thresholds: { high: 95, low: 90 },
      files: { ...run('src/a.ts', 'a').files, ...run('src/b.ts', 'b').files },
    });
    expect(() => unionOf([run('src/a.ts', 'a'), run('src/a.ts', 'a2')])).toThrow(/src\/a\.ts is in two reports/);
  });

  it('names only files and folders that exist, and so does the Stryker config', () => {
    for (const [name, p] of parts)
      for (const f of p.files) expect(existsSync(join(root, f.replace(/\/\*\*$/, ''))), `${name}: ${f}`).toBe(true);
    for (const g of NOT_MUTATED as string[]) if (!g.includes('*')) expect(existsSync(join(root, g)), g).toBe(true);
  });
});

describe('the published run (stryker/published.json, node stryker/check.mjs --published)', () => {
  const names = Object.keys(PARTS as object);
  const hash = sourceHash as (name: string) => string;
  const stale = staleParts as (published: object, hashOf?: (name: string) => string) => string[];

  it('a part is stale when its run is missing or was made from other code', () => {
    const fresh = Object.fromEntries(names.map((n) => [n, { source: `h-${n}` }]));
    expect(stale(fresh, (n) => `h-${n}`)).toEqual([]);
    const { encoding: _, ...missing } = fresh;
    expect(stale(missing, (n) => `h-${n}`)).toEqual(['encoding']);
    expect(stale({ ...fresh, keys: { source: 'other' } }, (n) => `h-${n}`)).toEqual(['keys']);
  });

  it("hashes each part's own source: the parts differ, and a hash is stable", () => {
    expect(hash('control')).toMatch(/^[0-9a-f]{16}$/);
    expect(hash('control')).toBe(hash('control'));
    expect(new Set(names.map(hash)).size).toBe(names.length);
  });

  it('every published part is a part, and the docs table shows it with its source hash', () => {
    const path = join(root, 'stryker/published.json');
    const published: Record<string, { source: string; date: string }> = existsSync(path)
      ? JSON.parse(readFileSync(path, 'utf8'))
      : {};
    const doc = readFileSync(join(root, 'docs/contributing/mutation.md'), 'utf8');
    for (const [name, p] of Object.entries(published)) {
      expect(names).toContain(name);
      expect(doc).toContain(`| \`${name}\` | ${p.date} |`);
      expect(doc).toContain(p.source);
    }
  });
});
