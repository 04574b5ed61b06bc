// Generator topic percent-encoding.json: percent-encoding and strict decoding.
// Interface: see generate.mjs.
import { UNRESERVED, assemble, compute, mustEqual, pd, pe, vectorFile } from '../support.mjs';

export async function generate() {
  const of =
    (operation, usual) =>
    (id, description, input, source = usual) => ({ id, description, source, operation, input });
  const enc = of('encode', 'R-3986-2.1; R-5849-3.6');
  const dec = of('decode', 'R-3986-2.1');
  // biome-ignore format: a table, one case per line
  const defs = [
    enc('unreserved-ascii', 'every unreserved ASCII character stays as it is', UNRESERVED),
    enc('gen-delims', 'every gen-delim of RFC 3986 2.2 is escaped', ':/?#[]@'),
    enc('sub-delims', 'every sub-delim of RFC 3986 2.2 is escaped', "!$&'()*+,;="),
    enc('encodeuricomponent-trap', "! * ' ( ) are escaped (encodeURIComponent leaves them)", "!*'()"),
    enc('space', 'a space is %20, never +', ' '),
    enc('plus', 'a plus sign is %2B', '+'),
    enc('percent', 'a percent sign is %25', '%'),
    enc('already-escaped-text', 'text that looks escaped is escaped again', '%20%2B'),
    enc('other-printable-ascii', 'every other printable ASCII character is escaped', ' "<>\\^`{|}'),
    enc('control-chars', 'control characters NUL, US and DEL are escaped', '\u0000\u001f\u007f'),
    enc('two-byte-utf8', 'two-byte UTF-8 (U+00E9, U+00DF) in uppercase hex', 'éß'),
    enc('three-byte-utf8', 'three-byte UTF-8 (euro sign, CJK)', '€日本'),
    enc('four-byte-utf8-emoji', 'a character outside the BMP (U+1F600) is one 4-byte sequence, not two surrogates', '😀'),
    enc('four-byte-utf8-clef', 'U+1D11E between ASCII letters', 'a𝄞b'),
    enc('bom-kept', 'a leading U+FEFF is data and is encoded', '\ufeffx'),
    enc('ladies-gentlemen', 'mixed text with space and plus', 'Ladies + Gentlemen'),
    enc('dogs-cats-mice', 'comma, space and ampersand', 'Dogs, Cats & Mice'),
    enc('empty', 'the empty string encodes to the empty string', ''),
    enc('lone-high-surrogate', 'a lone high surrogate has no UTF-8 form', '\ud800'),
    enc('lone-low-surrogate', 'a lone low surrogate inside text has no UTF-8 form', 'a\udc00b'),
    enc('high-surrogate-at-end', 'a high surrogate at the end of the text', 'ab\udbff'),
    enc('reversed-surrogates', 'a low surrogate followed by a high one is not a pair', '\udc00\ud800'),
    dec('decode-uppercase', 'uppercase hex escapes decode', '%E2%82%AC%20%2B', 'R-3986-2.1'),
    dec('decode-lowercase', 'lowercase hex escapes decode too (RFC 3986 2.1: equivalent)', '%e2%82%ac'),
    dec('decode-plus-literal', 'outside form bodies a plus sign stays a plus sign', 'a+b'),
    dec('decode-unescaped-unicode', 'characters that are not escaped stand for themselves', 'é😀'),
    dec('decode-emoji', 'a 4-byte escape sequence decodes to one non-BMP character', '%F0%9F%98%80'),
    dec('decode-empty', 'the empty string decodes to the empty string', ''),
    dec('decode-lone-percent', 'a % without two hex digits', '%', 'R-3986-2.1; P-STRICT-DECODE'),
    dec('decode-short-escape', 'a % followed by one hex digit', 'abc%2', 'R-3986-2.1; P-STRICT-DECODE'),
    dec('decode-non-hex', 'a % followed by a non-hex digit', '%G0', 'R-3986-2.1; P-STRICT-DECODE'),
    dec('decode-truncated-utf8', 'a 3-byte sequence cut after 2 bytes', '%E2%82', 'R-5849-3.6; P-STRICT-DECODE'),
    dec('decode-overlong', 'an overlong encoding of "/" is not UTF-8', '%C0%AF', 'R-5849-3.6; P-STRICT-DECODE'),
    dec('decode-ff', 'the byte FF never occurs in UTF-8', '%FF', 'R-5849-3.6; P-STRICT-DECODE'),
    dec('decode-encoded-surrogate', 'UTF-8 of a surrogate code point (CESU) is refused', '%ED%A0%80', 'R-5849-3.6; P-STRICT-DECODE'),
    dec('decode-beyond-unicode', 'a code point above U+10FFFF is refused', '%F4%90%80%80', 'R-5849-3.6; P-STRICT-DECODE'),
  ];
  const neg = new Set(['lone-high-surrogate', 'lone-low-surrogate', 'high-surrogate-at-end', 'reversed-surrogates']);
  for (const d of defs)
    if (
      neg.has(d.id) ||
      (d.operation === 'decode' && /^decode-(lone|short|non|truncated|overlong|ff|encoded|beyond)/.test(d.id))
    )
      d.expectError = 'ERR_ENCODING';
  const results = compute(defs, {
    task: (d) => d.operation,
    fns: { encode: (d) => pe(d.input), decode: (d) => pd(d.input) },
    py: (d) => d.input,
  });
  mustEqual('RFC 5849 3.6 style example', pe('Ladies + Gentlemen'), 'Ladies%20%2B%20Gentlemen');
  return vectorFile(
    'percent-encoding',
    'Percent-encoding of RFC 3986 / RFC 5849 3.6 over UTF-8: encode (A-Z a-z 0-9 - . _ ~ unchanged, every other byte %XX in uppercase hex) and strict decode (every % starts two hex digits, the bytes must be UTF-8). Every positive encode case also round-trips through decode.',
    assemble(defs, results, (ok) => ({ output: ok })),
  );
}
