/**
 * The verdict of a run: tallies per topic (offered, answered, pass, fail, skip, not run), failing
 * cases per severity, and the verdict itself. `fail` when a case fails with a severity the run
 * fails on (`mismatch` and `refuses-valid` by default) or the adapter broke the protocol;
 * `incomplete` when the adapter answered less than `minCoverage` of the cases offered (default
 * half) or passed none: a run that answered almost nothing never reads as a pass; else `pass`.
 *
 * @module
 */
import { DEFAULT_FAIL_ON, type CaseOutcome, type KitOptions, type KitReport, type TopicTally } from './types.js';

/** Tallies the outcomes of a run. */
export function tally(
  cases: readonly CaseOutcome[],
  problems: readonly string[],
  options: Pick<KitOptions, 'failOn' | 'minCoverage'>,
): Pick<KitReport, 'topics' | 'severities' | 'verdict' | 'ok'> {
  const topics = new Map<string, TopicTally>();
  const severities: KitReport['severities'] = {};
  for (const c of cases) {
    const t = topics.get(c.topic) ?? {
      topic: c.topic,
      offered: 0,
      answered: 0,
      pass: 0,
      fail: 0,
      skip: 0,
      notRun: 0,
    };
    t.offered++;
    if (c.status === 'pass' || c.status === 'fail') t.answered++;
    if (c.status === 'not-run') t.notRun++;
    else t[c.status]++;
    topics.set(c.topic, t);
    if (c.severity !== undefined && c.status !== 'pass' && c.status !== 'skip')
      severities[c.severity] = (severities[c.severity] ?? 0) + 1;
  }
  const failOn = options.failOn ?? DEFAULT_FAIL_ON;
  const offered = cases.length;
  const answered = cases.filter((c) => c.status === 'pass' || c.status === 'fail').length;
  const failing = cases.some((c) => c.status !== 'pass' && c.status !== 'skip' && failOn.includes(c.severity!));
  const minCoverage = options.minCoverage ?? 0.5;
  const verdict: KitReport['verdict'] =
    failing || problems.length > 0
      ? 'fail'
      : offered === 0 || answered < minCoverage * offered || !cases.some((c) => c.status === 'pass')
        ? 'incomplete'
        : 'pass';
  return { topics: [...topics.values()], severities, verdict, ok: verdict === 'pass' };
}
