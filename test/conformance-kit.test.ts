// The conformance kit (paysig conformance): its protocol handling against misbehaving adapters
// (test/fixtures/conformance-adapter.mjs), the command line, and the shipped Python adapter.
// Node-only (child processes), so it runs in the `node` project only.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitCommand } from '../src/cli/conformance/adapter.js';
import { firstDifference } from '../src/cli/conformance/judge.js';
import { reportLines } from '../src/cli/conformance/report.js';
import { runConformance } from '../src/cli/conformance/run.js';
import type { CaseOutcome, KitReport } from '../src/cli/conformance/types.js';
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
    generated: 0,
  });
}
const failing = (r: KitReport) =>
  r.cases.filter((c) => c.status === 'fail' || c.status === 'not-run').map((c) => `${c.topic}/${c.id}: ${c.reason}`);

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
    expect(f[0]).toMatch(/^form\/[^:]+: not run: the adapter exited with status 3 before answering/);
    expect(f.length).toBeGreaterThan(1); // each restart crashes on its 3rd case again, then the rest are not run
    expect(f.at(-1)).toMatch(/not run: the adapter stopped 4 times \(raise --max-restarts/);
    expect(r.cases.filter((c) => c.status === 'not-run').every((c) => c.severity === 'not-run')).toBe(true);
    expect(r.cases.some((c) => c.status === 'pass')).toBe(true);
  });

  it('reports an adapter that exits without answering', async () => {
    const r = await fixture('exit-early');
    expect(r.ok).toBe(false);
    expect(failing(r)[0]).toMatch(/exited with status 0 before answering/);
  });

  it('times out a case the adapter never answers, and carries on with a new process', async () => {
    const r = await fixture('hang', 300);
    expect(failing(r)).toEqual(['form/parse-order-kept: not run: no answer within 300 ms (the adapter was stopped)']);
    expect(r.ok).toBe(false);
  });

  it('counts a late answer after a timeout as a problem, never a pass', async () => {
    const r = await fixture('late', 100);
    expect(failing(r)).toEqual(['form/parse-order-kept: not run: no answer within 100 ms (the adapter was stopped)']);
  });

  it('fails a case answered with garbage and lists the line', async () => {
    const r = await fixture('garbage');
    expect(failing(r)).toEqual(['form/parse-order-kept: the adapter answered a line that is not JSON']);
    expect(r.problems.join('\n')).toContain('hello, I am not JSON');
  });

  it('fails a run whose adapter answers a case twice', async () => {
    const r = await fixture('twice');
    expect(r.ok).toBe(false);
    expect(r.verdict).toBe('fail');
    expect(r.problems[0]).toMatch(/^the adapter answered "form\/[^"]+" twice$/);
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
    const text = await cli(['conformance', '--adapter', adapter, '--topics', 'base-string,form', '--generated', '0']);
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    const baseStrings = (JSON.parse(readFileSync(resolve(VECTORS, 'base-string.json'), 'utf8')) as { cases: unknown[] })
      .cases.length;
    expect(text.out).toMatch(
      new RegExp(
        `^topic +offered +answered +pass +fail +skip +not run\nbase-string +${baseStrings} +${baseStrings} +${baseStrings} +0 +0 +0\n`,
      ),
    );
    const json = await cli(['conformance', '--adapter', adapter, '--topics', 'percent-encoding', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ protocol: 1, ok: true, verdict: 'pass', problems: [] });
  });

  it('catches the deliberately broken Python adapter and names the parameter', async () => {
    const r = await cli(
      [
        'conformance',
        '--adapter',
        `${JSON.stringify(PYTHON)} ${JSON.stringify(resolve(ROOT, 'vectors/adapters/python/adapter.py'))}`,
        '--topics',
        'base-string',
      ],
      { PAYSIG_ADAPTER_BREAK: 'plus' },
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('MISMATCH base-string/rfc5849-3-4-1: base string differs');
    expect(r.out).toContain('first differing parameter: a2 (encoded): expected "r%20b", got "r+b"');
    expect(r.out).toMatch(/conformance: FAILED; answered \d+ of \d+ offered/);
  });
});

