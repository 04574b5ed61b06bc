/**
 * A small, strict DER reader and writer for the four RSA key structures paysig accepts:
 * PKCS#1 `RSAPrivateKey` and `RSAPublicKey` (RFC 8017 appendix A.1), PKCS#8 `PrivateKeyInfo`
 * (RFC 5208 / RFC 5958) and X.509 `SubjectPublicKeyInfo` (RFC 5280 section 4.1).
 *
 * Every read is bounds-checked against its enclosing element, lengths must use the minimal DER
 * form, and every loop advances by at least one byte, so hostile input costs time linear in its
 * length and fails only with a {@link KeyError}. Nothing here touches key material beyond
 * locating it; messages never quote it.
 *
 * Internal to paysig: the public face is `importPrivateKey`, `importPublicKey`,
 * `generateKeyPair` and `rsaKeyBits`.
 *
 * @module
 */
import { KeyError } from '../errors/index.js';

/** DER universal tags used by RSA keys. */
export const TAG_INTEGER = 0x02;
export const TAG_BIT_STRING = 0x03;
export const TAG_OCTET_STRING = 0x04;
const TAG_NULL = 0x05;
const TAG_OID = 0x06;
export const TAG_SEQUENCE = 0x30;

/** Content bytes of the OID 1.2.840.113549.1.1.1 (rsaEncryption). */
const RSA_ENCRYPTION_OID = Uint8Array.of(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01);

/** AlgorithmIdentifier { rsaEncryption, NULL }, encoded. */
export const RSA_ALGORITHM_ID = Uint8Array.of(
  0x30,
  0x0d,
  0x06,
  0x09,
  0x2a,
  0x86,
  0x48,
  0x86,
  0xf7,
  0x0d,
  0x01,
  0x01,
  0x01,
  0x05,
  0x00,
);

/** Names of key algorithms people commonly hand over by mistake, for clearer messages. */
const KNOWN_ALGORITHMS: Record<string, string> = {
  '1.2.840.10045.2.1': 'EC',
  '1.2.840.10040.4.1': 'DSA',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.113549.1.3.1': 'DH',
  '1.3.101.110': 'X25519',
  '1.3.101.111': 'X448',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
};

/** One DER element: its tag and where its contents lie in the buffer. */
export interface Element {
  /** The identifier octet. */
  readonly tag: number;
  /** Offset of the first content byte. */
  readonly start: number;
  /** Offset just past the last content byte (also where the next sibling starts). */
  readonly end: number;
}

function fail(what: string, rule: string): never {
  throw new KeyError(`malformed key DER: ${what} ${rule}`);
}

/**
 * Reads the element starting at `pos`, which must end at or before `limit`.
 * Only the low-tag-number form and definite, minimal lengths are accepted.
 */
export function readElement(der: Uint8Array, pos: number, limit: number, what: string): Element {
  if (pos >= limit) fail(what, 'is missing (the data ends early)');
  if (limit - pos < 2) fail(what, 'is truncated');
  const tag = der[pos]!;
  if ((tag & 0x1f) === 0x1f) fail(what, 'uses a high tag number, which RSA keys never do');
  let p = pos + 1;
  let len = der[p++]!;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0) fail(what, 'has an indefinite length, which DER forbids');
    if (n > 3) fail(what, 'declares a length too large for a key');
    if (limit - p < n) fail(what, 'is truncated in its length');
    if (der[p] === 0) fail(what, 'has a non-minimal length encoding');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[p++]!;
    if (len < 0x80) fail(what, 'has a non-minimal length encoding');
  }
  if (len > limit - p) fail(what, `declares ${len} content bytes but only ${limit - p} remain`);
  return { tag, start: p, end: p + len };
}

/** `0x` and two hex digits, for messages. */
function hexByte(b: number): string {
  return '0x' + b.toString(16).padStart(2, '0');
}

/** Like {@link readElement}, and the tag must be `tag`. */
function expect(der: Uint8Array, pos: number, limit: number, tag: number, what: string): Element {
  const el = readElement(der, pos, limit, what);
  if (el.tag !== tag) fail(what, `has tag ${hexByte(el.tag)}, expected ${hexByte(tag)}`);
  return el;
}

/** The whole input must be one element with nothing after it. */
function outer(der: Uint8Array, tag: number, what: string): Element {
  const el = expect(der, 0, der.length, tag, what);
  if (el.end !== der.length) fail(what, `is followed by ${der.length - el.end} stray bytes`);
  return el;
}

