/**
 * The conformance kit's types: how a run is set up and what it reports.
 *
 * @module
 */
/** The protocol version this kit speaks (vectors/PROTOCOL.md). */
export const PROTOCOL_VERSION = 1;

/** How a run is set up. */
export interface KitOptions {
  /** The adapter's argv. */
  readonly argv: readonly string[];
  /** The folder holding the vector files and keys/. */
  readonly vectorsDir: string;
  /** Only these topics; all when absent. */
  readonly topics?: readonly string[];
  /** How long one case may wait for its answer (ms). */
  readonly timeoutMs: number;
  /** How many times a crashed or hung adapter is started again before the remaining cases are given up. */
  readonly maxRestarts?: number;
  /** Extra time the first case after a (re)start may take, for the adapter's own startup (ms, default 10000). */
  readonly startupMs?: number;
  /** The adapter's environment (PAYSIG_VECTORS and PAYSIG_CONFORMANCE_PROTOCOL are added); this process's when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** What happened to one case. */
export interface CaseOutcome {
  readonly topic: string;
  readonly id: string;
  status: 'pass' | 'fail' | 'skip';
  /** Why it failed or was skipped. */
  reason?: string;
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
  pass: number;
  fail: number;
  skip: number;
}

/** The result of a run. */
export interface KitReport {
  readonly protocol: number;
  readonly topics: TopicTally[];
  readonly cases: CaseOutcome[];
  /** Protocol errors not tied to one case (unknown ids, garbage lines, files without a topic). */
  readonly problems: string[];
  readonly ok: boolean;
}
