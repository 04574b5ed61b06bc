/**
 * Percent-encoding as RFC 3986 section 2.1 and RFC 5849 section 3.6 define it: the UTF-8 bytes
 * of the text, with `A-Z a-z 0-9 - . _ ~` left as they are and every other byte written `%XX`
 * in uppercase hex. Not `encodeURIComponent` (which leaves `! * ' ( )`), and never `+` for space.
 *
 * @module
 */
import { EncodingError } from '../errors.js';

/** For each ASCII unit: itself when unreserved, else its `%XX` form. */
const ASCII: string[] = [];
/** `%XX` for every byte value. */
const BYTE: string[] = [];
for (let i = 0; i < 256; i++) BYTE.push('%' + i.toString(16).toUpperCase().padStart(2, '0'));
for (let i = 0; i < 128; i++) {
  const c = String.fromCharCode(i);
  ASCII.push(/[A-Za-z0-9\-._~]/.test(c) ? c : BYTE[i]!);
}
/** 1 where the ASCII unit is unreserved. */
const UNRESERVED = new Uint8Array(128);
for (let i = 0; i < 128; i++) UNRESERVED[i] = ASCII[i]!.length === 1 ? 1 : 0;

/**
 * Percent-encodes a string per RFC 3986 / RFC 5849 section 3.6 over its UTF-8 bytes:
 * `A-Z a-z 0-9 - . _ ~` unchanged, every other byte `%XX` with uppercase hex.
 *
 * @example
 * ```ts
 * percentEncode("Ladies + Gentlemen"); // "Ladies%20%2B%20Gentlemen"
 * percentEncode("!*'()");               // "%21%2A%27%28%29"
 * ```
 * @throws {@link EncodingError} (`ERR_ENCODING`) for a lone surrogate, which has no UTF-8 form.
 */
export function percentEncode(value: string): string {
  const n = value.length;
  let i = 0;
  // Fast path: a run of unreserved ASCII needs no copy at all.
  while (i < n) {
    const c = value.charCodeAt(i);
    if (c >= 128 || UNRESERVED[c] === 0) break;
    i++;
  }
  if (i === n) return value;
  let out = value.slice(0, i);
  let start = i;
  for (; i < n; i++) {
    let c = value.charCodeAt(i);
    if (c < 128) {
      if (UNRESERVED[c] === 1) continue;
      if (start < i) out += value.slice(start, i);
      out += BYTE[c];
      start = i + 1;
      continue;
    }
    if (start < i) out += value.slice(start, i);
    if (c < 0x800) {
      out += BYTE[0xc0 | (c >> 6)]! + BYTE[0x80 | (c & 63)]!;
    } else if (c < 0xd800 || c > 0xdfff) {
      out += BYTE[0xe0 | (c >> 12)]! + BYTE[0x80 | ((c >> 6) & 63)]! + BYTE[0x80 | (c & 63)]!;
    } else {
      const d = i + 1 < n ? value.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) {
        throw new EncodingError(`lone surrogate at index ${i} cannot be encoded as UTF-8`);
      }
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      out +=
        BYTE[0xf0 | (c >> 18)]! + BYTE[0x80 | ((c >> 12) & 63)]! + BYTE[0x80 | ((c >> 6) & 63)]! + BYTE[0x80 | (c & 63)]!;
      i++;
    }
    start = i + 1;
  }
  if (start < n) out += value.slice(start);
  return out;
}

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Strict percent-decoding: each `%XX` (hex in either case) is a byte, runs of bytes must be
 * valid UTF-8, and every other character stands for itself. `+` is not special here (see
 * {@link parseForm} for form bodies).
 *
 * @throws {@link EncodingError} (`ERR_ENCODING`) for a `%` not followed by two hex digits, for
 * bytes that are not valid UTF-8, and for a lone surrogate in the input; never a silent U+FFFD.
 */
export function percentDecode(value: string): string {
  const first = value.indexOf('%');
  if (first < 0) {
    assertWellFormed(value);
    return value;
  }
  assertWellFormed(value);
  let out = value.slice(0, first);
  let i = first;
  const n = value.length;
  while (i < n) {
    const pct = value.indexOf('%', i);
    if (pct < 0) {
      out += value.slice(i);
      break;
    }
    if (pct > i) out += value.slice(i, pct);
    // A run of consecutive %XX escapes becomes one byte string, decoded as UTF-8 at once.
    let j = pct;
    const bytes: number[] = [];
    while (j < n && value.charCodeAt(j) === 37) {
      const hi = j + 2 < n ? hexValue(value.charCodeAt(j + 1)) : -1;
      const lo = j + 2 < n ? hexValue(value.charCodeAt(j + 2)) : -1;
      if (hi < 0 || lo < 0) throw new EncodingError(`malformed percent-escape at index ${j}`);
      bytes.push((hi << 4) | lo);
      j += 3;
    }
    out += decodeUtf8(bytes, pct);
    i = j;
  }
  return out;
}

function decodeUtf8(bytes: number[], at: number): string {
  let ascii = true;
  for (const b of bytes) if (b >= 128) ascii = false;
  if (ascii) return String.fromCharCode(...bytes);
  try {
    return fatal.decode(new Uint8Array(bytes));
  } catch {
    throw new EncodingError(`percent-escapes at index ${at} are not valid UTF-8`);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string has no lone surrogate, so it has an exact UTF-8 form. */
export function isWellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * Throws an {@link EncodingError} naming `field` when the string holds a lone surrogate, which
 * UTF-8 encoders would otherwise replace silently with U+FFFD.
 */
export function assertWellFormed(value: string, field?: string): void {
  if (LONE_SURROGATE.test(value)) {
    const where = field === undefined ? 'text' : `"${field}"`;
    throw new EncodingError(`${where} holds a lone surrogate and has no UTF-8 form`, field === undefined ? {} : { field });
  }
}
