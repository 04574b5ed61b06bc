import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaysigError } from '../errors/index.js';
import { percentDecode, percentEncode } from './percent.js';

/** Independent byte-wise encoder: TextEncoder bytes, unreserved set by character class. */
function naiveEncode(s: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(b);
    out += /^[A-Za-z0-9\-._~]$/.test(c) ? c : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

describe('percentEncode', () => {
  it.each([
    ['', ''],
    ['abcXYZ019-._~', 'abcXYZ019-._~'],
    ['Ladies + Gentlemen', 'Ladies%20%2B%20Gentlemen'],
    ["!*'()", '%21%2A%27%28%29'],
    ['%/=&?#', '%25%2F%3D%26%3F%23'],
    ['é', '%C3%A9'],
    ['€', '%E2%82%AC'],
    ['😀', '%F0%9F%98%80'],
    ['\u0000\u007f', '%00%7F'],
  ])('%j -> %j', (input, expected) => {
    expect(percentEncode(input)).toBe(expected);
  });

  it('agrees with an independent byte-wise encoder on any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => percentEncode(s) === naiveEncode(s)),
      { numRuns: 2000 },
    );
  });

  it('refuses lone surrogates with ERR_ENCODING', () => {
    for (const s of ['\ud800', 'a\udc00b', '\ud83d', 'x\ude00']) {
      expect(() => percentEncode(s)).toThrowError(expect.objectContaining({ code: 'ERR_ENCODING' }));
    }
  });
});

describe('percentDecode', () => {
  it('inverts percentEncode on every well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => percentDecode(percentEncode(s)) === s),
      { numRuns: 2000 },
    );
  });

  it('accepts lowercase hex and leaves other characters alone', () => {
    expect(percentDecode('%c3%a9+x')).toBe('é+x');
    expect(percentDecode('caf\u00e9%20')).toBe('café ');
  });

  it.each(['%', '%4', '%G0', '%E2%82', '%C0%AF', '%FF', '%ED%A0%80', 'a%2'])('refuses %j', (s) => {
    expect(() => percentDecode(s)).toThrowError(expect.objectContaining({ code: 'ERR_ENCODING' }));
  });

  it('throws only PaysigError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('%', 'A', 'f', '0', '9', 'G', 'é', '\ud800') }), (s) => {
        try {
          percentDecode(s);
        } catch (e) {
          return e instanceof PaysigError;
        }
        return true;
      }),
    );
  });
});
