/**
 * Lowercase hexadecimal.
 *
 * @module
 */
import { EncodingError } from '../errors/index.js';

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of the bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!];
  return out;
}

/** The value of a hex digit in either case, or -1 (also for NaN, past the end of a text). @internal */
export function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  c |= 0x20; // fold A-F to a-f
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Bytes of a hex string (either case); anything else, or an odd length, is an {@link EncodingError}. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new EncodingError(`hex string has an odd length (${hex.length})`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = hexDigit(hex.charCodeAt(2 * i));
    const lo = hexDigit(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) throw new EncodingError(`invalid hex digit at offset ${hi < 0 ? 2 * i : 2 * i + 1}`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}