/** Reads an INTEGER, checks minimal encoding and returns it with its sign. */
function integer(der: Uint8Array, pos: number, limit: number, what: string): Element & { negative: boolean } {
  const el = expect(der, pos, limit, TAG_INTEGER, what);
  if (el.end === el.start) fail(what, 'is an empty INTEGER');
  const b0 = der[el.start]!;
  if (el.end - el.start > 1) {
    const b1 = der[el.start + 1]!;
    if ((b0 === 0x00 && (b1 & 0x80) === 0) || (b0 === 0xff && (b1 & 0x80) !== 0)) {
      fail(what, 'is an INTEGER with a non-minimal encoding');
    }
  }
  return { ...el, negative: (b0 & 0x80) !== 0 };
}

/** A positive INTEGER (the modulus, the exponents, the primes). */
function positive(der: Uint8Array, pos: number, limit: number, what: string): Element {
  const el = integer(der, pos, limit, what);
  if (el.negative) fail(what, 'is negative');
  if (el.end - el.start === 1 && der[el.start] === 0) fail(what, 'is zero');
  return el;
}

/** A small INTEGER (a version number): its value, or -1 when it is not 0..127. */
function smallInt(der: Uint8Array, pos: number, limit: number, what: string): Element & { value: number } {
  const el = integer(der, pos, limit, what);
  const value = el.end - el.start === 1 && !el.negative ? der[el.start]! : -1;
  return { ...el, value };
}

/** Number of significant bits of a positive INTEGER's contents (a leading 0x00 is ignored). */
export function integerBits(der: Uint8Array, el: Element): number {
  let i = el.start;
  while (i < el.end && der[i] === 0) i++;
  if (i === el.end) return 0;
  return (el.end - i - 1) * 8 + (32 - Math.clz32(der[i]!));
}

/** The dotted form of an OID's contents, for messages only (capped in length). */
export function oidToString(der: Uint8Array, el: Element): string {
  const parts: number[] = [];
  let value = 0;
  const end = Math.min(el.end, el.start + 32);
  for (let i = el.start; i < end; i++) {
    const b = der[i]!;
    value = value * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) {
      if (parts.length === 0) parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else parts.push(value);
      value = 0;
    }
  }
  return parts.length === 0 ? '(empty)' : parts.join('.') + (end < el.end ? '...' : '');
}

/** Checks an AlgorithmIdentifier is rsaEncryption (parameters NULL or absent). */
function rsaAlgorithm(der: Uint8Array, pos: number, limit: number, what: string): Element {
  const alg = expect(der, pos, limit, TAG_SEQUENCE, `${what} algorithm`);
  const oid = expect(der, alg.start, alg.end, TAG_OID, `${what} algorithm OID`);
  const len = oid.end - oid.start;
  let same = len === RSA_ENCRYPTION_OID.length;
  for (let i = 0; same && i < len; i++) same = der[oid.start + i] === RSA_ENCRYPTION_OID[i];
  if (!same) {
    const dotted = oidToString(der, oid);
    const name = KNOWN_ALGORITHMS[dotted];
    throw new KeyError(
      `key algorithm is ${name === undefined ? 'not RSA' : name} (OID ${dotted}): only RSA keys ` +
        '(rsaEncryption, 1.2.840.113549.1.1.1) can be used with RSA-SHA256',
    );
  }
  if (oid.end < alg.end) {
    const params = expect(der, oid.end, alg.end, TAG_NULL, `${what} algorithm parameters`);
    if (params.end !== params.start) fail(`${what} algorithm parameters`, 'are a NULL with contents');
    if (params.end !== alg.end) fail(`${what} algorithm`, 'has stray elements after its parameters');
  }
  return alg;
}

/** What the checks of a PKCS#1 structure found; the policy (sizes, exponent) is in `rules.ts`. */
export interface RsaInfo {
  /** Modulus length in bits. */
  readonly bits: number;
  /** The public exponent's content bytes, big-endian (a view into the DER). */
  readonly exponent: Uint8Array;
}

function rsaInfo(der: Uint8Array, n: Element, e: Element): RsaInfo {
  return { bits: integerBits(der, n), exponent: der.subarray(e.start, e.end) };
}

/**
 * Checks a PKCS#1 `RSAPrivateKey`: version 0 (two-prime) and nine positive INTEGERs, nothing else.
 */
