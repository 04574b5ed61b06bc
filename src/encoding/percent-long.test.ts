// percentEncode's buffer path (inputs with 48 or more characters left to encode), which the
// short-string property tests in percent.test.ts do not reach, and percentEncodeTwice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EncodingError } from '../errors/index.js';
import { isWellFormed, isWellFormedFallback, percentEncode, percentEncodeTwice } from './percent.js';

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Independent reference: TextEncoder's UTF-8 bytes, each non-unreserved byte as %XX. */
function naive(s: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(s)) {
    const ch = String.fromCharCode(b);
    out += b < 128 && UNRESERVED.test(ch) ? ch : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

describe('percentEncode on long inputs (buffer path)', () => {
  it('agrees with a byte-wise encoder on well-formed strings of 40 to 600 units', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 40, maxLength: 600 }), (s) => percentEncode(s) === naive(s)),
      { numRuns: 500 },
    );
  });

  it('agrees after an unreserved prefix of any length', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'Z', '9', '-', '~'), maxLength: 80 }),
        fc.string({ unit: 'binary', minLength: 0, maxLength: 200 }),
        (prefix, rest) => percentEncode(prefix + rest) === naive(prefix + rest),
      ),
      { numRuns: 500 },
    );
  });

  it('encodes each UTF-8 length class exactly', () => {
    const text = " !*'()é€😀~".repeat(20);
    expect(percentEncode(text)).toBe(naive(text));
    expect(percentEncode('x'.repeat(10) + '😀'.repeat(30))).toBe('x'.repeat(10) + '%F0%9F%98%80'.repeat(30));
  });

  it('handles outputs larger than the reused buffer, and reuses it without stale bytes', () => {
    const big = '中'.repeat(20_000) + ' end';
    expect(percentEncode(big)).toBe('%E4%B8%AD'.repeat(20_000) + '%20end');
    const a = 'é'.repeat(300);
    const b = ' '.repeat(60);
    expect(percentEncode(a)).toBe('%C3%A9'.repeat(300));
    expect(percentEncode(b)).toBe('%20'.repeat(60));
  });

  it('refuses a lone surrogate anywhere in a long string, naming its index', () => {
    for (const at of [0, 47, 48, 100, 199]) {
      for (const lone of ['\ud800', '\udc00']) {
        const s = ' '.repeat(at) + lone + ' '.repeat(199 - at);
        expect(() => percentEncode(s)).toThrow(EncodingError);
        expect(() => percentEncode(s)).toThrow(`index ${at}`);
      }
    }
    // U+FFFD itself is well-formed text and is encoded; with a lone surrogate beside it, refused.
    const replacement = 'a'.repeat(60) + '\ufffd' + ' '.repeat(10);
    expect(percentEncode(replacement)).toBe('a'.repeat(60) + '%EF%BF%BD' + '%20'.repeat(10));
    expect(() => percentEncode(replacement + '\udfff')).toThrow(`index ${replacement.length}`);
    const trailingHigh = ' '.repeat(100) + '\ud83d';
    expect(() => percentEncode(trailingHigh)).toThrow(EncodingError);
  });
});

/** Independent reference for the double encoding: the byte-wise encoder applied twice. */
const naiveTwice = (s: string): string => naive(naive(s));
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

describe('percentEncodeTwice', () => {
  it('equals encoding twice, short and long', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (s) => percentEncodeTwice(s) === naiveTwice(s)),
      {
        numRuns: 1000,
      },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 40, maxLength: 300 }),
        (s) => percentEncodeTwice(s) === naiveTwice(s),
      ),
      { numRuns: 300 },
    );
    expect(percentEncodeTwice('a b')).toBe('a%2520b');
    expect(percentEncodeTwice('%')).toBe('%2525');
    expect(percentEncodeTwice('plain-value_1.0~')).toBe('plain-value_1.0~');
  });

  it('keeps unreserved bytes between escapes on the buffer path (48+ units after the prefix)', () => {
    // Binary strings above almost never hold unreserved ASCII; these mix both kinds.
    const mixed = fc.string({
      unit: fc.constantFrom('a', 'Z', '0', '~', '-', ' ', '%', '/', 'é', '😀'),
      minLength: 48,
      maxLength: 200,
    });
    fc.assert(
      fc.property(mixed, (s) => percentEncodeTwice(s) === naiveTwice(s)),
      { numRuns: 300 },
    );
    // By hand: ' ' is 20, '/' is 2F, 'é' is C3 A9; each escape's '%' encoded once more as %25.
    const s = ` ${'ab~'.repeat(20)}/é`;
    expect(percentEncodeTwice(s)).toBe(`%2520${'ab~'.repeat(20)}%252F%25C3%25A9`);
  });

  it('orders strings exactly as their single encodings', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'A', '0', '%', ' ', '~', '-', 'é', '😀', '\u0001'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        text,
        text,
        (a, b) => cmp(percentEncodeTwice(a), percentEncodeTwice(b)) === cmp(percentEncode(a), percentEncode(b)),
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses a lone surrogate', () => {
    expect(() => percentEncodeTwice('x\udc00')).toThrow(EncodingError);
    expect(() => percentEncodeTwice(' '.repeat(60) + '\ud800')).toThrow('index 60');
  });
});

describe('isWellFormed', () => {
  /** Independent check: walk the UTF-16 units and pair surrogates by hand. */
  function naiveWellFormed(s: string): boolean {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (d < 0xdc00 || d > 0xdfff) return false;
        i++;
      } else if (c >= 0xdc00 && c <= 0xdfff) return false;
    }
    return true;
  }
  it('native and pattern forms agree with a unit-by-unit walk', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', '\ud800', '\udbff', '\udc00', '\udfff', '😀', 'é'),
      maxLength: 16,
    });
    fc.assert(
      fc.property(
        text,
        (s) => isWellFormed(s) === naiveWellFormed(s) && isWellFormedFallback(s) === naiveWellFormed(s),
      ),
      { numRuns: 3000 },
    );
  });
});
