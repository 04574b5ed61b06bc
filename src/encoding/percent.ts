/**
 * Percent-encoding as RFC 3986 section 2.1 and RFC 5849 section 3.6 define it: the UTF-8 bytes
 * of the text, with `A-Z a-z 0-9 - . _ ~` left as they are and every other byte written `%XX`
 * in uppercase hex. Not `encodeURIComponent` (which leaves `! * ' ( )`), and never `+` for space.
 *
 * @module
 */
import { EncodingError } from '../errors/index.js';
import { hexDigit } from './hex.js';
import { assertWellFormed, isWellFormed } from './well-formed.js';

export { assertWellFormed, isWellFormed, isWellFormedFallback } from './well-formed.js';

// The tables are built by functions marked pure, so a bundler drops them from bundles that
// use only assertWellFormed or percentDecode.

/** The escape of every byte value: `prefix` and two uppercase hex digits. */
function escapes(prefix: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < 256; i++) out.push(prefix + i.toString(16).toUpperCase().padStart(2, '0'));
  return out;
}

/** `%XX` for every byte value. */
const BYTE = /* @__PURE__ */ escapes('%');
/** `%25XX` for every byte value: `%XX` percent-encoded once more. */
const BYTE_TWICE = /* @__PURE__ */ escapes('%25');
/** 1 where the ASCII unit is unreserved (`A-Z a-z 0-9 - . _ ~`; `\w` is `A-Za-z0-9_`). */
const UNRESERVED = /* @__PURE__ */ unreserved();
/**
 * For each byte: 0 when it is unreserved, else the ASCII codes of its two uppercase hex digits
 * (high digit in the low byte). Never 0 for an escaped byte, since digits are not NUL.
 */
const ESCAPE_PAIR = /* @__PURE__ */ escapePairs();

function unreserved(): Uint8Array {
  const out = new Uint8Array(128);
  for (let i = 0; i < 128; i++) out[i] = /[\w.~-]/.test(String.fromCharCode(i)) ? 1 : 0;
  return out;
}

function escapePairs(): Uint16Array {
  const out = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    // UNRESERVED[b] is undefined from 128 on: those bytes are escaped.
    if (UNRESERVED[b] !== 1) out[b] = BYTE[b]!.charCodeAt(1) | (BYTE[b]!.charCodeAt(2) << 8);
  }
  return out;
}

/**
 * From this many characters left to encode on, writing bytes into a buffer and decoding them
 * once is cheaper than building the result by string concatenation (measured with bench/).
 */
const BUFFER_THRESHOLD = 48;
const utf8Encoder = /* @__PURE__ */ new TextEncoder();
/** The output is ASCII, so a UTF-8 decoder returns it unchanged (and quickly). */
const asciiDecoder = /* @__PURE__ */ new TextDecoder();

function loneSurrogate(at: number): EncodingError {
  return new EncodingError(`lone surrogate at index ${at} cannot be encoded as UTF-8`);
}

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
  return encode(value, BYTE, false);
}

/**
 * `percentEncode(percentEncode(value))` in one pass: every byte that is not unreserved becomes
 * `%25XX`. This is how a parameter name or value appears inside a signature base string (RFC
 * 5849 section 3.4.1.1 encodes the already-encoded parameter string once more). Because the
 * second encoding only turns `%` into `%25`, it keeps the byte order of the once-encoded
 * strings, so sorting these sorts the parameters as section 3.4.1.3.2 requires. Internal.
 *
 * @throws {@link EncodingError} (`ERR_ENCODING`) for a lone surrogate.
 */
export function percentEncodeTwice(value: string): string {
  return encode(value, BYTE_TWICE, true);
}

function encode(value: string, escapeOf: readonly string[], twice: boolean): string {
  const n = value.length;
  let i = 0;
  // Fast path: a run of unreserved ASCII needs no copy at all.
  while (i < n) {
    const c = value.charCodeAt(i);
    if (c >= 128 || UNRESERVED[c] === 0) break;
    i++;
  }
  if (i === n) return value;
  if (n - i >= BUFFER_THRESHOLD) {
    const encoded = encodeBytes(i === 0 ? value : value.slice(i), twice);
    // null: a lone surrogate; the string path below finds it and names its index.
    if (encoded !== null) return (i === 0 ? '' : value.slice(0, i)) + encoded;
  }
  let out = value.slice(0, i);
  let start = i;
  for (; i < n; i++) {
    let c = value.charCodeAt(i);
    if (c < 128) {
      if (UNRESERVED[c] === 1) continue;
      if (start < i) out += value.slice(start, i);
      out += escapeOf[c];
      start = i + 1;
      continue;
    }
    if (start < i) out += value.slice(start, i);
    if (c < 0x800) {
      out += escapeOf[0xc0 | (c >> 6)]! + escapeOf[0x80 | (c & 63)]!;
    } else if (c < 0xd800 || c > 0xdfff) {
      out += escapeOf[0xe0 | (c >> 12)]! + escapeOf[0x80 | ((c >> 6) & 63)]! + escapeOf[0x80 | (c & 63)]!;
    } else {
      const d = i + 1 < n ? value.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) throw loneSurrogate(i);
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      out +=
        escapeOf[0xf0 | (c >> 18)]! +
        escapeOf[0x80 | ((c >> 12) & 63)]! +
        escapeOf[0x80 | ((c >> 6) & 63)]! +
        escapeOf[0x80 | (c & 63)]!;
      i++;
    }
    start = i + 1;
  }
  if (start < n) out += value.slice(start);
  return out;
}

