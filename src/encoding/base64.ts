/**
 * Standard Base64 (RFC 4648 section 4, with padding). Decoding is strict: only the standard
 * alphabet, length a multiple of four, padding only at the end, and unused bits zero, so every
 * byte string has exactly one accepted text.
 *
 * @module
 */
import { EncodingError } from '../errors/index.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The value of each alphabet character by its code (0 for every other code). */
const SEXTET = /* @__PURE__ */ sextets();

function sextets(): Uint8Array {
  const out = new Uint8Array(128);
  for (let i = 0; i < 64; i++) out[ALPHABET.charCodeAt(i)] = i;
  return out;
}

/** The first character outside the alphabet (padding included). */
const NOT_ALPHABET = /[^A-Za-z0-9+/]/;

/** Base64 of the bytes, padded. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  const n = bytes.length;
  for (let i = 0; i < n; i += 3) {
    // Past the end a byte reads as undefined, which shifts and ors as 0; the padding replaces
    // the sextets it would make.
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out +=
      ALPHABET[v >> 18]! +
      ALPHABET[(v >> 12) & 63]! +
      (i + 1 < n ? ALPHABET[(v >> 6) & 63]! : '=') +
      (i + 2 < n ? ALPHABET[v & 63]! : '=');
  }
  return out;
}

/** Bytes of a padded standard Base64 text; anything non-canonical is an {@link EncodingError}. */
export function fromBase64(text: string): Uint8Array {
  const len = text.length;
  if (len % 4 !== 0) throw new EncodingError('Base64 text length is not a multiple of 4');
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  // Before the padding, only the alphabet; then the text is canonical once the unused bits of
  // its last character are zero, and the platform's decoder can be trusted with it.
  const bad = NOT_ALPHABET.exec(text.slice(0, len - pad));
  if (bad !== null) throw new EncodingError(`invalid Base64 character at offset ${bad.index}`);
  if (pad > 0 && (ALPHABET.indexOf(text[len - pad - 1]!) & (pad === 2 ? 15 : 3)) !== 0) {
    throw new EncodingError('non-canonical Base64: unused bits are not zero');
  }
  // Checked above, so every character is in the alphabet or padding ("=" reads as 0 here);
  // decoded here rather than by atob, which costs a string of the bytes and a copy.
  const out = new Uint8Array((len / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < len; i += 4) {
    const v =
      (SEXTET[text.charCodeAt(i)]! << 18) |
      (SEXTET[text.charCodeAt(i + 1)]! << 12) |
      (SEXTET[text.charCodeAt(i + 2)]! << 6) |
      SEXTET[text.charCodeAt(i + 3)]!;
    // In the last group, the bytes the padding stands for fall past the end: a typed array
    // drops such writes.
    out[o] = v >> 16;
    out[o + 1] = (v >> 8) & 255;
    out[o + 2] = v & 255;
    o += 3;
  }
  return out;
}
