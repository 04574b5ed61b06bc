// Reference percent-encoding and form bodies, written plainly and independently of paysig's
// src/. No imports and no Node APIs, so the vector engine can use it on every runtime.
// A refusal throws `Refused` carrying the paysig error code the same input must produce.

/** A refusal, carrying the paysig error code the input must produce. */
export class Refused extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** Throws Refused('ERR_ENCODING') when `s` holds a lone surrogate (it has no UTF-8 form). */
export function checkWellFormed(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) throw new Refused('ERR_ENCODING');
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      throw new Refused('ERR_ENCODING');
    }
  }
}

/** The characters RFC 3986 2.3 leaves unescaped. */
export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

const hexEscape = (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase();

/**
 * RFC 3986 / RFC 5849 3.6 percent-encoding over UTF-8: encodeURIComponent (uppercase hex, UTF-8),
 * then the five characters it leaves alone (! ' ( ) *). A lone surrogate: Refused('ERR_ENCODING').
 */
export function percentEncode(s) {
  let out;
  try {
    out = encodeURIComponent(s);
  } catch {
    throw new Refused('ERR_ENCODING'); // URIError: a lone surrogate
  }
  return out.replace(/[!'()*]/g, hexEscape);
}

const HEXDIGITS = '0123456789abcdefABCDEF';

/**
 * Strict percent-decoding, byte by byte: every % starts two hex digits and the bytes must be
 * UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF). `plusIsSpace` for form bodies.
 */
export function percentDecode(s, plusIsSpace = false) {
  checkWellFormed(s);
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '%') {
      const h = s.slice(i + 1, i + 3);
      if (h.length !== 2 || !HEXDIGITS.includes(h[0]) || !HEXDIGITS.includes(h[1])) throw new Refused('ERR_ENCODING');
      bytes.push(parseInt(h, 16));
      i += 2;
    } else if (plusIsSpace && ch === '+') {
      bytes.push(0x20);
    } else {
      const cp = s.codePointAt(i);
      if (cp > 0xffff) i++;
      bytes.push(...new TextEncoder().encode(String.fromCodePoint(cp)));
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
  } catch {
    throw new Refused('ERR_ENCODING');
  }
}

/** application/x-www-form-urlencoded to ordered pairs: duplicates and order kept, + is a space. */
export function formParse(body) {
  const out = [];
  for (const seg of body.split('&')) {
    if (seg === '') continue;
    const eq = seg.indexOf('=');
    out.push(
      eq < 0
        ? [percentDecode(seg, true), '']
        : [percentDecode(seg.slice(0, eq), true), percentDecode(seg.slice(eq + 1), true)],
    );
  }
  return out;
}

/** Ordered pairs to a form body with RFC 3986 escapes (never +). */
export function formFormat(pairs) {
  return pairs.map(([n, v]) => percentEncode(n) + '=' + percentEncode(v)).join('&');
}