describe('conformance kit verdicts', () => {
  it('an adapter that skips all but one case is INCOMPLETE, never a pass', async () => {
    const r = await fixture('skip-most');
    expect(r.verdict).toBe('incomplete');
    expect(r.ok).toBe(false);
    expect(reportLines(r).at(-1)).toMatch(/^conformance: INCOMPLETE .*; answered 1 of \d+ offered/);
  });

  it('keeps the whole standard error of each start, bounded, and counts each crash as one not-run case', async () => {
    const r = await fixture('stderr');
    expect(r.adapterRuns.length).toBeGreaterThan(1);
    expect(r.adapterRuns[0]!.ended).toBe('exited with status 4');
    expect(r.adapterRuns[0]!.stderr.length).toBeGreaterThan(64 * 1024);
    expect(r.adapterRuns[0]!.stderr.length).toBeLessThan(65 * 1024);
    expect(r.adapterRuns[0]!.stderr).toMatch(/\[\.\.\. \d+ characters left out \.\.\.\]/);
    // each start answers one case, then crashes on the next: one not-run case per crash
    expect(r.cases.filter((c) => c.status === 'pass').length).toBe(4);
  });

  it('kills the process group of an adapter whose background child holds standard output', async () => {
    const r = await fixture('orphan');
    expect(r.ok).toBe(true);
    const pid = Number(/orphan pid (\d+)/.exec(r.adapterRuns[0]!.stderr)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // gone, or a zombie waiting for its reaper: either way no longer running
    const state = async () => {
      for (let i = 0; i < 50; i++) {
        const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
        const s = /\) (\S)/.exec(stat)?.[1] ?? 'gone';
        if (s === 'gone' || s === 'Z') return s;
        await new Promise((r) => setTimeout(r, 100));
      }
      return 'running';
    };
    expect(['gone', 'Z']).toContain(await state());
  });

  it('stays bounded in memory under a flood of junk lines', async () => {
    const before = process.memoryUsage().rss;
    const r = await runConformance({
      argv: [process.execPath, FIXTURE],
      vectorsDir: VECTORS,
      topics: ['percent-encoding'],
      timeoutMs: 60_000,
      generated: 0,
      env: { ...process.env, FIXTURE_MODE: 'flood', FIXTURE_FLOOD_MB: '100' },
    });
    expect(r.verdict).toBe('fail');
    expect(r.problems.length).toBeLessThanOrEqual(51);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);

  it('replays the generated cases of a seed', async () => {
    const run = (seed: number) =>
      runConformance({
        argv: [process.execPath, FIXTURE],
        vectorsDir: VECTORS,
        topics: ['percent-encoding'],
        timeoutMs: 5000,
        seed,
        generated: 3,
      });
    const a = await run(7);
    const b = await run(7);
    const gen = (r: KitReport) => r.cases.filter((c) => c.tags.includes('generated')).map((c) => c.input);
    expect(a.seed).toBe(7);
    expect(gen(a)).toHaveLength(3);
    expect(gen(b)).toEqual(gen(a));
    expect(gen(await run(8))).not.toEqual(gen(a));
  });
});

describe('conformance kit against deliberately buggy adapters (test/fixtures/buggy-adapter.py)', () => {
  const BUGGY = resolve(ROOT, 'test/fixtures/buggy-adapter.py');
  const buggy = (bug: string, topics: string[]) =>
    runConformance({
      argv: [PYTHON, BUGGY],
      vectorsDir: VECTORS,
      topics,
      timeoutMs: 10_000,
      seed: 1,
      env: { ...process.env, PAYSIG_BUG: bug },
    });
  const mismatches = (r: KitReport) => r.cases.filter((c) => c.status === 'fail' && c.severity === 'mismatch');

  it('double-encoded oauth_* values: mismatch, the parameter named, hint oauth-double-encoded', async () => {
    const r = await buggy('double-encode', ['base-string', 'oauth-sign', 'operations']);
    const m = mismatches(r);
    expect(m.length).toBeGreaterThan(0);
    expect(m.some((c) => c.hints?.some((h) => h.id === 'oauth-double-encoded'))).toBe(true);
    expect(m.some((c) => c.details?.some((d) => /first differing parameter: oauth_consumer_key/.test(d)))).toBe(true);
    expect(r.ok).toBe(false);
  }, 60_000);

  it('amounts through a float: mismatch with the terms, hint amount-float', async () => {
    const r = await buggy('float', ['control', 'operations']);
    const m = mismatches(r);
    expect(m.length).toBeGreaterThan(0);
    expect(m.every((c) => c.hints?.some((h) => h.id === 'amount-float'))).toBe(true);
    expect(m.some((c) => c.details?.some((d) => /^vector terms: .*amount="1999"/.test(d)))).toBe(true);
  }, 60_000);

  it('the group id left out of the digest: mismatch, hint missing-group-id', async () => {
    const r = await buggy('drop-group', ['control', 'operations']);
    const m = mismatches(r);
    expect(m.map((c) => c.id)).toContain('sale-group-id');
    expect(m.every((c) => c.hints?.some((h) => h.id === 'missing-group-id'))).toBe(true);
  }, 60_000);

  it('a signed but unsent field: mismatch naming the field', async () => {
    const r = await buggy('unsent', ['operations']);
    const m = mismatches(r);
    expect(m.length).toBeGreaterThan(0);
    expect(m.every((c) => c.details?.some((d) => /^field email: expected ".*", not sent$/.test(d)))).toBe(true);
    expect(m.every((c) => !c.hints?.length)).toBe(true);
  }, 60_000);

  it('serialisation-only differences: transport, never a mismatch, and a pass', async () => {
    const r = await buggy('serialise', ['control', 'form', 'oauth-sign', 'operations']);
    expect(mismatches(r)).toEqual([]);
    expect(r.severities.transport).toBeGreaterThan(0);
    expect(r.ok).toBe(true);
    const ops = r.cases.find((c) => c.id === 'payout' && c.topic === 'operations')!;
    expect(ops.details).toContain('header Accept: expected "application/vnd.pay+json", got "*/*"');
    expect(ops.details).toContain(
      'body: does not repeat the oauth_* parameters of the Authorization header (the vector does)',
    );
  }, 60_000);

  it('oauth_version left out of header and base string alike: consistent, so no mismatch', async () => {
    const r = await buggy('no-version', ['oauth-sign', 'rsa-sha256', 'operations']);
    expect(mismatches(r)).toEqual([]);
    expect(r.severities.transport).toBeGreaterThan(0);
    expect(r.ok).toBe(true);
  }, 60_000);

  it('--strict-transport turns serialisation differences of operations into mismatches', async () => {
    const r = await runConformance({
      argv: [PYTHON, BUGGY],
      vectorsDir: VECTORS,
      topics: ['operations'],
      timeoutMs: 10_000,
      generated: 0,
      strictTransport: true,
      env: { ...process.env, PAYSIG_BUG: 'serialise' },
    });
    const scored = r.cases.filter((c) => !c.negative && !c.tags.includes('service-behaviour'));
    expect(mismatches(r).length).toBe(scored.length);
    expect(r.cases.filter((c) => c.severity === 'service-behaviour').map((c) => c.id)).toEqual([
      'sale-trimmed-ids',
      'sale-trimmed-amount',
      'sale-trimmed-nbsp-kept',
    ]);
  }, 60_000);

  it('every failing case carries a severity and its sources in --json; --expect passes known failures', async () => {
    const adapter = `${JSON.stringify(PYTHON)} ${JSON.stringify(BUGGY)}`;
    const json = await cli(['conformance', '--adapter', adapter, '--topics', 'control', '--json', '--seed', '1'], {
      PAYSIG_BUG: 'float',
    });
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out) as KitReport;
    const failed = report.cases.filter((c) => c.status === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) {
      expect(c.severity).toBe('mismatch');
      expect(c.sources.length).toBeGreaterThan(0);
    }
    const dir = mkdtempSync(join(tmpdir(), 'paysig-expect-'));
    const file = join(dir, 'expect.txt');
    writeFileSync(file, `# known\n${failed.map((c) => `${c.topic}/${c.id}`).join('\n')}\ncontrol/c-a-void\n`);
    const known = await cli(
      ['conformance', '--adapter', adapter, '--topics', 'control', '--seed', '1', '--expect', file],
      {
        PAYSIG_BUG: 'float',
      },
    );
    expect(known.code).toBe(0);
    expect(known.out).toContain('now passes: control/c-a-void');
    expect(known.out).toContain('conformance: PASS (only the expected failures)');
    writeFileSync(
      file,
      failed
        .slice(1)
        .map((c) => `${c.topic}/${c.id}`)
        .join('\n'),
    );
    const one = await cli(
      ['conformance', '--adapter', adapter, '--topics', 'control', '--seed', '1', '--expect', file],
      {
        PAYSIG_BUG: 'float',
      },
    );
    expect(one.code).toBe(1);
  }, 60_000);
});

