// The conformance kit (paysig conformance): its protocol handling against misbehaving adapters
// (test/fixtures/conformance-adapter.mjs), the command line, and the shipped Python adapter.
// Node-only (child processes), so it runs in the `node` project only.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitCommand } from '../src/cli/conformance-adapter.js';
import { runConformance, type KitReport } from '../src/cli/conformance-kit.js';
import { firstDifference, reportLines } from '../src/cli/conformance-report.js';
import { main } from '../src/cli/run.js';

const ROOT = resolve(import.meta.dirname, '..');
const VECTORS = resolve(ROOT, 'vectors');
const FIXTURE = resolve(ROOT, 'test/fixtures/conformance-adapter.mjs');
const PYTHON = process.env['PAYSIG_PYTHON'] ?? 'python3';

function fixture(mode: string, timeoutMs = 5000): Promise<KitReport> {
  const env = { ...process.env, FIXTURE_MODE: mode };
  return runConformance({
    argv: [process.execPath, FIXTURE],
    vectorsDir: VECTORS,
    topics: ['form', 'percent-encoding'],
    timeoutMs,
    env,
  });
}
const failing = (r: KitReport) =>
  r.cases.filter((c) => c.status === 'fail').map((c) => `${c.topic}/${c.id}: ${c.reason}`);

async function cli(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { ...process.env, ...env },
    readStdin: async () => '',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('conformance kit protocol', () => {
  it('passes an adapter that answers every case right', async () => {
    const r = await fixture('good');
    expect(failing(r)).toEqual([]);
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.topics.map((t) => t.topic)).toEqual(['form', 'percent-encoding']);
    expect(r.cases.filter((c) => c.status === 'pass').length).toBe(r.cases.length);
  });

  it('names the case an adapter crashed on, restarts it, and fails the run', async () => {
    const r = await fixture('crash');
    expect(r.ok).toBe(false);
    const f = failing(r);
    expect(f[0]).toMatch(/^form\/[^:]+: the adapter exited with status 3 before answering/);
    expect(f.length).toBeGreaterThan(1); // each restart crashes on its 3rd case again, then the rest are not run
    expect(f.at(-1)).toMatch(/not run: the adapter stopped/);
    expect(r.cases.some((c) => c.status === 'pass')).toBe(true);
  });

  it('reports an adapter that exits without answering', async () => {
    const r = await fixture('exit-early');
    expect(r.ok).toBe(false);
    expect(failing(r)[0]).toMatch(/exited with status 0 before answering/);
  });

  it('times out a case the adapter never answers, and carries on with a new process', async () => {
    const r = await fixture('hang', 300);
    expect(failing(r)).toEqual(['form/parse-order-kept: no answer within 300 ms (the adapter was stopped)']);
    expect(r.ok).toBe(false);
  });

  it('counts a late answer after a timeout as a problem, never a pass', async () => {
    const r = await fixture('late', 100);
    expect(failing(r)).toEqual(['form/parse-order-kept: no answer within 100 ms (the adapter was stopped)']);
  });

  it('fails a case answered with garbage and lists the line', async () => {
    const r = await fixture('garbage');
    expect(failing(r)).toEqual(['form/parse-order-kept: the adapter answered a line that is not JSON']);
    expect(r.problems.join('\n')).toContain('hello, I am not JSON');
  });

  it('fails a case answered twice', async () => {
    const r = await fixture('twice');
    expect(r.ok).toBe(false);
    expect(failing(r).length).toBe(r.cases.length);
    expect(failing(r)[0]).toMatch(/answered twice$/);
  });

  it('reports an answer to an id that was never asked', async () => {
    const r = await fixture('unknown');
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual(['the adapter answered an id it was not asked: "form/no-such-case"']);
  });

  it('drops an over-long line (bounded memory) and fails its case', async () => {
    const r = await fixture('huge');
    expect(failing(r)).toEqual(['form/parse-order-kept: the adapter answered with a line longer than 1048576 bytes']);
  });

  it("compares a refusal code when it is one of paysig's, and accepts any message otherwise", async () => {
    const bad = await fixture('bad-code');
    expect(failing(bad).length).toBe(bad.cases.filter((c) => c.negative).length);
    expect(failing(bad)[0]).toMatch(/refused with ERR_SOMETHING_ELSE, expected ERR_/);
    expect((await fixture('message')).ok).toBe(true);
  });

  it('splits a command line without a shell', () => {
    expect(splitCommand(`python3  "my adapter.py" 'a b' c\\ d "q\\"x"`)).toEqual([
      'python3',
      'my adapter.py',
      'a b',
      'c d',
      'q"x',
    ]);
    expect(splitCommand(`a '' b`)).toEqual(['a', '', 'b']);
    expect(() => splitCommand('a "b')).toThrow(/unclosed/);
    expect(() => splitCommand('   ')).toThrow(/empty/);
  });

  it('shows where two strings first differ', () => {
    expect(firstDifference('abc%20d', 'abc+d')).toBe('first difference at character 3: expected "%20d", got "+d"');
    expect(firstDifference('abc', 'abcd')).toBe('first difference at character 3: expected the end, got "d"');
    expect(firstDifference('a', 'a')).toBeUndefined();
  });
});

describe('paysig conformance command', () => {
  it('refuses usage errors with exit 2', async () => {
    expect((await cli(['conformance'])).code).toBe(2);
    const typo = await cli(['conformance', '--adapter', 'true', '--topics', 'from']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain('did you mean "form"?');
    expect((await cli(['conformance', '--adapter', 'true', '--timeout', '0'])).code).toBe(2);
    const missing = await cli(['conformance', '--adapter', '/no/such/adapter']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot start the adapter');
  });

  it('passes the shipped Python adapter, with a table and JSON', async () => {
    const adapter = `${JSON.stringify(PYTHON)} ${JSON.stringify(resolve(ROOT, 'vectors/adapters/python/adapter.py'))}`;
    const text = await cli(['conformance', '--adapter', adapter, '--topics', 'base-string,form']);
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    const baseStrings = (JSON.parse(readFileSync(resolve(VECTORS, 'base-string.json'), 'utf8')) as { cases: unknown[] })
      .cases.length;
    expect(text.out).toMatch(new RegExp(`^topic +pass +fail +skip\nbase-string +${baseStrings} +0 +0\n`));
    const json = await cli(['conformance', '--adapter', adapter, '--topics', 'percent-encoding', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ protocol: 1, ok: true, problems: [] });
  });

  it('catches the deliberately broken Python adapter and names the cases', async () => {
    const r = await cli(
      [
        'conformance',
        '--adapter',
        `${JSON.stringify(PYTHON)} ${JSON.stringify(resolve(ROOT, 'vectors/adapters/python/adapter.py'))}`,
        '--topics',
        'base-string',
      ],
      {
        PAYSIG_ADAPTER_BREAK: 'plus',
      },
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('FAIL base-string/rfc5849-3-4-1: output differs');
    expect(r.out).toContain('first difference at character');
    expect(reportLines({ protocol: 1, topics: [], cases: [], problems: [], ok: false }).at(-1)).toMatch(/FAILED/);
  });
});
