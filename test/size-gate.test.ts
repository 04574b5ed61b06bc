/**
 * The bundle-size growth gate of `npm run size` (scripts/size.mjs): CI fails when an entry's gzip
 * size is more than 2% over its figure in scripts/size-baseline.json, or the entry has none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENTRIES, overBaseline, WHY, withoutProse } from '../scripts/size.mjs';

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

describe("the ledger's prose line (withoutProse)", () => {
  it('removes a message of four or more words from minified code, and nothing else', () => {
    const code = 'throw new i(`amount must be a decimal string such as "10.42"`,{field:"amount"})';
    expect(withoutProse(code)).toBe('throw new i(` "10.42"`,{field:"amount"})');
    expect(withoutProse('x("the control key is empty")')).toBe('x("")');
  });

  it('keeps three-word strings and runs that name a keyword (code, not prose)', () => {
    for (const code of [
      'x("no such key")',
      'for(let a of b)c(a)',
      'return typeof a=="string"',
      'async function f(){await a;return b}',
      'const a=1,b=a instanceof c',
    ]) {
      expect(withoutProse(code)).toBe(code);
    }
  });

  it('every budgeted entry says why what stays over its budget stays', () => {
    for (const e of ENTRIES.filter((x) => x.goal !== null)) {
      expect(e.why === undefined ? undefined : typeof WHY[e.why]).toBe('string');
    }
  });
});