describe('conformance command selection and failure levels', () => {
  const adapter = `${JSON.stringify(process.execPath)} ${JSON.stringify(FIXTURE)}`;

  it('--case and --grep run only the chosen cases', async () => {
    const one = await cli(['conformance', '--adapter', adapter, '--case', 'form/parse-order-kept', '--json']);
    expect((JSON.parse(one.out) as KitReport).cases.map((c) => `${c.topic}/${c.id}`)).toEqual([
      'form/parse-order-kept',
    ]);
    const some = await cli([
      'conformance',
      '--adapter',
      adapter,
      '--grep',
      'percent-encoding/',
      '--generated',
      '0',
      '--json',
    ]);
    const ids = (JSON.parse(some.out) as KitReport).cases.map((c) => c.topic);
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids)).toEqual(new Set(['percent-encoding']));
  });

  it('a refusal with another paysig code is transport: exit 0 by default, 1 with --fail-on all', async () => {
    const args = ['conformance', '--adapter', adapter, '--topics', 'form,percent-encoding', '--generated', '0'];
    const lenient = await cli(args, { FIXTURE_MODE: 'bad-code' });
    expect(lenient.out).toMatch(/^TRANSPORT percent-encoding\/\S+: refused with ERR_SOMETHING_ELSE, expected ERR_/m);
    expect(lenient.code).toBe(0);
    expect((await cli([...args, '--fail-on', 'all'], { FIXTURE_MODE: 'bad-code' })).code).toBe(1);
    expect((await cli([...args, '--fail-on', 'mismatch,nonsense'])).code).toBe(2);
  });
});