export function readRsaPrivateKey(der: Uint8Array): RsaInfo {
  const seq = outer(der, TAG_SEQUENCE, 'RSAPrivateKey');
  const version = smallInt(der, seq.start, seq.end, 'RSAPrivateKey version');
  if (version.value !== 0) {
    throw new KeyError(
      version.value === 1
        ? 'RSAPrivateKey version 1 (multi-prime RSA) is not supported: use a two-prime key'
        : 'malformed key DER: RSAPrivateKey version must be 0',
    );
  }
  const n = positive(der, version.end, seq.end, 'RSAPrivateKey modulus');
  const e = positive(der, n.end, seq.end, 'RSAPrivateKey publicExponent');
  let pos = e.end;
  for (const name of ['privateExponent', 'prime1', 'prime2', 'exponent1', 'exponent2', 'coefficient']) {
    pos = positive(der, pos, seq.end, `RSAPrivateKey ${name}`).end;
  }
  if (pos !== seq.end) fail('RSAPrivateKey', 'has stray elements after coefficient');
  return rsaInfo(der, n, e);
}

/** Checks a PKCS#1 `RSAPublicKey`: SEQUENCE { modulus, publicExponent }, both positive. */
export function readRsaPublicKey(der: Uint8Array): RsaInfo {
  const seq = outer(der, TAG_SEQUENCE, 'RSAPublicKey');
  const n = positive(der, seq.start, seq.end, 'RSAPublicKey modulus');
  const e = positive(der, n.end, seq.end, 'RSAPublicKey publicExponent');
  if (e.end !== seq.end) fail('RSAPublicKey', 'has stray elements after publicExponent');
  return rsaInfo(der, n, e);
}

/**
 * The PKCS#1 `RSAPrivateKey` inside a PKCS#8 `PrivateKeyInfo` / `OneAsymmetricKey` (a view into
 * `der`, not a copy). Refuses any algorithm but rsaEncryption. Optional attributes `[0]` and the
 * v2 public key `[1]` are allowed and skipped. The inner structure is not checked here.
 */
export function pkcs8ToPkcs1(der: Uint8Array): Uint8Array {
  const seq = outer(der, TAG_SEQUENCE, 'PrivateKeyInfo');
  const version = smallInt(der, seq.start, seq.end, 'PrivateKeyInfo version');
  if (version.value !== 0 && version.value !== 1) fail('PrivateKeyInfo version', 'must be 0 or 1');
  const alg = rsaAlgorithm(der, version.end, seq.end, 'PrivateKeyInfo');
  const key = expect(der, alg.end, seq.end, TAG_OCTET_STRING, 'PrivateKeyInfo privateKey');
  let pos = key.end;
  let lastTag = -1;
  while (pos < seq.end) {
    const el = readElement(der, pos, seq.end, 'PrivateKeyInfo trailing element');
    const ctx = el.tag & 0xdf; // context-specific, primitive or constructed
    if ((ctx !== 0x80 && ctx !== 0x81) || ctx <= lastTag)
      fail('PrivateKeyInfo', 'has an unexpected element after privateKey');
    lastTag = ctx;
    pos = el.end;
  }
  return der.subarray(key.start, key.end);
}

/**
 * The PKCS#1 `RSAPublicKey` inside an X.509 `SubjectPublicKeyInfo` (a view into `der`).
 * Refuses any algorithm but rsaEncryption. The inner structure is not checked here.
 */
export function spkiToPkcs1(der: Uint8Array): Uint8Array {
  const seq = outer(der, TAG_SEQUENCE, 'SubjectPublicKeyInfo');
  const alg = rsaAlgorithm(der, seq.start, seq.end, 'SubjectPublicKeyInfo');
  const bits = expect(der, alg.end, seq.end, TAG_BIT_STRING, 'SubjectPublicKeyInfo subjectPublicKey');
  if (bits.end !== seq.end) fail('SubjectPublicKeyInfo', 'has stray elements after subjectPublicKey');
  if (bits.end === bits.start) fail('SubjectPublicKeyInfo subjectPublicKey', 'is an empty BIT STRING');
  if (der[bits.start] !== 0) fail('SubjectPublicKeyInfo subjectPublicKey', 'must be a BIT STRING with 0 unused bits');
  return der.subarray(bits.start + 1, bits.end);
}
