// The strict DER reader names what is wrong. Every input here is built by hand from the DER rules
// (X.690 8.1: identifier, length and contents octets; 10.1: the shortest length form) and the
// ASN.1 modules of RFC 8017 A.1, RFC 5958 and RFC 5280 4.1. Many of these inputs would be refused
// by any crypto backend anyway; the point is that paysig's own reader refuses them first, on
// every backend alike, with a message an operator can act on (docs/security.md).
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyError } from '../errors/index.js';
import { pkcs8ToPkcs1, readElement, readRsaPrivateKey, readRsaPublicKey, spkiToPkcs1 } from './der.js';

/** One element with a short-form length (contents under 128 bytes), encoded here, not by paysig. */
function t(tag: number, ...parts: ReadonlyArray<number>[]): number[] {
  const body = parts.flat();
  if (body.length >= 0x80) throw new Error('test helper: short form only');
  return [tag, body.length, ...body];
}
const int = (...content: number[]): number[] => t(0x02, content);
const u8 = (bytes: number[]): Uint8Array => Uint8Array.from(bytes);
/** The contents of OID 1.2.840.113549.1.1.1 (rsaEncryption), RFC 8017 A.1. */
const RSA_OID = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
const NULL = [0x05, 0x00];
const ALG = t(0x30, t(0x06, RSA_OID), NULL);

/** RSAPublicKey { modulus 1, publicExponent 3 }: structurally fine (policy is rules.ts' job). */
const PUB = t(0x30, int(1), int(3));
/** RSAPrivateKey fields: version 0, then modulus .. coefficient, all small positive values. */
const PRIV_FIELDS = [int(0), int(1), int(3), int(5), int(7), int(9), int(11), int(13), int(15)];
const PRIV = t(0x30, ...PRIV_FIELDS);
const spki = (alg: number[] = ALG, key: number[] = t(0x03, [0], PUB), ...more: number[][]): Uint8Array =>
  u8(t(0x30, alg, key, ...more));
const pkcs8 = (version: number[], alg: number[] = ALG, ...rest: number[][]): Uint8Array =>
  u8(t(0x30, version, alg, ...(rest.length === 0 ? [t(0x04, PRIV)] : rest)));

/** The message of the KeyError that `fn` throws (and fails the test if it throws none). */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(KeyError);
    expect((e as KeyError).code).toBe('ERR_KEY_INVALID');
    return (e as KeyError).message;
  }
  throw new Error('expected a KeyError, none was thrown');
}
const malformed = (what: string): string => `malformed key DER: ${what}`;

