import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyError, PaysigError } from '../errors/index.js';
import { encodeElement, pkcs1ToPkcs8, pkcs1ToSpki } from './der-write.js';
import { integerBits, pkcs8ToPkcs1, readElement, readRsaPrivateKey, readRsaPublicKey, spkiToPkcs1 } from './der.js';

const KEYS = new URL('../../vectors/keys/', import.meta.url);
const pemOf = (name: string): string => readFileSync(new URL(`test-only-${name}.pem`, KEYS), 'utf8');
/** DER of a PEM file, decoded by Node (independent of paysig's PEM and Base64 code). */
const derOf = (name: string): Uint8Array => {
  const body = pemOf(name).replace(/-----[^-]+-----/g, '');
  return new Uint8Array(Buffer.from(body, 'base64'));
};
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** Runs fn; returns 'ok' or the thrown error, failing the test if it is not a PaysigError. */
function outcome(fn: () => unknown): 'ok' | PaysigError {
  try {
    fn();
    return 'ok';
  } catch (e) {
    if (!(e instanceof PaysigError)) throw new Error(`non-PaysigError thrown: ${String(e)}`);
    return e;
  }
}

describe.each([2048, 4096])('RSA %i test keys', (bits) => {
  const pkcs1 = derOf(`rsa-${bits}-pkcs1`);
  const pkcs8 = derOf(`rsa-${bits}-pkcs8`);
  const spki = derOf(`rsa-${bits}-spki`);
  const pkcs1Public = derOf(`rsa-${bits}-pkcs1-public`);

  it('wraps PKCS#1 into PKCS#8 byte-for-byte like node:crypto', () => {
    const node = createPrivateKey(pemOf(`rsa-${bits}-pkcs1`)).export({ type: 'pkcs8', format: 'der' });
    expect(hex(pkcs1ToPkcs8(pkcs1))).toBe(node.toString('hex'));
  });

  it('wraps PKCS#1 into PKCS#8 byte-for-byte like openssl pkcs8 -topk8 -nocrypt', () => {
    const path = new URL(`test-only-rsa-${bits}-pkcs1.pem`, KEYS).pathname;
    const out = execFileSync('openssl', ['pkcs8', '-topk8', '-nocrypt', '-in', path, '-outform', 'DER']);
    expect(hex(pkcs1ToPkcs8(pkcs1))).toBe(out.toString('hex'));
  });

  it('wraps PKCS#1 public into SPKI byte-for-byte like node:crypto and the SPKI file', () => {
    const node = createPublicKey(pemOf(`rsa-${bits}-pkcs1-public`)).export({ type: 'spki', format: 'der' });
    expect(hex(pkcs1ToSpki(pkcs1Public))).toBe(node.toString('hex'));
    expect(hex(pkcs1ToSpki(pkcs1Public))).toBe(hex(spki));
  });

  it('unwraps PKCS#8 and SPKI back to the PKCS#1 forms', () => {
    const nodePkcs1 = createPrivateKey(pemOf(`rsa-${bits}-pkcs8`)).export({ type: 'pkcs1', format: 'der' });
    expect(hex(pkcs8ToPkcs1(pkcs8))).toBe(nodePkcs1.toString('hex'));
    expect(hex(pkcs8ToPkcs1(pkcs8))).toBe(hex(pkcs1));
    expect(hex(spkiToPkcs1(spki))).toBe(hex(pkcs1Public));
  });

  it('reads the modulus length that node:crypto reports', () => {
    const nodeBits = createPrivateKey(pemOf(`rsa-${bits}-pkcs8`)).asymmetricKeyDetails?.modulusLength;
    expect(nodeBits).toBe(bits);
    expect(readRsaPrivateKey(pkcs1).bits).toBe(nodeBits);
    expect(readRsaPrivateKey(pkcs8ToPkcs1(pkcs8)).bits).toBe(nodeBits);
    expect(readRsaPublicKey(pkcs1Public).bits).toBe(nodeBits);
    expect(readRsaPublicKey(spkiToPkcs1(spki)).bits).toBe(nodeBits);
  });

  it('only ever throws PaysigError on truncations and bit flips of valid DER', () => {
    const targets: Array<[Uint8Array, (d: Uint8Array) => unknown]> = [
      [pkcs1, readRsaPrivateKey],
      [pkcs1Public, readRsaPublicKey],
      [pkcs8, (d) => readRsaPrivateKey(pkcs8ToPkcs1(d))],
      [spki, (d) => readRsaPublicKey(spkiToPkcs1(d))],
    ];
    for (const [der, read] of targets) {
      fc.assert(
        fc.property(
          fc.nat({ max: der.length - 1 }),
          fc.integer({ min: 0, max: 7 }),
          fc.boolean(),
          (i, bit, truncate) => {
            const mutated = truncate ? der.slice(0, i) : der.slice();
            if (!truncate) mutated[i]! ^= 1 << bit;
            const r = outcome(() => read(mutated));
            // A truncation can never parse: the outer length no longer fits.
            if (truncate) expect(r).toBeInstanceOf(KeyError);
          },
        ),
        { numRuns: 300 },
      );
    }
  });
});

