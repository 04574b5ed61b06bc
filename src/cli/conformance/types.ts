/**
 * The conformance kit's types: how a run is set up and what it reports.
 *
 * @module
 */
/** The protocol version this kit speaks (vectors/PROTOCOL.md). */
export const PROTOCOL_VERSION = 1;

/**
 * How bad a failing case is, worst first:
 * - `mismatch`: a valid request signed or built wrongly (the service would answer 403);
 * - `refuses-valid`: the SDK refuses a valid case;
 * - `accepts-invalid`: the SDK accepts a case the service refuses (it would answer 400);
 * - `transport`: same content, another serialisation (field order, `+`/`%20`, headers, the body
 *   repeat of `oauth_*`), or a refusal worded with another paysig code;
 * - `service-behaviour`: a case showing what the service does (trimming), not scored as the SDK's;
 * - `not-run`: the case got no answer (the adapter crashed, hung, or answered garbage).
 */
export type Severity = 'mismatch' | 'refuses-valid' | 'accepts-invalid' | 'transport' | 'service-behaviour' | 'not-run';

/** Every severity, worst first (the report's order). */
export const SEVERITIES: readonly Severity[] = [
  'mismatch',
  'refuses-valid',
  'accepts-invalid',
  'transport',
  'service-behaviour',
  'not-run',
];

/** The severities that fail a run by default. */
export const DEFAULT_FAIL_ON: readonly Severity[] = ['mismatch', 'refuses-valid'];

/** How a run is set up. */
export interface KitOptions {
  /** The adapter's argv. */
  readonly argv: readonly string[];
  /** The folder holding the vector files and keys/. */
  readonly vectorsDir: string;
  /** Only these topics; all when absent. */
  readonly topics?: readonly string[];
  /** Only the cases whose wire id (`topic/id`) is one of these, or contains `grep`. */
  readonly cases?: readonly string[];
  /** Only the cases whose wire id contains this text. */
  readonly grep?: string;
  /** How long one case may wait for its answer (ms). */
  readonly timeoutMs: number;
  /** How many times a crashed or hung adapter is started again before the remaining cases are not run (default 3). */
  readonly maxRestarts?: number;
  /** Extra time the first case after a (re)start may take, for the adapter's own startup (ms, default 10000). */
  readonly startupMs?: number;
  /** The seed of the generated cases; a fresh one when absent. */
  readonly seed?: number;
  /** How many generated cases per generated topic (default 8; 0 for none). */
  readonly generated?: number;
  /** The severities that fail the run (default {@link DEFAULT_FAIL_ON}). */
  readonly failOn?: readonly Severity[];
  /** Below this share of offered cases answered (0..1, default 0.5), the verdict is `incomplete`. */
  readonly minCoverage?: number;
  /** Fail on transport differences of `operations` as mismatches. */
  readonly strictTransport?: boolean;
  /** The adapter's environment (PAYSIG_VECTORS and PAYSIG_CONFORMANCE_PROTOCOL are added); this process's when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** What happened to one case. */
export interface CaseOutcome {
  readonly topic: string;
  readonly id: string;
  status: 'pass' | 'fail' | 'skip' | 'not-run';
  /** Set on every failing and not-run case. */
  severity?: Severity;
  /** The kinds of its sources (`spec`, `public-docs`, `client-code`, `standard`, `paysig`, `generated`). */
  readonly sources: readonly string[];
  /** The fact ids of vectors/SOURCES.md the case cites. */
  readonly facts: readonly string[];
  /** Tags of the case (`service-behaviour`, `lone-surrogate`, `generated`). */
  readonly tags: readonly string[];
  /** Why it failed or was skipped. */
  reason?: string;
  /** Field- or term-level differences, one line each. */
  details?: string[];
  /** Likely causes, with the hint ids of `diagnose()` where one exists. */
  hints?: { readonly id: string; readonly message: string }[];
  readonly negative: boolean;
  readonly input: Record<string, unknown>;
  /** The expected output, or the error code a negative case expects. */
  readonly expected: unknown;
  /** What the adapter answered: its `output`, or `{ error }`. */
  actual?: unknown;
}

/** The tally of one topic. */
export interface TopicTally {
  readonly topic: string;
  /** Cases offered. */
  offered: number;
  /** Cases answered with an output or an error (not skipped, not run). */
  answered: number;
  pass: number;
  fail: number;
  skip: number;
  notRun: number;
}

/** One start of the adapter and what it wrote to standard error (bounded). */
export interface AdapterRun {
  /** How it ended (`exited with status 0`, `was killed by SIGKILL`, ...). */
  readonly ended: string;
  /** Its standard error, at most STDERR_MAX characters (the start kept, then the end). */
  readonly stderr: string;
}

/** The verdict: `pass`, `fail`, or `incomplete` (too little answered to mean anything). */
export type Verdict = 'pass' | 'fail' | 'incomplete';

/** The result of a run. */
export interface KitReport {
  readonly protocol: number;
  /** The seed of the generated cases (`--seed` replays them). */
  readonly seed: number;
  readonly topics: TopicTally[];
  readonly cases: CaseOutcome[];
  /** Protocol errors not tied to one case (unknown ids, garbage lines, files without a topic). */
  readonly problems: string[];
  /** Each start of the adapter. */
  readonly adapterRuns: AdapterRun[];
  /** Failing cases per severity. */
  readonly severities: Partial<Record<Severity, number>>;
  readonly verdict: Verdict;
  /** True when the verdict is `pass`. */
  readonly ok: boolean;
}
