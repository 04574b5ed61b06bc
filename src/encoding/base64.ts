/**
 * Standard Base64 (RFC 4648 section 4, with padding). Decoding is strict: only the standard
 * alphabet, length a multiple of four, padding only at the end, and unused bits zero, so every
 * byte string has exactly one accepted text.
 *
 * @module
 */
import { EncodingError } from '../errors/index.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The first character outside the alphabet (padding included). */
const NOT_ALPHABET = /[^A-Za-z0-9+/]/;

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
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