describe('DER reader: element headers', () => {
  const read =
    (bytes: number[], pos = 0, limit = bytes.length) =>
    () =>
      readElement(u8(bytes), pos, limit, 'thing');

  it('says an element is missing when its enclosing element has no bytes left', () => {
    expect(refusal(read([0x04, 0x00], 2))).toBe(malformed('thing is missing (the data ends early)'));
    expect(refusal(() => readRsaPublicKey(u8(t(0x30, int(1)))))).toBe(
      malformed('RSAPublicKey publicExponent is missing (the data ends early)'),
    );
  });

  it('says an element is truncated when a single byte is left for it', () => {
    expect(refusal(() => readRsaPublicKey(u8([0x30])))).toBe(malformed('RSAPublicKey is truncated'));
    // The exponent's tag is the last byte of the SEQUENCE: its length byte is missing.
    expect(refusal(() => readRsaPublicKey(u8([0x30, 0x04, ...int(1), 0x02])))).toBe(
      malformed('RSAPublicKey publicExponent is truncated'),
    );
    expect(refusal(read([0x02, 0x01, 0x05], 0, 1))).toBe(malformed('thing is truncated'));
  });

  it('refuses the high-tag-number form (tag bits 11111)', () => {
    for (const tag of [0x1f, 0x3f, 0x9f]) {
      expect(refusal(read([tag, 0x01, 0x00]))).toBe(malformed('thing uses a high tag number, which RSA keys never do'));
    }
  });

  it('refuses the indefinite length (0x80), which only BER allows', () => {
    expect(refusal(read([0x30, 0x80, ...int(1), 0x00, 0x00]))).toBe(
      malformed('thing has an indefinite length, which DER forbids'),
    );
  });

  it('refuses a length of more than three length bytes', () => {
    expect(refusal(read([0x04, 0x84, 0x01, 0x00, 0x00, 0x00]))).toBe(
      malformed('thing declares a length too large for a key'),
    );
  });

  it('says the length bytes themselves are cut short', () => {
    expect(refusal(read([0x04, 0x82, 0x01]))).toBe(malformed('thing is truncated in its length'));
    // The length byte is there but its 128 content bytes are not: a different fault.
    expect(refusal(read([0x04, 0x81, 0x80]))).toBe(malformed('thing declares 128 content bytes but only 0 remain'));
  });

  it('refuses long-form lengths that are not the shortest form', () => {
    const zeros = (n: number): number[] => new Array<number>(n).fill(0);
    // 128 in two length bytes (a leading 0x00), and 127 in the long form: both have a shorter form.
    expect(refusal(read([0x04, 0x82, 0x00, 0x80, ...zeros(0x80)]))).toBe(
      malformed('thing has a non-minimal length encoding'),
    );
    expect(refusal(read([0x04, 0x81, 0x7f, ...zeros(0x7f)]))).toBe(
      malformed('thing has a non-minimal length encoding'),
    );
    // Their shortest forms are read.
    expect(readElement(u8([0x04, 0x81, 0x80, ...zeros(0x80)]), 0, 0x83, 'x')).toEqual({ tag: 4, start: 3, end: 0x83 });
    expect(readElement(u8([0x04, 0x7f, ...zeros(0x7f)]), 0, 0x81, 'x')).toEqual({ tag: 4, start: 2, end: 0x81 });
  });

  it('counts the content bytes left inside the enclosing element, not the buffer', () => {
    expect(refusal(() => readRsaPublicKey(u8([0x30, 0x05, ...int(1)])))).toBe(
      malformed('RSAPublicKey declares 5 content bytes but only 3 remain'),
    );
    expect(refusal(read([0x04, 0x02, 0xaa, 0xbb], 0, 3))).toBe(
      malformed('thing declares 2 content bytes but only 1 remain'),
    );
  });

  it('names the tag found and the tag expected, and counts stray bytes after the key', () => {
    expect(refusal(() => readRsaPublicKey(u8(t(0x31, int(1), int(3)))))).toBe(
      malformed('RSAPublicKey has tag 0x31, expected 0x30'),
    );
    expect(refusal(() => readRsaPublicKey(u8(t(0x30, t(0x04, [1]), int(3)))))).toBe(
      malformed('RSAPublicKey modulus has tag 0x04, expected 0x02'),
    );
    expect(refusal(() => readRsaPublicKey(u8([...PUB, 0x00, 0x00])))).toBe(
      malformed('RSAPublicKey is followed by 2 stray bytes'),
    );
  });
});

