/**
 * The conformance kit's report for people: coverage per topic, then the failing cases grouped by
 * severity (worst first), each with its sources, its field- or term-level differences and the
 * likely cause, then the protocol problems and a one-line verdict with the seed.
 *
 * @module
 */
import type { Expectation } from './expect.js';
import { SEVERITIES, type CaseOutcome, type KitReport, type Severity } from './types.js';
import { shown } from './wire.js';

const TITLES: Readonly<Record<Severity, string>> = {
  mismatch: 'MISMATCH: signed or built wrongly (the service would answer 403)',
  'refuses-valid': 'REFUSES VALID: valid cases refused',
  'accepts-invalid': 'ACCEPTS INVALID: cases the service refuses were accepted (it would answer 400)',
  transport: 'TRANSPORT: the same content, serialised or worded differently',
  'service-behaviour': 'SERVICE BEHAVIOUR: what the service does; not scored as the SDK’s failure',
  'not-run': 'NOT RUN',
};

function caseLines(c: CaseOutcome, known: boolean): string[] {
  const lines = [
    `${c.severity!.toUpperCase()} ${c.topic}/${c.id}: ${c.reason ?? 'failed'}${known ? ' (expected)' : ''}`,
  ];
  if (c.severity === 'not-run') return lines;
  const facts = c.facts.length > 0 ? ` (${c.facts.join('; ')})` : '';
  lines.push(
    `  sources: ${c.sources.join(', ') || 'none'}${facts}${c.tags.length > 0 ? `; tags: ${c.tags.join(', ')}` : ''}`,
  );
  if (c.topic !== 'operations') lines.push(`  input:    ${shown(c.input)}`);
  if (c.details === undefined) {
    lines.push(c.negative ? `  expected: refusal ${String(c.expected)}` : `  expected: ${shown(c.expected)}`);
    lines.push(`  actual:   ${shown(c.actual)}`);
  }
  for (const d of c.details ?? []) lines.push(`  ${d}`);
  for (const h of c.hints ?? []) lines.push(`  likely cause [${h.id}]: ${h.message}`);
  return lines;
}

/** The report as text lines. */
export function reportLines(report: KitReport, expectation?: Expectation): string[] {
  const width = Math.max(5, ...report.topics.map((t) => t.topic.length));
  const cols = ['offered', 'answered', 'pass', 'fail', 'skip', 'not run'];
  const row = (name: string, values: (number | string)[]): string =>
    `${name.padEnd(width)}  ${values.map((v, i) => String(v).padStart(cols[i]!.length)).join('  ')}`;
  const lines = [row('topic', cols)];
  const total = { offered: 0, answered: 0, pass: 0, fail: 0, skip: 0, notRun: 0 };
  for (const t of report.topics) {
    lines.push(row(t.topic, [t.offered, t.answered, t.pass, t.fail, t.skip, t.notRun]));
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += t[k];
  }
  lines.push(row('total', Object.values(total)));
  const known = new Set(expectation?.known ?? []);
  for (const severity of SEVERITIES) {
    const cases = report.cases.filter(
      (c) => c.severity === severity && (c.status === 'fail' || c.status === 'not-run'),
    );
    if (cases.length === 0) continue;
    lines.push('', `== ${TITLES[severity]}: ${cases.length}`);
    if (severity === 'not-run' && cases.length > 20) {
      const reasons = new Map<string, number>();
      for (const c of cases) reasons.set(c.reason ?? 'not run', (reasons.get(c.reason ?? 'not run') ?? 0) + 1);
      for (const [reason, n] of reasons) lines.push(`  ${n} cases: ${reason}`);
      continue;
    }
    for (const c of cases) lines.push(...caseLines(c, known.has(`${c.topic}/${c.id}`)));
  }
  if (report.problems.length > 0) lines.push('', 'protocol problems:', ...report.problems.map((x) => `  ${x}`));
  if (expectation !== undefined) {
    for (const id of expectation.nowPasses) lines.push(`now passes: ${id} (take it out of the --expect file)`);
    for (const id of expectation.missing) lines.push(`--expect lists ${id}, which this run did not offer`);
  }
  const severities = SEVERITIES.filter((s) => report.severities[s] !== undefined)
    .map((s) => `${report.severities[s]} ${s}`)
    .join(', ');
  const coverage = `answered ${total.answered} of ${total.offered} offered${total.offered > 0 ? ` (${Math.floor((100 * total.answered) / total.offered)}%)` : ''}`;
  const verdict =
    expectation !== undefined && report.verdict === 'fail' && expectation.ok
      ? 'PASS (only the expected failures)'
      : { pass: 'PASS', fail: 'FAILED', incomplete: 'INCOMPLETE (too little answered to judge)' }[report.verdict];
  lines.push(
    '',
    `conformance: ${verdict}; ${coverage}, ${total.pass} passed${severities === '' ? '' : `; ${severities}`}; seed ${report.seed} (--seed ${report.seed} replays the generated cases)`,
  );
  return lines;
}
