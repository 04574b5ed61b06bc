/**
 * Hostile-input arbitraries: strings biased towards the characters and escapes that parsers
 * get wrong (percent escapes, truncated and overlong UTF-8, lone surrogates, separators, quotes,
 * control characters), and byte arrays derived from valid inputs by random edits.
 */
import fc from 'fast-check';

const SPECIALS = [
  '%',
  '%2',
  '%ZZ',
  '%41',
  '%2B',
  '%25',
  '%C3',
  '%C3%A9',
  '%E2%82',
  '%E2%82%AC',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%F4%90%80%80',
  '%C0%AF',
  '%FF',
  '%00',
  '+',
  '=',
  '&',
  ';',
  '"',
  "'",
  ',',
  ' ',
  '\t',
  '\r',
  '\n',
  '\u0000',
  '\\',
  '\\"',
  '\uD800',
  '\uDC00',
  '\uFEFF',
  '\u00A0',
  '\u3000',
  'é',
  '€',
  '😀',
  'oauth_',
  'OAuth ',
  'realm=',
  'oauth_signature=',
  '=""',
  '==',
  '/',
  '?',
  '#',
  ':',
  '@',
  '.',
  '-',
  '0',
  '9',
  'a',
  'Z',
  '-1',
  '1e3',
  '0x1f',
];

/** One unit: a special token, an ASCII char, or any UTF-16 code unit (lone surrogates included). */
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);

/** A hostile string of up to `maxLength` units. */
export function hostile(maxLength = 40): fc.Arbitrary<string> {
  return fc.array(unit, { maxLength }).map((a) => a.join(''));
}

/** A string over a small alphabet (to hit a grammar's structure often). */
export function over(alphabet: string, maxLength = 40): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...alphabet), { maxLength }).map((a) => a.join(''));
}

/** One byte edit: what to do, where (modulo the length) and with which byte value. */
export type ByteEdit = readonly [kind: string, at: number, value: number];

/** Up to `maxEdits` random byte edits (flip a bit, set, insert, delete, truncate). */
export function byteEdits(maxEdits = 4): fc.Arbitrary<ByteEdit[]> {
  const edit = fc.tuple(fc.constantFrom('flip', 'set', 'insert', 'delete', 'truncate'), fc.nat(), fc.nat({ max: 255 }));
  return fc.array(edit, { minLength: 1, maxLength: maxEdits });
}

/** The bytes with the edits applied in turn. */
export function applyEdits(bytes: Uint8Array, edits: ReadonlyArray<ByteEdit>): Uint8Array<ArrayBuffer> {
  let b = Array.from(bytes);
  for (const [kind, at, v] of edits) {
    const i = b.length === 0 ? 0 : at % b.length;
    if (kind === 'flip' && b.length > 0) b[i] = b[i]! ^ (1 << (v % 8));
    else if (kind === 'set' && b.length > 0) b[i] = v;
    else if (kind === 'insert') b.splice(i, 0, v);
    else if (kind === 'delete') b.splice(i, 1);
    else if (kind === 'truncate') b = b.slice(0, i);
  }
  return Uint8Array.from(b);
}

/** Random edits of a byte string: flip, set, insert, delete, truncate. */
export function editsOf(bytes: Uint8Array, maxEdits = 4): fc.Arbitrary<Uint8Array> {
  return byteEdits(maxEdits).map((edits) => applyEdits(bytes, edits));
}

/** Random edits of a string, through its UTF-8 bytes (invalid UTF-8 becomes U+FFFD). */
export function stringEditsOf(text: string, maxEdits = 3): fc.Arbitrary<string> {
  const dec = new TextDecoder();
  return editsOf(new TextEncoder().encode(text), maxEdits).map((b) => dec.decode(b));
}
