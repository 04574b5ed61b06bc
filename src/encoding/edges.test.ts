// Boundary cases of the encoders and decoders, found by mutation testing (docs/contributing/mutation.md):
// each test pins one boundary that the other tests left open. Expected values come from
// Node's Buffer and encodeURIComponent, or are written out by hand.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { fromBase64 } from './base64.js';
import { parseForm } from './form.js';
import { fromHex } from './hex.js';
import { assertWellFormed, percentDecode, percentEncode, percentEncodeTwice } from './percent.js';

/** The EncodingError `fn` throws (fails when it throws nothing or something else). */
function encodingError(fn: () => unknown): { message: string; field: string | undefined } {
  try {
    fn();
  } catch (e) {
    expect(e).toMatchObject({ code: 'ERR_ENCODING' });
    return e as { message: string; field: string | undefined };
  }
  throw new Error('expected an EncodingError, nothing was thrown');
}

const rfc3986 = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

describe('percentEncode at the UTF-8 length boundaries', () => {
  // Short strings take the concatenation path, long ones (48+ characters) the buffer path.
  const boundaries = ['\u007f', '\u0080', '\u07ff', '\u0800', '\uffff', '\u{10000}', '\u{10ffff}'];
  it('short strings', () => {
    for (const c of boundaries) {
      expect(percentEncode(c)).toBe(rfc3986(c));
      expect(percentEncode('a' + c + 'b')).toBe(rfc3986('a' + c + 'b'));
    }
  });
  it('long strings', () => {
    for (const c of boundaries) expect(percentEncode('x'.repeat(60) + c)).toBe('x'.repeat(60) + rfc3986(c));
  });
  it('twice: every escape is escaped once more', () => {
    expect(percentEncodeTwice('a b\u0080')).toBe('a%2520b%25C2%2580');
    expect(percentEncodeTwice('y'.repeat(50) + '\u0800')).toBe('y'.repeat(50) + '%25E0%25A0%2580');
  });
  it('refuses surrogates that do not pair, on both paths', () => {
    for (const s of ['\uD800a', '\uDC00\uDC00', '\uDBFF\uE000', '\uD800\uD800', 'a\uDFFF']) {
      encodingError(() => percentEncode(s));
      encodingError(() => percentEncode('z'.repeat(60) + s));
    }
    expect(percentEncode('\uDBFF\uDFFF')).toBe('%F4%8F%BF%BF');
    expect(percentEncode('\uD800\uDC00')).toBe('%F0%90%80%80');
  });
});

describe('percentDecode hex digits and messages', () => {
  it('reads the edges of each hex range in both cases', () => {
    expect(percentDecode('%30%39%41%46%61%66')).toBe('09AFaf');
    expect(percentDecode('%4a%4A%6f%6F')).toBe('JJoo');
  });
  it('refuses the characters next to each hex range', () => {
    // "/" and ":" around 0-9, "@" and "G" around A-F, "`" and "g" around a-f.
    for (const s of ['%/0', '%:0', '%@0', '%G0', '%`0', '%g0', '%0/', '%0:', '%0@', '%0G', '%0`', '%0g']) {
      expect(encodingError(() => percentDecode(s)).message).toBe('malformed percent-escape at index 0');
    }
  });
  it('names the index of a malformed or truncated escape', () => {
    expect(encodingError(() => percentDecode('ab%4')).message).toBe('malformed percent-escape at index 2');
    expect(encodingError(() => percentDecode('ab%')).message).toBe('malformed percent-escape at index 2');
    expect(encodingError(() => percentDecode('%41%4z')).message).toBe('malformed percent-escape at index 3');
    expect(encodingError(() => percentDecode('x%C3')).message).toBe('percent-escapes at index 1 are not valid UTF-8');
    // After ASCII escapes, decoded one by one, the rest of the text is decoded apart: its
    // indexes still count from the start of the whole text.
    expect(encodingError(() => percentDecode('%41x%2B%C3')).message).toBe(
      'percent-escapes at index 7 are not valid UTF-8',
    );
    expect(encodingError(() => percentDecode('%41%C3%A9%2')).message).toBe('malformed percent-escape at index 9');
    // A fault past the first run of the rest: the index is the rest's start plus the fault's
    // place in it ("x%41" is 4 characters, "%C3%A9ok" 8 more).
    expect(encodingError(() => percentDecode('x%41%C3%A9ok%E2%82')).message).toBe(
      'percent-escapes at index 12 are not valid UTF-8',
    );
    expect(encodingError(() => percentDecode('x%41%C3%A9ok%G1')).message).toBe('malformed percent-escape at index 12');
  });
  it('decodes ASCII escapes before, between and after multi-byte ones as decodeURIComponent does', () => {
    for (const s of ['a%2Bb%C3%A9c%3D', '%3D%D0%B9', '%D0%B9%3D', '%2F%F0%9F%8E%89%2B%20x', '%25%32%35']) {
      expect(percentDecode(s)).toBe(decodeURIComponent(s));
    }
  });
  it('refuses a lone byte 0x80 (a continuation byte, the first that is not ASCII) as decodeURIComponent does', () => {
    for (const s of ['%80', 'a%80b', '%41%80']) {
      expect(() => decodeURIComponent(s)).toThrow(URIError);
      expect(encodingError(() => percentDecode(s)).message).toMatch(/are not valid UTF-8$/);
    }
    expect(percentDecode('%7F')).toBe(decodeURIComponent('%7F'));
  });
  it('decodes a long run of escapes of multi-byte characters', () => {
    const text = 'é€😀'.repeat(2000);
    expect(percentDecode(Buffer.from(text).toString('hex').replace(/../g, '%$&'))).toBe(text);
  });
});