/**
 * The encoding of a string, for long inputs: its UTF-8 bytes (from the runtime's encoder), each
 * written as itself or as an escape into a buffer that is decoded once. This avoids one string
 * piece per escape, and the loop reads a typed array whatever the string's internal
 * representation. The encoder turns a lone surrogate into U+FFFD (EF BF BD), so when a 0xEF byte
 * shows up the text is checked, and `null` returned if it holds a lone surrogate.
 */
function encodeBytes(text: string, twice: boolean): string | null {
  // Buffers of this call's own (no scratch kept between calls): the bytes, then the output.
  const bytes = new Uint8Array(text.length * 3);
  const written = utf8Encoder.encodeInto(text, bytes).written;
  const out = new Uint8Array(written * (twice ? 5 : 3));
  let o = 0;
  let replacement = false;
  // Two copies of the loop, so the hot one has no `twice` test.
  if (!twice) {
    for (let i = 0; i < written; i++) {
      const b = bytes[i]!;
      const e = ESCAPE_PAIR[b]!;
      if (e === 0) {
        out[o++] = b;
        continue;
      }
      if (b === 0xef) replacement = true;
      out[o] = 37; // %
      out[o + 1] = e & 255;
      out[o + 2] = e >> 8;
      o += 3;
    }
  } else {
    for (let i = 0; i < written; i++) {
      const b = bytes[i]!;
      const e = ESCAPE_PAIR[b]!;
      if (e === 0) {
        out[o++] = b;
        continue;
      }
      if (b === 0xef) replacement = true;
      out[o] = 37; // %25
      out[o + 1] = 50;
      out[o + 2] = 53;
      out[o + 3] = e & 255;
      out[o + 4] = e >> 8;
      o += 5;
    }
  }
  if (replacement && !isWellFormed(text)) return null;
  return asciiDecoder.decode(out.subarray(0, o));
}

/** A run of `%XX` escapes; group 1 when the run ends in a malformed `%`. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})*(%(?![0-9A-Fa-f]{2}))|(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Strict percent-decoding: each `%XX` (hex in either case) is a byte, runs of bytes must be
 * valid UTF-8, and every other character stands for itself. `+` is not special here (see
 * {@link parseForm} for form bodies).
 *
 * @throws {@link EncodingError} (`ERR_ENCODING`) for a `%` not followed by two hex digits, for
 * bytes that are not valid UTF-8, and for a lone surrogate in the input; never a silent U+FFFD.
 */
export function percentDecode(value: string): string {
  assertWellFormed(value);
  let at = value.indexOf('%');
  if (at < 0) return value;
  // ASCII escapes (reserved characters, Base64's "+/=" in a header) decode here one at a time;
  // from the first escape of a byte above 0x7F, or a malformed one, the rest of the text goes
  // to the runtime's UTF-8 decoder (every escape before it was ASCII, so the split is exact).
  let out = '';
  let from = 0;
  do {
    const byte = (hexDigit(value.charCodeAt(at + 1)) << 4) | hexDigit(value.charCodeAt(at + 2));
    if (byte < 0 || byte > 0x7f) return out + value.slice(from, at) + decodeRest(value, at);
    out += value.slice(from, at) + String.fromCharCode(byte);
    from = at + 3;
    at = value.indexOf('%', from);
  } while (at >= 0);
  return out + value.slice(from);
}

/** `value` from index `at` decoded; a fault is named with its index in the whole `value`. */
function decodeRest(value: string, at: number): string {
  const rest = value.slice(at);
  // Well-formed UTF-8 escapes decode in one native call; only on a fault is the rest walked
  // run by run, to name what is wrong and where.
  try {
    return decodeURIComponent(rest);
  } catch {
    // located below
  }
  // Each match is a run of consecutive %XX escapes, decoded as UTF-8 at once, or such a run
  // ending in a "%" without two hex digits. Left to right, so the first fault is reported.
  return rest.replace(ESCAPE_RUN, (run: string, bad: string | undefined, i: number) => {
    if (bad !== undefined) throw new EncodingError(`malformed percent-escape at index ${at + i + run.length - 1}`);
    try {
      return decodeURIComponent(run);
    } catch {
      throw new EncodingError(`percent-escapes at index ${at + i} are not valid UTF-8`);
    }
  });
}
