/**
 * The conformance kit's report for people: a table per topic (pass, fail, skip), then each
 * failing case with its input, expected and actual values and, for strings, the first
 * difference.
 *
 * @module
 */
import type { CaseOutcome, KitReport } from './conformance-kit.js';

/** JSON on one line, cut at `max` characters. */
function brief(v: unknown, max = 400): string {
  const s = v === undefined ? '(nothing)' : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s;
}

/** Where two strings first differ, as a line; undefined when they are not two different strings. */
export function firstDifference(expected: unknown, actual: unknown): string | undefined {
  if (typeof expected !== 'string' || typeof actual !== 'string' || expected === actual) return undefined;
  let i = 0;
  while (i < expected.length && i < actual.length && expected[i] === actual[i]) i++;
  const at = (s: string): string => (i < s.length ? JSON.stringify(s.slice(i, i + 12)) : 'the end');
  return `first difference at character ${i}: expected ${at(expected)}, got ${at(actual)}`;
}

function failureLines(c: CaseOutcome): string[] {
  const lines = [`FAIL ${c.topic}/${c.id}: ${c.reason ?? 'failed'}`, `  input:    ${brief(c.input)}`];
  lines.push(c.negative ? `  expected: refusal ${String(c.expected)}` : `  expected: ${brief(c.expected)}`);
  lines.push(`  actual:   ${brief(c.actual)}`);
  const diff = c.negative ? undefined : firstDifference(c.expected, c.actual);
  if (diff !== undefined) lines.push(`  ${diff}`);
  return lines;
}

/** The report as text lines. */
export function reportLines(report: KitReport): string[] {
  const width = Math.max(5, ...report.topics.map((t) => t.topic.length));
  const row = (name: string, p: number | string, f: number | string, s: number | string): string =>
    `${name.padEnd(width)}  ${String(p).padStart(5)}  ${String(f).padStart(5)}  ${String(s).padStart(5)}`;
  const lines = [row('topic', 'pass', 'fail', 'skip')];
  let p = 0;
  let f = 0;
  let s = 0;
  for (const t of report.topics) {
    lines.push(row(t.topic, t.pass, t.fail, t.skip));
    p += t.pass;
    f += t.fail;
    s += t.skip;
  }
  lines.push(row('total', p, f, s));
  for (const c of report.cases) if (c.status === 'fail') lines.push('', ...failureLines(c));
  if (report.problems.length > 0) lines.push('', 'protocol problems:', ...report.problems.map((x) => `  ${x}`));
  lines.push(
    '',
    report.ok
      ? `conformance: ${p} passed, ${s} skipped`
      : `conformance: FAILED (${f} failed, ${report.problems.length} protocol problems, ${p} passed)`,
  );
  return lines;
}
