import { base64, hex } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './base64.js';
import { bodyText, concatBytes } from './bytes.js';
import { timingSafeEqual, timingSafeEqualHex } from './compare.js';
import { fromHex, toHex } from './hex.js';

const bytes = fc.uint8Array({ maxLength: 70 });

describe('base64', () => {
  it('agrees with @scure/base both ways', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        const text = base64.encode(b);
        expect(toBase64(b)).toBe(text);
        expect(fromBase64(text)).toEqual(b);
      }),
    );
  });

  // RFC 4648 section 3.5: before "==" the last character carries 2 bits, before "=" 4 bits; the
  // rest must be zero. "QE==" has a bit set that only the two-padding mask (15) catches.
  it.each(['A', 'AA=', 'A===', 'AB==', 'QE==', 'AAB=', 'AA==AA==', 'AA A', 'AA-_', '\u00e9AAA'])(
    'refuses non-canonical or malformed %j',
    (s) => {
      expect(() => fromBase64(s)).toThrowError(expect.objectContaining({ code: 'ERR_ENCODING' }));
    },
  );
});

describe('hex', () => {
  it('agrees with @scure/base and reads either case', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        expect(toHex(b)).toBe(hex.encode(b));
        expect(fromHex(hex.encode(b).toUpperCase())).toEqual(b);
      }),
    );
  });
  it.each(['a', 'gg', '0x', ' 0'])('refuses %j', (s) => {
    expect(() => fromHex(s)).toThrowError(expect.objectContaining({ code: 'ERR_ENCODING' }));
  });
});

describe('constant-time comparison', () => {
  it('equals plain equality on bytes, and on hex digests in either case', () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        expect(timingSafeEqual(a, b)).toBe(hex.encode(a) === hex.encode(b));
        expect(timingSafeEqual(a, a.slice())).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{0,8}$/), fc.stringMatching(/^[0-9a-fA-F]{0,8}$/), (a, b) => {
        expect(timingSafeEqualHex(a, b)).toBe(a === b.toLowerCase());
        expect(timingSafeEqualHex(a, a.toUpperCase())).toBe(true);
      }),
    );
  });
  it('notices a difference in the last byte only', () => {
    const a = new Uint8Array(20);
    const b = new Uint8Array(20);
    b[19] = 1;
    expect(timingSafeEqual(a, b)).toBe(false);
    expect(timingSafeEqualHex('0'.repeat(39) + 'a', '0'.repeat(39) + 'b')).toBe(false);
    expect(timingSafeEqualHex('0'.repeat(39) + 'a', '0'.repeat(39) + 'B')).toBe(false);
  });
});

describe('concatBytes and bodyText', () => {
  it('joins parts into a buffer of exactly their length, with or without the total given', () => {
    const parts = [Uint8Array.of(1, 2), [3], Uint8Array.of()];
    expect(concatBytes(parts)).toEqual(Uint8Array.of(1, 2, 3));
    expect(concatBytes(parts, 3)).toEqual(Uint8Array.of(1, 2, 3));
    expect(concatBytes([])).toEqual(new Uint8Array(0));
  });

  it('decodes UTF-8 as Buffer does, keeping a byte order mark', () => {
    const samples = [[], [0x61], [0xef, 0xbb, 0xbf, 0x61], [0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]];
    for (const s of samples) expect(bodyText(Uint8Array.from(s))).toBe(Buffer.from(s).toString('utf8'));
  });

  it.each([[[0xff]], [[0xc3]], [[0xed, 0xa0, 0x80]], [[0x61, 0xc0, 0xaf]]])('refuses invalid UTF-8 %j', (s) => {
    expect(() => bodyText(Uint8Array.from(s))).toThrowError(
      expect.objectContaining({
        code: 'ERR_ENCODING',
        field: 'body',
        message: expect.stringMatching(/not valid UTF-8/),
      }),
    );
  });
});
