/**
 * The memory store meets the nonce-store contract of `paysig/testing`, on a clock the contract
 * moves (so the expiry rule does not wait). Its "backend" is its clock: a broken one reads NaN,
 * which the store refuses, so the verifier fails closed.
 */
import { describe, expect, it } from 'vitest';
import { assertNonceStore } from '../../testing/index.js';
import { MemoryNonceStore, type MemoryNonceStoreOptions } from './index.js';

function run(options: MemoryNonceStoreOptions, contract: { flood?: number; crowd?: number } = {}) {
  let ms = 1_800_000_000_000;
  return assertNonceStore(
    () => {
      let broken = false;
      const store = new MemoryNonceStore({ ...options, now: () => (broken ? Number.NaN : ms) });
      return {
        store,
        breakBackend: () => {
          broken = true;
        },
      };
    },
    {
      ...contract,
      clock: {
        now: () => ms / 1000,
        advance: (seconds) => {
          ms += seconds * 1000;
        },
      },
    },
  );
}

describe('MemoryNonceStore and the nonce-store contract', () => {
  it('meets every rule with its defaults', async () => {
    expect((await run({})).passed).toBe(true);
  });

  it('meets every rule when the flood and the crowd together overfill it (room made fairly)', async () => {
    // A quota of 100 stops the flood; 100 + 1000 nonces overfill 1050 places.
    const report = await run({ maxEntries: 1050, maxEntriesPerConsumer: 100 }, { flood: 1000, crowd: 1000 });
    expect(report.results.map((r) => r.passed)).toEqual([true, true, true, true, true, true, true]);
  });
});