describe('DER reader: INTEGERs', () => {
  const modulus =
    (...content: number[]) =>
    () =>
      readRsaPublicKey(u8(t(0x30, int(...content), int(3))));

  it('refuses empty, zero, negative and non-minimal INTEGERs, naming the field', () => {
    expect(refusal(modulus())).toBe(malformed('RSAPublicKey modulus is an empty INTEGER'));
    expect(refusal(modulus(0x00))).toBe(malformed('RSAPublicKey modulus is zero'));
    expect(refusal(modulus(0x81))).toBe(malformed('RSAPublicKey modulus is negative'));
    // X.690 8.3.2: the first nine bits must not be all zeros, nor all ones.
    expect(refusal(modulus(0x00, 0x01))).toBe(
      malformed('RSAPublicKey modulus is an INTEGER with a non-minimal encoding'),
    );
    expect(refusal(modulus(0xff, 0x80))).toBe(
      malformed('RSAPublicKey modulus is an INTEGER with a non-minimal encoding'),
    );
    // ff 7f (-129) and 00 80 (128) are minimal: the first is refused only for its sign.
    expect(refusal(modulus(0xff, 0x7f))).toBe(malformed('RSAPublicKey modulus is negative'));
    expect(readRsaPublicKey(u8(t(0x30, int(0x00, 0x80), int(3)))).bits).toBe(8);
  });

  it('names each RSAPrivateKey field that is refused (RFC 8017 A.1.2 order)', () => {
    const names = ['modulus', 'publicExponent', 'privateExponent', 'prime1', 'prime2', 'exponent1', 'exponent2'];
    names.push('coefficient');
    names.forEach((name, i) => {
      const fields = PRIV_FIELDS.slice();
      fields[i + 1] = int(0);
      expect(
        refusal(() => readRsaPrivateKey(u8(t(0x30, ...fields)))),
        name,
      ).toBe(malformed(`RSAPrivateKey ${name} is zero`));
    });
    expect(readRsaPrivateKey(u8(PRIV)).bits).toBe(1);
  });

  it('refuses RSAPrivateKey versions other than 0, multi-byte ones included', () => {
    const withVersion = (version: number[]) => () => readRsaPrivateKey(u8(t(0x30, version, ...PRIV_FIELDS.slice(1))));
    const mustBe0 = malformed('RSAPrivateKey version must be 0');
    expect(refusal(withVersion(int(2)))).toBe(mustBe0);
    expect(refusal(withVersion(int(0x00, 0x80)))).toBe(mustBe0); // 128
    expect(refusal(withVersion(int(0x01, 0x00)))).toBe(mustBe0); // 256
    expect(refusal(withVersion(int(0xff)))).toBe(mustBe0); // -1
    expect(refusal(withVersion(int(1)))).toMatch(/^RSAPrivateKey version 1 \(multi-prime RSA\) is not supported/);
    expect(refusal(withVersion(int(0x00, 0x00)))).toBe(
      malformed('RSAPrivateKey version is an INTEGER with a non-minimal encoding'),
    );
  });

  it('refuses stray elements after the last field of the PKCS#1 structures', () => {
    expect(refusal(() => readRsaPrivateKey(u8(t(0x30, ...PRIV_FIELDS, int(17)))))).toBe(
      malformed('RSAPrivateKey has stray elements after coefficient'),
    );
    expect(refusal(() => readRsaPrivateKey(u8(t(0x31, ...PRIV_FIELDS))))).toBe(
      malformed('RSAPrivateKey has tag 0x31, expected 0x30'),
    );
    expect(refusal(() => readRsaPublicKey(u8(t(0x30, int(1), int(3), int(5)))))).toBe(
      malformed('RSAPublicKey has stray elements after publicExponent'),
    );
  });
});

