/**
 * The fuzzing harness shared by the vitest budget (fuzz.test.ts) and the long runner (run.ts).
 *
 * A target is an arbitrary and a function that feeds one generated input to paysig. The harness
 * runs it and classifies the outcome: a normal return (`ok`), or a rejection with a PaysigError
 * (its `code`). Anything else fails the property: a TypeError/RangeError/bare Error escaping the
 * library, a case slower than the per-case bound, or a {@link FuzzViolation} raised by a target
 * that saw paysig accept something it must not (e.g. a tampered request).
 */
import fc from 'fast-check';
import { PaysigError } from '../../src/errors/index.js';

/** One fuzz target: what to generate and how to feed it to paysig. */
// biome-ignore lint/suspicious/noExplicitAny: a target list mixes generators of every input type (test code)
export interface FuzzTarget<T = any> {
  readonly name: string;
  /** Share of the long run's case budget (relative; cheap parsers get more). */
  readonly weight: number;
  readonly arb: fc.Arbitrary<T>;
  run(input: T): unknown;
}

/** Declares a target with its input type inferred from the arbitrary. */
export function target<T>(
  name: string,
  weight: number,
  arb: fc.Arbitrary<T>,
  run: (input: T) => unknown,
): FuzzTarget<T> {
  return { name, weight, arb, run };
}

/** A target saw paysig accept what it must refuse, or return a wrong value. Fails the property. */
export class FuzzViolation extends Error {
  override name = 'FuzzViolation';
}

/** Upper bound for one case, in milliseconds (generous: the machine may be loaded). */
export const CASE_MS = Number(process.env['PAYSIG_FUZZ_CASE_MS'] ?? 2000);

/** Outcome counts: target name, then `ok` or an error code, then count. */
export type Tally = Map<string, Map<string, number>>;

function count(tally: Tally, name: string, outcome: string): void {
  const row = tally.get(name) ?? new Map<string, number>();
  tally.set(name, row);
  row.set(outcome, (row.get(outcome) ?? 0) + 1);
}

/** Runs one case and returns its outcome; throws (failing the property) on anything not allowed. */
export async function runCase<T>(t: FuzzTarget<T>, input: T, tally?: Tally): Promise<string> {
  const start = performance.now();
  let outcome = 'ok';
  try {
    await t.run(input);
  } catch (e) {
    if (e instanceof FuzzViolation) throw e;
    if (!(e instanceof PaysigError)) {
      const what = e instanceof Error ? `${e.name}: ${e.message}` : `non-Error value ${String(e)}`;
      throw new Error(`${t.name}: threw something other than a PaysigError: ${what}`, { cause: e });
    }
    outcome = e.code;
  }
  const ms = performance.now() - start;
  if (ms > CASE_MS) throw new Error(`${t.name}: one case took ${ms.toFixed(0)} ms (bound ${CASE_MS} ms)`);
  if (tally !== undefined) count(tally, t.name, outcome);
  return outcome;
}

/** The fast-check property of a target. */
export function propertyOf<T>(t: FuzzTarget<T>, tally?: Tally, onCase?: () => void): fc.IAsyncProperty<[T]> {
  return fc.asyncProperty(t.arb, async (input) => {
    onCase?.();
    await runCase(t, input, tally);
  });
}