describe('assertWellFormed', () => {
  it('names the field, or "text" without one', () => {
    const named = encodingError(() => assertWellFormed('a\uD800', 'email'));
    expect(named.message).toBe('"email" holds a lone surrogate and has no UTF-8 form');
    expect(named.field).toBe('email');
    const plain = encodingError(() => assertWellFormed('\uDC00'));
    expect(plain.message).toBe('text holds a lone surrogate and has no UTF-8 form');
    expect(plain.field).toBeUndefined();
    expect(() => assertWellFormed('\uD83D\uDE00', 'email')).not.toThrow();
  });
});

describe('fromBase64 refusals', () => {
  it('names the rule that was broken', () => {
    expect(encodingError(() => fromBase64('QUJD\u0080')).message).toBe('Base64 text length is not a multiple of 4');
    expect(encodingError(() => fromBase64('QUJ')).message).toBe('Base64 text length is not a multiple of 4');
    expect(encodingError(() => fromBase64('QU\u0080D')).message).toBe('invalid Base64 character at offset 2');
    expect(encodingError(() => fromBase64('QR==')).message).toBe('non-canonical Base64: unused bits are not zero');
    expect(encodingError(() => fromBase64('QUJ=')).message).toBe('non-canonical Base64: unused bits are not zero');
  });
  it('refuses characters just past the ASCII table', () => {
    for (const c of ['\u0080', '\u00ff', '\u0100', '\uff21']) encodingError(() => fromBase64(`AA${c}A`));
  });
  it('decodes every padding length like Buffer', () => {
    for (const s of ['', 'QQ==', 'QUI=', 'QUJD', 'QUJDRA=='])
      expect(Buffer.from(fromBase64(s))).toEqual(Buffer.from(s, 'base64'));
  });
});

describe('fromHex refusals', () => {
  it('refuses the characters next to each hex range, naming the offset', () => {
    for (const c of ['/', ':', '@', 'G', '`', 'g', ' ', '\u0660']) {
      expect(encodingError(() => fromHex('0' + c)).message).toBe('invalid hex digit at offset 1');
      expect(encodingError(() => fromHex(c + '0')).message).toBe('invalid hex digit at offset 0');
      expect(encodingError(() => fromHex('abcd' + c + 'f')).message).toBe('invalid hex digit at offset 4');
      expect(encodingError(() => fromHex('abcde' + c)).message).toBe('invalid hex digit at offset 5');
    }
  });
  it('reports an odd length', () => {
    expect(encodingError(() => fromHex('abc')).message).toBe('hex string has an odd length (3)');
  });
  it('reads the edges of each range like Buffer', () => {
    expect(Buffer.from(fromHex('09afAF90FAfa'))).toEqual(Buffer.from('09afAF90FAfa', 'hex'));
  });
});

describe('parseForm cap', () => {
  it('says how many parameters are allowed', () => {
    expect(encodingError(() => parseForm('a=1&b=2&c=3', 2)).message).toBe('form body has more than 2 parameters');
    expect(parseForm('a=1&b=2', 2)).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });
});