describe('DER reader: AlgorithmIdentifier', () => {
  const algWith = (oid: number[], ...params: number[][]): number[] => t(0x30, t(0x06, oid), ...params);
  const onlyRsa = ': only RSA keys (rsaEncryption, 1.2.840.113549.1.1.1) can be used with RSA-SHA256';

  it('names the algorithm of a non-RSA key made by node:crypto', () => {
    const ed = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
    expect(refusal(() => spkiToPkcs1(new Uint8Array(ed)))).toBe(`key algorithm is Ed25519 (OID 1.3.101.112)${onlyRsa}`);
  });

  it('compares every byte of the OID and its length with rsaEncryption', () => {
    // RSASSA-PSS (RFC 4055): as long as rsaEncryption, differs in the last byte.
    const pss = [...RSA_OID.slice(0, 8), 0x0a];
    expect(refusal(() => spkiToPkcs1(spki(algWith(pss, NULL))))).toBe(
      `key algorithm is RSASSA-PSS (OID 1.2.840.113549.1.1.10)${onlyRsa}`,
    );
    // The pkcs-1 arc itself: a prefix of rsaEncryption.
    expect(refusal(() => spkiToPkcs1(spki(algWith(RSA_OID.slice(0, 8), NULL))))).toBe(
      `key algorithm is not RSA (OID 1.2.840.113549.1.1)${onlyRsa}`,
    );
  });

  it('prints unknown OIDs in dotted form, including the first two arcs of the joint-iso-itu-t arc', () => {
    // X.690 8.19.5 example: {2 999 3} is encoded 88 37 03 (first subidentifier 2 * 40 + 999 = 1079).
    expect(refusal(() => spkiToPkcs1(spki(algWith([0x88, 0x37, 0x03]))))).toBe(
      `key algorithm is not RSA (OID 2.999.3)${onlyRsa}`,
    );
    // 2.5.4.3 (X.520 commonName): first subidentifier 85.
    expect(refusal(() => spkiToPkcs1(spki(algWith([0x55, 0x04, 0x03]))))).toMatch(/\(OID 2\.5\.4\.3\)/);
    // An empty OID, and one of 40 bytes, which is cut after 32 bytes (1.2 then 31 arcs of 1).
    expect(refusal(() => spkiToPkcs1(spki(algWith([]))))).toBe(`key algorithm is not RSA (OID (empty))${onlyRsa}`);
    const long = [0x2a, ...new Array<number>(39).fill(0x01)];
    expect(refusal(() => spkiToPkcs1(spki(algWith(long))))).toBe(
      `key algorithm is not RSA (OID 1.2${'.1'.repeat(31)}...)${onlyRsa}`,
    );
  });

  it('splits the first subidentifier into the first two arcs at 40 and 80 (X.690 8.19.4)', () => {
    const oid = (...content: number[]): string => refusal(() => spkiToPkcs1(spki(algWith(content))));
    expect(oid(0x00, 0x01)).toBe(`key algorithm is not RSA (OID 0.0.1)${onlyRsa}`);
    expect(oid(39, 0x01)).toBe(`key algorithm is not RSA (OID 0.39.1)${onlyRsa}`);
    expect(oid(40, 0x01)).toBe(`key algorithm is not RSA (OID 1.0.1)${onlyRsa}`);
    expect(oid(79, 0x01)).toBe(`key algorithm is not RSA (OID 1.39.1)${onlyRsa}`);
    expect(oid(80, 0x01)).toBe(`key algorithm is not RSA (OID 2.0.1)${onlyRsa}`);
    expect(oid(81, 0x01)).toBe(`key algorithm is not RSA (OID 2.1.1)${onlyRsa}`);
  });

  it('accepts NULL or absent parameters and refuses anything else there', () => {
    expect(Array.from(spkiToPkcs1(spki(algWith(RSA_OID))))).toEqual(PUB);
    expect(Array.from(spkiToPkcs1(spki(algWith(RSA_OID, NULL))))).toEqual(PUB);
    const what = 'SubjectPublicKeyInfo algorithm';
    expect(refusal(() => spkiToPkcs1(spki(algWith(RSA_OID, [0x04, 0x00]))))).toBe(
      malformed(`${what} parameters has tag 0x04, expected 0x05`),
    );
    expect(refusal(() => spkiToPkcs1(spki(algWith(RSA_OID, [0x05, 0x01, 0x00]))))).toBe(
      malformed(`${what} parameters are a NULL with contents`),
    );
    expect(refusal(() => spkiToPkcs1(spki(algWith(RSA_OID, NULL, NULL))))).toBe(
      malformed(`${what} has stray elements after its parameters`),
    );
  });

  it('names the AlgorithmIdentifier and its OID when their tags are wrong', () => {
    expect(refusal(() => spkiToPkcs1(spki(t(0x31, t(0x06, RSA_OID), NULL))))).toBe(
      malformed('SubjectPublicKeyInfo algorithm has tag 0x31, expected 0x30'),
    );
    expect(refusal(() => spkiToPkcs1(spki(t(0x30, NULL))))).toBe(
      malformed('SubjectPublicKeyInfo algorithm OID has tag 0x05, expected 0x06'),
    );
    expect(refusal(() => pkcs8ToPkcs1(pkcs8(int(0), t(0x31, t(0x06, RSA_OID), NULL))))).toBe(
      malformed('PrivateKeyInfo algorithm has tag 0x31, expected 0x30'),
    );
  });
});

