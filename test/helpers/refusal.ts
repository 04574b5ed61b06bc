/**
 * The PaysigError a call throws or a promise rejects with, for tests that then check its code,
 * field and message. Anything else thrown (or nothing) fails the test.
 */
import { expect } from 'vitest';
import { PaysigError } from '../../src/errors/index.js';

/** The PaysigError `run` throws. */
export function thrown(run: () => unknown): PaysigError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return e as PaysigError;
  }
  throw new Error('expected a throw');
}

/** The PaysigError `p` rejects with. */
export async function refusal(p: Promise<unknown>): Promise<PaysigError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return e as PaysigError;
  }
  throw new Error('expected a rejection');
}
