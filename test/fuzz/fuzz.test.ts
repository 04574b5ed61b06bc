/**
 * The fuzz targets on a short budget, inside `npm test` (both crypto backends). The long run is
 * `npm run test:fuzz` (test/fuzz/run.ts); see docs/contributing/fuzzing.md.
 *
 * PAYSIG_FUZZ_RUNS sets the cases per target (default 60); PAYSIG_FUZZ_SEED fixes the seed.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyOf } from './harness.js';
import { allTargets } from './targets.js';

const runs = Number(process.env['PAYSIG_FUZZ_RUNS'] ?? 60);
const seed = process.env['PAYSIG_FUZZ_SEED'] === undefined ? undefined : Number(process.env['PAYSIG_FUZZ_SEED']);

describe('fuzz (short budget)', () => {
  for (const t of allTargets) {
    it(t.name, async () => {
      await fc.assert(propertyOf(t), { numRuns: runs, ...(seed !== undefined ? { seed } : {}) });
    });
  }
});
