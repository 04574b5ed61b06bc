/**
 * Standard Base64 (RFC 4648 section 4, with padding). Decoding is strict: only the standard
 * alphabet, length a multiple of four, padding only at the end, and unused bits zero, so every
 * byte string has exactly one accepted text.
 *
 * @module
 */
import { EncodingError } from '../errors.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Base64 of the bytes, padded. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  if (i < n) {
    const a = bytes[i]!;
    const b = i + 1 < n ? bytes[i + 1]! : 0;
    const v = (a << 16) | (b << 8);
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]!;
    out += i + 1 < n ? ALPHABET[(v >> 6) & 63]! + '=' : '==';
  }
  return out;
}

function sextet(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const v = c < 128 ? DECODE[c]! : -1;
  if (v < 0) throw new EncodingError(`invalid Base64 character at offset ${i}`);
  return v;
}

/** Bytes of a padded standard Base64 text; anything non-canonical is an {@link EncodingError}. */
export function fromBase64(text: string): Uint8Array {
  const len = text.length;
  if (len % 4 !== 0) throw new EncodingError('Base64 text length is not a multiple of 4');
  if (len === 0) return new Uint8Array(0);
  const pad = text.charCodeAt(len - 1) === 61 ? (text.charCodeAt(len - 2) === 61 ? 2 : 1) : 0;
  const out = new Uint8Array((len / 4) * 3 - pad);
  const full = pad === 0 ? len : len - 4;
  let o = 0;
  for (let i = 0; i < full; i += 4) {
    const v = (sextet(text, i) << 18) | (sextet(text, i + 1) << 12) | (sextet(text, i + 2) << 6) | sextet(text, i + 3);
    out[o++] = v >> 16;
    out[o++] = (v >> 8) & 255;
    out[o++] = v & 255;
  }
  if (pad > 0) {
    const a = sextet(text, full);
    const b = sextet(text, full + 1);
    if (pad === 2) {
      if ((b & 15) !== 0) throw new EncodingError('non-canonical Base64: unused bits are not zero');
      out[o] = (a << 2) | (b >> 4);
    } else {
      const c = sextet(text, full + 2);
      if ((c & 3) !== 0) throw new EncodingError('non-canonical Base64: unused bits are not zero');
      out[o++] = (a << 2) | (b >> 4);
      out[o] = ((b & 15) << 4) | (c >> 2);
    }
  }
  return out;
}
