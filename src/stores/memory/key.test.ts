import { describe, expect, it } from 'vitest';
import { fixedKey, randomSeed } from './key.js';

// The keys are internal and seeded at random, so there is no known-answer value to pin: what the
// store needs is a fixed size and distinct keys for distinct lists of parts, above all for lists
// that a naive concatenation (or a length prefix cut short) would feed as the same units.
describe('fixedKey keeps apart lists of parts that a careless encoding would confuse', () => {
  const long = 'b'.repeat(65_534);
  const pairs: [string, string[], string[]][] = [
    ['a plain concatenation', ['ab', 'c'], ['a', 'bc']],
    ['a separator inside a part', ['a:b', 'c'], ['a', 'b:c']],
    ['different numbers of parts', [''], []],
    ['empty parts', ['', ''], ['']],
    ['a length without its low 16 bits', ['a', '\0\0b', '1'], ['a\0\0', 'b', '1']],
    ['a length without its high 16 bits', ['a', long], [`a\0\ufffe${long}`]],
    ['lengths 65 536 apart', ['x'.repeat(65_536)], ['']],
    ['surrogates swapped', ['\ud83d\ude00'], ['\ude00\ud83d']],
    ['a lone surrogate against its pair', ['\ud83d'], ['\ud83d\ude00']],
    ['very long parts differing at the end', ['y'.repeat(200_000) + 'a'], ['y'.repeat(200_000) + 'b']],
  ];
  for (const [what, left, right] of pairs) {
    it(what, () => {
      // Several seeds: a collision for one seed could be chance; one built into the encoding is not.
      for (let i = 0; i < 4; i++) {
        const seed = randomSeed();
        const l = fixedKey(seed, left);
        const r = fixedKey(seed, right);
        expect(l).toMatch(/^[\x00-\xff]{16}$/);
        expect(r).toMatch(/^[\x00-\xff]{16}$/);
        expect(l).not.toBe(r);
      }
    });
  }
});
