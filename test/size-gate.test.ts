/**
 * The bundle-size growth gate of `npm run size` (scripts/size.mjs): CI fails when an entry's gzip
 * size is more than 2% over its figure in scripts/size-baseline.json, or the entry has none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENTRIES, overBaseline } from '../scripts/size.mjs';

const baseline = { control: 2000, everything: 30000 };
const names = (sizes: { name: string; gzip: number }[]) => overBaseline(sizes, baseline).map((s) => s.name);

describe('size growth gate', () => {
  it('passes an entry up to 2% over its baseline, and one that shrank', () => {
    expect(
      names([
        { name: 'control', gzip: 2040 },
        { name: 'everything', gzip: 20000 },
      ]),
    ).toEqual([]);
  });

  it('fails an entry more than 2% over its baseline', () => {
    expect(
      names([
        { name: 'control', gzip: 2041 },
        { name: 'everything', gzip: 30600 },
      ]),
    ).toEqual(['control']);
    expect(names([{ name: 'everything', gzip: 30601 }])).toEqual(['everything']);
  });

  it('fails an entry with no baseline', () => {
    expect(names([{ name: 'verifyRequest', gzip: 1 }])).toEqual(['verifyRequest']);
  });

  it('has a committed baseline for every entry, and for nothing else', () => {
    const committed = JSON.parse(readFileSync(new URL('../scripts/size-baseline.json', import.meta.url), 'utf8'));
    expect(Object.keys(committed).sort()).toEqual(ENTRIES.map((e) => e.name).sort());
    for (const value of Object.values(committed)) expect(Number.isInteger(value)).toBe(true);
  });
});