describe('judge: shapes that only differ in JSON form are transport', () => {
  it('keys-negative with the exponent as a number, and extra keys, is transport; another value is a mismatch', async () => {
    const { judge } = await import('../src/cli/conformance/judge.js');
    const { caseSpec } = await import('../src/cli/conformance/topics.js');
    const c = { id: 'k', keyType: 'public', pem: 'x', modulusBits: 2048, publicExponent: '65537' };
    const spec = caseSpec('keys-negative', c)!;
    const outcome = (): CaseOutcome => ({
      topic: 'keys-negative',
      id: 'k',
      status: 'not-run',
      sources: [],
      facts: [],
      tags: [],
      negative: false,
      input: spec.input,
      expected: spec.expected,
    });
    const ctx = { vectorsDir: VECTORS, strictTransport: false };
    const loose = outcome();
    await judge(loose, spec, { id: 'k', output: { modulusBits: 2048, publicExponent: 65537, note: 'x' } }, ctx);
    expect(loose.severity).toBe('transport');
    const wrong = outcome();
    await judge(wrong, spec, { id: 'k', output: { modulusBits: 2048, publicExponent: 3 } }, ctx);
    expect(wrong.severity).toBe('mismatch');
    const right = outcome();
    await judge(right, spec, { id: 'k', output: { modulusBits: 2048, publicExponent: '65537' } }, ctx);
    expect(right.status).toBe('pass');
  });
});