describe('DER reader: PrivateKeyInfo and SubjectPublicKeyInfo', () => {
  it('accepts versions 0 and 1 (RFC 5958 OneAsymmetricKey) and refuses others', () => {
    expect(Array.from(pkcs8ToPkcs1(pkcs8(int(0))))).toEqual(PRIV);
    expect(Array.from(pkcs8ToPkcs1(pkcs8(int(1))))).toEqual(PRIV);
    for (const version of [int(2), int(0x00, 0x80), int(0xff)]) {
      expect(refusal(() => pkcs8ToPkcs1(pkcs8(version)))).toBe(malformed('PrivateKeyInfo version must be 0 or 1'));
    }
    expect(refusal(() => pkcs8ToPkcs1(pkcs8(int(0x00, 0x00))))).toBe(
      malformed('PrivateKeyInfo version is an INTEGER with a non-minimal encoding'),
    );
  });

  it('names the PKCS#8 structure and its privateKey when their tags are wrong', () => {
    expect(refusal(() => pkcs8ToPkcs1(u8(t(0x31, int(0), ALG, t(0x04, PRIV)))))).toBe(
      malformed('PrivateKeyInfo has tag 0x31, expected 0x30'),
    );
    expect(refusal(() => pkcs8ToPkcs1(pkcs8(int(0), ALG, t(0x03, PRIV))))).toBe(
      malformed('PrivateKeyInfo privateKey has tag 0x03, expected 0x04'),
    );
  });

  it('allows attributes [0] then publicKey [1] after privateKey, once each and in that order', () => {
    const key = t(0x04, PRIV);
    const attributes = t(0xa0, []); // [0] IMPLICIT SET OF, constructed
    const publicKey = t(0x81, [0x00, 0x01]); // [1] IMPLICIT BIT STRING, primitive
    expect(Array.from(pkcs8ToPkcs1(pkcs8(int(1), ALG, key, attributes, publicKey)))).toEqual(PRIV);
    expect(Array.from(pkcs8ToPkcs1(pkcs8(int(1), ALG, key, publicKey)))).toEqual(PRIV);
    const unexpected = malformed('PrivateKeyInfo has an unexpected element after privateKey');
    expect(refusal(() => pkcs8ToPkcs1(pkcs8(int(1), ALG, key, publicKey, attributes)))).toBe(unexpected);
    expect(refusal(() => pkcs8ToPkcs1(pkcs8(int(1), ALG, key, publicKey, publicKey)))).toBe(unexpected);
    expect(refusal(() => pkcs8ToPkcs1(pkcs8(int(1), ALG, key, t(0x82, []))))).toBe(unexpected);
    expect(refusal(() => pkcs8ToPkcs1(pkcs8(int(1), ALG, key, [0xa0])))).toBe(
      malformed('PrivateKeyInfo trailing element is truncated'),
    );
  });

  it('names the SPKI outer SEQUENCE when it is something else', () => {
    expect(refusal(() => spkiToPkcs1(Uint8Array.of(0x31, 0x00)))).toBe(
      malformed('SubjectPublicKeyInfo has tag 0x31, expected 0x30'),
    );
  });

  it('names the SPKI subjectPublicKey: its tag, unused bits, and anything after it', () => {
    expect(refusal(() => spkiToPkcs1(spki(ALG, t(0x04, [0], PUB))))).toBe(
      malformed('SubjectPublicKeyInfo subjectPublicKey has tag 0x04, expected 0x03'),
    );
    const unusedBits = malformed('SubjectPublicKeyInfo subjectPublicKey must be a BIT STRING with 0 unused bits');
    expect(refusal(() => spkiToPkcs1(spki(ALG, t(0x03, [1], PUB))))).toBe(unusedBits);
    // An empty BIT STRING lacks even the unused-bits byte.
    expect(refusal(() => spkiToPkcs1(spki(ALG, t(0x03, []))))).toBe(
      malformed('SubjectPublicKeyInfo subjectPublicKey is an empty BIT STRING'),
    );
    expect(refusal(() => spkiToPkcs1(spki(ALG, t(0x03, [0], PUB), NULL)))).toBe(
      malformed('SubjectPublicKeyInfo has stray elements after subjectPublicKey'),
    );
  });
});
