/**
 * `--expect FILE`: the SDK author's known failures, one case id (`topic/id`) per line (`#`
 * starts a comment). A run whose only failures are listed there passes; a listed case that now
 * passes is reported so that the file can shrink.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../util.js';
import { DEFAULT_FAIL_ON, type KitReport, type Severity } from './types.js';

/** A run judged against an --expect file. */
export interface Expectation {
  /** Listed cases that failed. */
  readonly known: string[];
  /** Listed cases that passed. */
  readonly nowPasses: string[];
  /** Listed cases this run did not offer. */
  readonly missing: string[];
  /** Failing cases (of the severities the run fails on) that are not listed. */
  readonly unexpected: string[];
  /** True when nothing but listed cases fails, no protocol problem happened and the run is not incomplete. */
  readonly ok: boolean;
}

/** Reads an --expect file. */
export function readExpectFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      `cannot read the --expect file ${JSON.stringify(file.slice(0, 200))} (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
      {
        field: 'expect',
      },
    );
  }
  return text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l !== '');
}

/** Judges a run against the listed ids. */
export function applyExpect(
  report: KitReport,
  listed: readonly string[],
  failOn: readonly Severity[] = DEFAULT_FAIL_ON,
): Expectation {
  const byId = new Map(report.cases.map((c) => [`${c.topic}/${c.id}`, c]));
  const set = new Set(listed);
  const failing = (id: string) => {
    const c = byId.get(id)!;
    return c.status !== 'pass' && c.status !== 'skip' && failOn.includes(c.severity!);
  };
  const known = listed.filter((id) => byId.has(id) && failing(id));
  const nowPasses = listed.filter((id) => byId.get(id)?.status === 'pass');
  const missing = listed.filter((id) => !byId.has(id));
  const unexpected = [...byId.keys()].filter((id) => failing(id) && !set.has(id));
  const ok = unexpected.length === 0 && report.problems.length === 0 && report.verdict !== 'incomplete';
  return { known, nowPasses, missing, unexpected, ok };
}
