// The third-party OAuth 1.0a libraries (interop/): one library per language through
// interop/run.mjs, as `npm run test:interop` runs them all, and the docs/conformance.md block
// checked against what they produce, so the published table cannot go stale; and a broken
// adapter (--adapter id=FILE) must fail the script. The script
// installs missing Debian packages as root (CI's system-tools step does it first: see
// `node interop/run.mjs --provision-only`). Node-only (child processes).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
/** One per language: JavaScript, Python, Ruby, PHP (the quick ones). */
const ONE_PER_LANGUAGE = ['oauth', 'authlib', 'ruby-oauth', 'pecl-oauth'];
const BEGIN = '<!-- interop table: written by npm run test:interop -- --docs -->';
const END = '<!-- end of the interop table -->';

interface Result {
  id: string;
  language: string;
  broken: string[];
  cases: { topic: string; id: string; status: string; severity?: string; negative: boolean }[];
}

const out = mkdtempSync(join(tmpdir(), 'paysig-interop-'));
let run: { status: number | null; stdout: string; stderr: string };
let results: { libraries: Result[]; unexplained: string[] };
let block: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  }
  run = spawnSync(process.execPath, ['interop/run.mjs', '--only', ONE_PER_LANGUAGE.join(','), '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 280_000,
  });
  results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
  block = readFileSync(join(out, 'table.md'), 'utf8').trimEnd();
}, 300_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The docs block between the markers. */
function docsBlock(): string {
  const doc = readFileSync(join(ROOT, 'docs/conformance.md'), 'utf8');
  const at = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  expect(at).toBeGreaterThan(0);
  expect(to).toBeGreaterThan(at);
  return doc.slice(at + BEGIN.length, to).trim();
}

describe('interop: third-party OAuth 1.0a libraries through interop/run.mjs', () => {
  it('runs one library per language, and no adapter breaks', () => {
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(results.libraries.map((l) => l.id)).toEqual(ONE_PER_LANGUAGE);
    expect(new Set(results.libraries.map((l) => l.language))).toEqual(new Set(['JavaScript', 'Python', 'Ruby', 'PHP']));
    for (const lib of results.libraries) {
      expect(lib.broken, lib.id).toEqual([]);
      expect(
        lib.cases.filter((c) => c.status === 'not-run'),
        lib.id,
      ).toEqual([]);
      expect(lib.cases.filter((c) => c.status === 'pass').length, lib.id).toBeGreaterThan(50);
    }
  });

  it('every mismatch has its cause written in interop/causes.mjs', () => {
    expect(results.unexplained).toEqual([]);
  });

  it("docs/conformance.md shows these libraries' rows and sections exactly as they come out", () => {
    const docs = docsBlock();
    const rows = block.split('\n').filter((l) => l.startsWith('| ['));
    expect(rows.length).toBe(ONE_PER_LANGUAGE.length);
    for (const r of rows) expect(docs.split('\n'), r.slice(0, 60)).toContain(r);
    const sections = block.split('\n#### ').slice(1);
    expect(sections.length).toBe(ONE_PER_LANGUAGE.length);
    for (const s of sections) expect(docs, s.slice(0, 60)).toContain(`#### ${s}`);
  });

  it('the docs table has one row per library of interop/libraries.mjs, at least eight in three languages', () => {
    const docs = docsBlock();
    const libs = readFileSync(join(ROOT, 'interop/libraries.mjs'), 'utf8');
    const ids = [...libs.matchAll(/\bid: '([^']+)'/g)].map((m) => m[1]);
    const rows = docs.split('\n').filter((l) => l.startsWith('| ['));
    expect(rows.map((r) => /\(#interop-([^)]+)\)/.exec(r)?.[1])).toEqual(ids);
    expect(ids.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.split('|')[2]?.trim())).size).toBeGreaterThanOrEqual(3);
  });

  it('exits 1 and names the case when an adapter breaks (here one that dies on its third case)', () => {
    const broken = join(out, 'broken-adapter.mjs');
    writeFileSync(
      broken,
      [
        "import { createInterface } from 'node:readline';",
        'let n = 0;',
        'for await (const line of createInterface({ input: process.stdin })) {',
        '  if (++n === 3) process.exit(3);',
        "  process.stdout.write(JSON.stringify({ id: JSON.parse(line).id, skip: 'nothing' }) + '\\n');",
        '}',
      ].join('\n'),
    );
    const r = spawnSync(
      process.execPath,
      ['interop/run.mjs', '--only', 'oauth', '--adapter', `oauth=${broken}`, '--out', join(out, 'broken')],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.status, r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^interop: oauth: BROKEN/m);
    expect(r.stderr).toMatch(/the adapter exited with status 3 while running "percent-encoding\/[^"]+"/);
  });
});