describe('DER reader', () => {
  it('refuses non-RSA algorithms with the algorithm named', () => {
    for (const name of ['ec-p256-pkcs8', 'ec-p256-spki']) {
      const der = derOf(name);
      const r = outcome(() => (name.endsWith('pkcs8') ? pkcs8ToPkcs1(der) : spkiToPkcs1(der)));
      expect(r).toBeInstanceOf(KeyError);
      expect((r as KeyError).message).toMatch(/EC \(OID 1\.2\.840\.10045\.2\.1\)/);
    }
  });

  it('refuses indefinite, non-minimal and oversized lengths, stray bytes and high tags', () => {
    const cases: Array<[string, number[]]> = [
      ['indefinite', [0x30, 0x80, 0x02, 0x01, 0x01, 0x00, 0x00]],
      ['non-minimal long form', [0x30, 0x81, 0x03, 0x02, 0x01, 0x01]],
      ['leading zero length byte', [0x30, 0x82, 0x00, 0x03, 0x02, 0x01, 0x01]],
      ['length past end', [0x30, 0x05, 0x02, 0x01, 0x01]],
      ['4-byte length', [0x30, 0x84, 0x01, 0x00, 0x00, 0x00]],
      ['stray byte', [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x03, 0x00]],
      ['high tag', [0x1f, 0x01, 0x00]],
      ['empty', []],
      ['non-minimal INTEGER', [0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x03]],
      ['negative modulus', [0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x03]],
      ['zero modulus', [0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x03]],
      ['empty INTEGER', [0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x03]],
    ];
    for (const [label, bytes] of cases) {
      const r = outcome(() => readRsaPublicKey(Uint8Array.from(bytes)));
      expect(r, label).toBeInstanceOf(KeyError);
    }
    // The reader reports the exponent's content bytes; its policy (odd, >= 65537, <= 32 bits) is
    // applied by rules.ts, so a long exponent is structurally fine here.
    const e = (n: number) => [0x02, n + 1, 0x00, ...new Array<number>(n).fill(0xff)];
    const pub = (ebytes: number[]) => Uint8Array.from([0x30, 3 + ebytes.length, 0x02, 0x01, 0x01, ...ebytes]);
    expect(Array.from(readRsaPublicKey(pub(e(9))).exponent)).toEqual([0, ...new Array<number>(9).fill(0xff)]);
    // The well-formed neighbour of those cases is accepted: modulus 1, exponent 3.
    expect(readRsaPublicKey(Uint8Array.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x03])).bits).toBe(1);
  });

  it('refuses multi-prime (version 1) RSAPrivateKey and an SPKI with unused bits', () => {
    const pkcs1 = derOf('rsa-2048-pkcs1').slice();
    // RSAPrivateKey: 30 82 LL LL 02 01 00 ... -> version byte at offset 6
    expect(pkcs1[6]).toBe(0);
    pkcs1[6] = 1;
    expect(() => readRsaPrivateKey(pkcs1)).toThrow(/multi-prime/);
    const spki = derOf('rsa-2048-spki').slice();
    // 30 82 01 22 | 30 0d ...(15 bytes) | 03 82 01 0f | 00 <- unused-bits byte at 4 + 15 + 4
    expect(spki[23]).toBe(0);
    spki[23] = 1;
    expect(() => spkiToPkcs1(spki)).toThrow(/0 unused bits/);
  });

  it('accepts PKCS#8 with attributes [0] and refuses other trailing elements', () => {
    const pkcs1 = derOf('rsa-2048-pkcs1');
    const base = pkcs1ToPkcs8(pkcs1);
    const seq = readElement(base, 0, base.length, 'x');
    const inner = base.subarray(seq.start, seq.end);
    const withAttrs = encodeElement(0x30, inner, [0xa0, 0x00]);
    expect(hex(pkcs8ToPkcs1(withAttrs))).toBe(hex(pkcs1));
    expect(outcome(() => pkcs8ToPkcs1(encodeElement(0x30, inner, [0x04, 0x00])))).toBeInstanceOf(KeyError);
    expect(outcome(() => pkcs8ToPkcs1(encodeElement(0x30, inner, [0xa0, 0x00], [0xa0, 0x00])))).toBeInstanceOf(
      KeyError,
    );
  });

  it('counts INTEGER bits like BigInt does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 600 }), (content) => {
        const der = encodeElement(0x02, content);
        const el = readElement(der, 0, der.length, 'n');
        const big = BigInt('0x' + hex(content));
        expect(integerBits(der, el)).toBe(big === 0n ? 0 : big.toString(2).length);
      }),
    );
  });

  it('counts INTEGER bits past leading zero bytes and never reads beyond the element', () => {
    // fast-check's arrays rarely start with 0x00, so leading zeros and all-zero contents are
    // generated explicitly; the element sits between other bytes, zeros after it included.
    const bitsOf = (content: Uint8Array): number => {
      const big = BigInt('0x' + hex(content));
      return big === 0n ? 0 : big.toString(2).length;
    };
    fc.assert(
      fc.property(
        fc.nat({ max: 3 }),
        fc.uint8Array({ maxLength: 40 }),
        fc.uint8Array({ maxLength: 4 }),
        fc.constantFrom(0x00, 0x01, 0xff),
        (zeros, rest, before, after) => {
          const content = Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]);
          if (content.length === 0) return;
          const der = Uint8Array.from([...before, ...content, after, after]);
          const el = { tag: 0x02, start: before.length, end: before.length + content.length };
          expect(integerBits(der, el)).toBe(bitsOf(content));
        },
      ),
    );
    const at = (bytes: number[], start: number, end: number) =>
      integerBits(Uint8Array.from(bytes), { tag: 2, start, end });
    expect(at([0x00], 0, 1)).toBe(0);
    expect(at([0x00, 0x00, 0x00, 0x00], 1, 2)).toBe(0);
    expect(at([0x00, 0x01], 0, 2)).toBe(1);
    expect(at([0x00, 0x80], 0, 2)).toBe(8);
    expect(at([0x00, 0x00, 0x01, 0x00], 0, 4)).toBe(9);
  });

  it('encodes lengths in the short form up to 127 and the shortest long form above (X.690 8.1.3)', () => {
    const header = (n: number): string => {
      const der = encodeElement(0x04, new Uint8Array(n));
      return hex(der.subarray(0, der.length - n));
    };
    expect(header(0)).toBe('0400');
    expect(header(127)).toBe('047f');
    expect(header(128)).toBe('048180');
    expect(header(255)).toBe('0481ff');
    expect(header(256)).toBe('04820100');
    expect(header(65535)).toBe('0482ffff');
    expect(header(65536)).toBe('0483010000');
  });

  it('encodes lengths that it reads back, matching the DER length rules', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 70000 }), (n) => {
        const der = encodeElement(0x04, new Uint8Array(n));
        const header = n < 0x80 ? 2 : n < 0x100 ? 3 : n < 0x10000 ? 4 : 5;
        expect(der.length).toBe(header + n);
        const el = readElement(der, 0, der.length, 'x');
        expect([el.tag, el.start, el.end]).toEqual([0x04, header, header + n]);
      }),
      { numRuns: 200 },
    );
  });

  it('only ever throws PaysigError on random bytes', () => {
    const readers = [readRsaPrivateKey, readRsaPublicKey, pkcs8ToPkcs1, spkiToPkcs1];
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        for (const read of readers) outcome(() => read(bytes));
      }),
      { numRuns: 1000 },
    );
    // Random structure, not just random bytes: nested TLVs with plausible tags.
    const tlv = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc
          .tuple(fc.constantFrom(0x02, 0x03, 0x04, 0x05, 0x06), fc.uint8Array({ maxLength: 8 }))
          .map(([t, c]) => encodeElement(t, c)),
        fc.array(tie('node'), { maxLength: 4 }).map((kids) => encodeElement(0x30, ...(kids as Uint8Array[]))),
      ),
    }));
    fc.assert(
      fc.property(tlv.node, (der) => {
        for (const read of readers) outcome(() => read(der as Uint8Array));
      }),
      { numRuns: 1000 },
    );
  });
});
