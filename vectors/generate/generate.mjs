#!/usr/bin/env node
// Golden-vector generator for paysig (`npm run vectors`).
//
// It defines the INPUTS of every case here, computes every expected value twice, with two
// implementations neither of which is paysig:
//   1. this file: node:crypto plus a deliberately naive JavaScript reference (percent-encoding
//      byte by byte, the formula table written again, URL normalisation by regex, ...);
//   2. vectors/generate/oracle.py: Python's standard library, oauthlib 3.2 and the openssl CLI.
// It stops with an error when they disagree, and when a value printed in a published document
// (RFC 5849, OAuth Core 1.0, the service's public documentation) is not reproduced. Then it
// writes vectors/<topic>.json: 2-space JSON, keys in a fixed order, trailing newline, so that two
// runs give byte-identical files.
import { createHash, createHmac, createPrivateKey, sign as rsaSign } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { probe } from '../../scripts/tools.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const VECTORS = join(HERE, '..');
const KEYS = join(VECTORS, 'keys');
// `npm run vectors` sets PAYSIG_PYTHON (scripts/provision.mjs); run alone, the same probe finds one.
const PYTHON = process.env.PAYSIG_PYTHON ?? probe(['python3']).python3 ?? 'python3';

// ---------------------------------------------------------------------------------------------
// Naive JavaScript reference (independent of src/)
// ---------------------------------------------------------------------------------------------

/** A refusal, carrying the paysig error code the input must produce. */
class Refused extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

function checkWellFormed(s) {
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

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

function pe(s) {
  checkWellFormed(s);
  let out = '';
  for (const b of new TextEncoder().encode(s)) {
    const ch = String.fromCharCode(b);
    out += UNRESERVED.includes(ch) ? ch : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

const HEXDIGITS = '0123456789abcdefABCDEF';

function pd(s, plusIsSpace = false) {
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

function formParse(body) {
  const out = [];
  for (const seg of body.split('&')) {
    if (seg === '') continue;
    const eq = seg.indexOf('=');
    out.push(eq < 0 ? [pd(seg, true), ''] : [pd(seg.slice(0, eq), true), pd(seg.slice(eq + 1), true)]);
  }
  return out;
}

function formFormat(pairs) {
  return pairs.map(([n, v]) => pe(n) + '=' + pe(v)).join('&');
}

const R = 'required';
const E = 'empty';
const P = 'pair';
const FORMULA_TERMS = {
  'C-A': [['login', R], ['client_orderid', R], ['orderid', R]],
  'C-B': [['endpointId', R], ['client_orderid', R], ['amount', R], ['email', R]],
  'C-C': [['endpointId', R], ['client_orderid', R], ['email', R]],
  'C-D': [['login', R], ['client_orderid', R], ['orderid', R], ['amount', P], ['currency', P]],
  'C-E': [['login', R], ['client_orderid', R], ['cardrefid', R], ['amount', P], ['currency', P]],
  'C-S': [['login', R], ['client_orderid', R], ['orderid', E]],
  'CARD-INFO': [['login', R], ['cardrefid', R]],
  'TRANSFER-BY-REF': [
    ['login', R], ['client_orderid', R], ['source_cardrefid', R], ['destination_cardrefid', R], ['amount', R], ['currency', R],
  ],
  CALLBACK: [['status', R], ['orderid', R], ['client_orderid', R]],
  REDIRECT: [['status', R], ['orderid', R], ['client_orderid', R]],
};
const INT64_MAX = 9223372036854775807n;

function minorUnits(amount, exponent) {
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(amount);
  if (!m) throw new Refused('ERR_INVALID_AMOUNT');
  const frac = m[2] ?? '';
  if (frac.length > exponent && /[^0]/.test(frac.slice(exponent))) throw new Refused('ERR_INVALID_AMOUNT');
  const n = BigInt(m[1] + frac.slice(0, exponent).padEnd(exponent, '0'));
  if (n > INT64_MAX) throw new Refused('ERR_INVALID_AMOUNT');
  return n.toString();
}

function endpointTerm(v) {
  if (typeof v !== 'string' || !/^(0|[1-9][0-9]*)$/.test(v) || BigInt(v) > INT64_MAX) throw new Refused('ERR_INVALID_INPUT');
  return v;
}

function controlNaive({ formula, fields, controlKey, exponent = 2 }) {
  const terms = FORMULA_TERMS[formula];
  if (terms.some(([, p]) => p === P) && ('amount' in fields) !== ('currency' in fields)) throw new Refused('ERR_INVALID_INPUT');
  let concatenation = '';
  for (const [name, presence] of terms) {
    let v;
    if (name === 'endpointId') {
      if ('endpointId' in fields && 'endpointGroupId' in fields) throw new Refused('ERR_INVALID_INPUT');
      const raw = fields.endpointGroupId ?? fields.endpointId;
      v = raw === undefined ? undefined : endpointTerm(raw);
    } else if (name === 'amount') {
      v = fields.amount === undefined ? undefined : minorUnits(fields.amount, exponent);
    } else {
      v = fields[name];
    }
    if (v === undefined) {
      if (presence === R) throw new Refused('ERR_MISSING_FIELD');
      v = '';
    }
    checkWellFormed(v);
    concatenation += v;
  }
  checkWellFormed(controlKey);
  concatenation += controlKey;
  return { concatenation, control: createHashHex('sha1', concatenation) };
}

function createHashHex(alg, s) {
  return createHash(alg).update(s, 'utf8').digest('hex');
}

const URL_RE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)(?::([0-9]*))?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/;

function baseUri(url) {
  const m = URL_RE.exec(url);
  if (!m) throw new Refused('ERR_INVALID_INPUT');
  const scheme = m[1].toLowerCase();
  const host = m[2].toLowerCase();
  const port = m[3] ?? '';
  const keepPort = port !== '' && !((scheme === 'http' && port === '80') || (scheme === 'https' && port === '443'));
  const path = m[4] === '' ? '/' : m[4];
  return { uri: `${scheme}://${host}${keepPort ? ':' + port : ''}${path}`, query: m[5] ?? '' };
}

function normalize(pairs) {
  // realm is left out only when it comes from the Authorization header; the caller passes the
  // header's oauth_* parameters, never its realm. oauth_signature never takes part.
  const enc = pairs.filter(([n]) => n !== 'oauth_signature').map(([n, v]) => [pe(n), pe(v)]);
  enc.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return enc.map(([n, v]) => n + '=' + v).join('&');
}

function baseStringNaive({ method, url, params }) {
  const { uri, query } = baseUri(url);
  const normalizedParameters = normalize([...formParse(query), ...params]);
  return { normalizedParameters, baseString: `${method.toUpperCase()}&${pe(uri)}&${pe(normalizedParameters)}` };
}

function hmacNaive({ baseString, consumerSecret, tokenSecret }) {
  const key = pe(consumerSecret) + '&' + pe(tokenSecret);
  checkWellFormed(baseString);
  return { key, signature: createHmac('sha1', key).update(baseString, 'utf8').digest('base64') };
}

function keyCheck(file) {
  let k;
  try {
    k = createPrivateKey({ key: readFileSync(join(KEYS, file), 'utf8') });
  } catch {
    return 'ERR_KEY_INVALID';
  }
  if (k.asymmetricKeyType !== 'rsa') return 'ERR_KEY_INVALID';
  return k.asymmetricKeyDetails.modulusLength < 2048 ? 'ERR_KEY_TOO_SMALL' : undefined;
}

function rsaNaive({ baseString, privateKeyFile }) {
  const code = keyCheck(privateKeyFile);
  if (code) throw new Refused(code);
  checkWellFormed(baseString);
  const pem = readFileSync(join(KEYS, privateKeyFile), 'utf8');
  return { signature: rsaSign('sha256', Buffer.from(baseString, 'utf8'), pem).toString('base64') };
}

function oauthPairs(c) {
  const p = [
    ['oauth_consumer_key', c.consumerKey],
    ['oauth_nonce', c.nonce],
    ['oauth_signature_method', c.signatureMethod],
    ['oauth_timestamp', String(c.timestamp)],
    ['oauth_version', '1.0'],
  ];
  if (c.token !== undefined) p.push(['oauth_token', c.token]);
  return p;
}

function headerOf(realm, oauthParams) {
  const parts = [];
  if (realm !== undefined) parts.push(`realm="${pe(realm)}"`);
  // one fixed order (the order paysig writes); RFC 5849 3.5.1 leaves the order free
  const order = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp', 'oauth_token', 'oauth_version', 'oauth_signature'];
  if (Object.keys(oauthParams).some((n) => !order.includes(n))) throw new Error('unexpected oauth parameter');
  for (const name of order) if (name in oauthParams) parts.push(`${name}="${pe(oauthParams[name])}"`);
  return 'OAuth ' + parts.join(', ');
}

function oauthSignNaive(c) {
  if (c.signatureMethod !== 'HMAC-SHA1' && c.signatureMethod !== 'RSA-SHA256') throw new Refused('ERR_UNSUPPORTED');
  const oauth = oauthPairs(c);
  const b = baseStringNaive({ method: c.method, url: c.url, params: [...c.params, ...oauth] });
  const signature =
    c.signatureMethod === 'HMAC-SHA1'
      ? hmacNaive({ baseString: b.baseString, consumerSecret: c.consumerSecret, tokenSecret: c.tokenSecret ?? '' }).signature
      : rsaNaive({ baseString: b.baseString, privateKeyFile: c.privateKeyFile }).signature;
  const oauthParams = Object.fromEntries([...oauth, ['oauth_signature', signature]].sort((x, y) => (x[0] < y[0] ? -1 : 1)));
  return { baseString: b.baseString, signature, oauthParams };
}

/** A whole RSA-SHA256 request (rsa-sha256.json): the base string and its signature. */
function rsaRequestNaive(c) {
  if (c.signatureMethod !== 'RSA-SHA256') throw new Error('rsa-sha256.json holds RSA-SHA256 requests only');
  const { baseString, signature } = oauthSignNaive(c);
  return { baseString, signature };
}

// ---------------------------------------------------------------------------------------------
// Oracle plumbing
// ---------------------------------------------------------------------------------------------

function attempt(fn, input) {
  try {
    return { ok: fn(input) };
  } catch (e) {
    if (e instanceof Refused) return { error: e.code };
    throw e;
  }
}

function sortedObject(o) {
  return o !== null && typeof o === 'object' && !Array.isArray(o)
    ? Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortedObject(o[k])]))
    : Array.isArray(o) ? o.map(sortedObject) : o;
}

/** Runs every task in both oracles; returns the JS answers after checking Python agrees. */
function computeAll(tasks) {
  const js = {};
  const py = {};
  for (const [task, { fn, inputs, pyInputs }] of Object.entries(tasks)) {
    js[task] = inputs.map((i) => attempt(fn, i));
    py[task] = pyInputs ?? inputs;
  }
  const out = execFileSync(PYTHON, [join(HERE, 'oracle.py')], { input: JSON.stringify(py), maxBuffer: 64 << 20 });
  const answer = JSON.parse(out.toString('utf8'));
  let bad = 0;
  for (const task of Object.keys(tasks)) {
    js[task].forEach((mine, i) => {
      const theirs = answer[task][i];
      if (!isDeepStrictEqual(sortedObject(mine), sortedObject(theirs))) {
        bad++;
        console.error(`oracles disagree on ${task}[${i}] ${JSON.stringify(tasks[task].inputs[i])}\n  js: ${JSON.stringify(mine)}\n  py: ${JSON.stringify(theirs)}`);
      }
    });
  }
  if (bad > 0) throw new Error(`${bad} disagreement(s) between the JavaScript and Python oracles`);
  return js;
}

/** The result of the case with this id. */
function resultOf(defs, results, id) {
  const i = defs.findIndex((d) => d.id === id);
  if (i < 0) throw new Error(`no case ${id}`);
  return results[i].ok;
}

function mustEqual(label, got, published) {
  if (got !== published) throw new Error(`${label}: computed ${JSON.stringify(got)} but the published value is ${JSON.stringify(published)}`);
}

function writeTopic(topic, description, cases) {
  const ids = new Set();
  for (const c of cases) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id)) throw new Error(`${topic}: id ${c.id} is not kebab-case`);
    if (ids.has(c.id)) throw new Error(`${topic}: duplicate id ${c.id}`);
    ids.add(c.id);
  }
  const doc = { $schema: `./schema/${topic}.schema.json`, description, cases };
  writeFileSync(join(VECTORS, `${topic}.json`), pretty(doc, '') + '\n');
  console.log(`${relative(process.cwd(), join(VECTORS, topic + '.json'))}: ${cases.length} cases`);
}

/** JSON with 2-space indentation; arrays of strings and numbers (parameter pairs) stay on one line. */
function pretty(v, indent) {
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every((x) => x === null || typeof x !== 'object')) return '[' + v.map((x) => scalar(x)).join(', ') + ']';
    const inner = indent + '  ';
    return '[\n' + v.map((x) => inner + pretty(x, inner)).join(',\n') + '\n' + indent + ']';
  }
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined);
    if (keys.length === 0) return '{}';
    const inner = indent + '  ';
    return '{\n' + keys.map((k) => inner + scalar(k) + ': ' + pretty(v[k], inner)).join(',\n') + '\n' + indent + '}';
  }
  return scalar(v);
}

function scalar(v) {
  // non-ASCII as \u escapes, so every file is pure ASCII whatever an editor does
  return JSON.stringify(v).replace(/[\u007f-\uffff]/g, (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** Builds the case list: positive ones get `expected`, refused ones `error`. */
function assemble(defs, results, toExpected) {
  return defs.map((d, i) => {
    const r = results[i];
    const { id, description, source, expectError, ...inputs } = d;
    if (expectError !== undefined || r.error !== undefined) {
      if (r.error !== expectError) throw new Error(`${id}: oracles say ${JSON.stringify(r)}, case expects error ${expectError}`);
      return { id, description, source, ...inputs, error: r.error };
    }
    return { id, description, source, ...inputs, ...toExpected(r.ok, d) };
  });
}


// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

/** Runs defs through both oracles; `task(d)` names the oracle task, `py(d)` its Python input. */
function compute(defs, spec) {
  const tasks = {};
  const where = [];
  defs.forEach((d) => {
    const name = spec.task(d);
    const t = (tasks[name] ??= { fn: spec.fns[name], inputs: [], pyInputs: [] });
    where.push([name, t.inputs.length]);
    t.inputs.push(spec.js ? spec.js(d) : d);
    t.pyInputs.push(spec.py(d));
  });
  const results = computeAll(tasks);
  return where.map(([name, i]) => results[name][i]);
}

const keyPath = (file) => join(KEYS, file);

function percentCases() {
  const enc = (id, description, input, source = 'RFC 3986 2.1; RFC 5849 3.6') => ({ id, description, source, operation: 'encode', input });
  const dec = (id, description, input, source = 'RFC 3986 2.1') => ({ id, description, source, operation: 'decode', input });
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
    dec('decode-uppercase', 'uppercase hex escapes decode', '%E2%82%AC%20%2B', 'RFC 3986 2.1'),
    dec('decode-lowercase', 'lowercase hex escapes decode too (RFC 3986 2.1: equivalent)', '%e2%82%ac'),
    dec('decode-plus-literal', 'outside form bodies a plus sign stays a plus sign', 'a+b'),
    dec('decode-unescaped-unicode', 'characters that are not escaped stand for themselves', 'é😀'),
    dec('decode-emoji', 'a 4-byte escape sequence decodes to one non-BMP character', '%F0%9F%98%80'),
    dec('decode-empty', 'the empty string decodes to the empty string', ''),
    dec('decode-lone-percent', 'a % without two hex digits', '%'),
    dec('decode-short-escape', 'a % followed by one hex digit', 'abc%2'),
    dec('decode-non-hex', 'a % followed by a non-hex digit', '%G0'),
    dec('decode-truncated-utf8', 'a 3-byte sequence cut after 2 bytes', '%E2%82'),
    dec('decode-overlong', 'an overlong encoding of "/" is not UTF-8', '%C0%AF'),
    dec('decode-ff', 'the byte FF never occurs in UTF-8', '%FF'),
    dec('decode-encoded-surrogate', 'UTF-8 of a surrogate code point (CESU) is refused', '%ED%A0%80'),
    dec('decode-beyond-unicode', 'a code point above U+10FFFF is refused', '%F4%90%80%80'),
  ];
  const neg = new Set(['lone-high-surrogate', 'lone-low-surrogate', 'high-surrogate-at-end', 'reversed-surrogates']);
  for (const d of defs) if (neg.has(d.id) || (d.operation === 'decode' && /^decode-(lone|short|non|truncated|overlong|ff|encoded|beyond)/.test(d.id))) d.expectError = 'ERR_ENCODING';
  const results = compute(defs, {
    task: (d) => d.operation,
    fns: { encode: (d) => pe(d.input), decode: (d) => pd(d.input) },
    py: (d) => d.input,
  });
  mustEqual('RFC 5849 3.6 style example', pe('Ladies + Gentlemen'), 'Ladies%20%2B%20Gentlemen');
  writeTopic(
    'percent-encoding',
    'Percent-encoding of RFC 3986 / RFC 5849 3.6 over UTF-8: encode (A-Z a-z 0-9 - . _ ~ unchanged, every other byte %XX in uppercase hex) and strict decode (every % starts two hex digits, the bytes must be UTF-8). Every positive encode case also round-trips through decode.',
    assemble(defs, results, (ok) => ({ output: ok })),
  );
}

function formCases() {
  const parse = (id, description, body, expectError) => ({ id, description, source: 'WHATWG URL application/x-www-form-urlencoded; RFC 5849 3.4.1.3.1', operation: 'parse', body, ...(expectError ? { expectError } : {}) });
  const format = (id, description, pairs) => ({ id, description, source: 'RFC 5849 3.6', operation: 'format', pairs });
  const defs = [
    parse('parse-simple', 'two pairs', 'a=1&b=2'),
    parse('parse-duplicates', 'repeated names are all kept, in order', 'a=1&a=2&a=3'),
    parse('parse-order-kept', 'pairs keep the order of the body (no sorting)', 'b=2&a=1&c=3'),
    parse('parse-plus-is-space', 'a plus sign in a form body is a space', 'q=b+c&r+s=t'),
    parse('parse-escaped-plus', '%2B is a literal plus sign', 'a=%2B1'),
    parse('parse-empty-values', 'names with empty values are kept', 'a=&b='),
    parse('parse-name-without-equals', 'a segment without = is a name with an empty value', 'a&b=1'),
    parse('parse-empty-segments', 'empty segments are skipped', 'a=1&&b=2'),
    parse('parse-leading-trailing-ampersand', 'leading and trailing & are skipped', '&a=1&'),
    parse('parse-empty-name', 'an empty name is kept', '=1'),
    parse('parse-equals-in-value', 'only the first = separates name and value', 'a=1=2'),
    parse('parse-semicolon-not-separator', 'a semicolon is data, not a separator', 'a=1;b=2'),
    parse('parse-utf8', 'escaped UTF-8 in names and values', '%E2%82%AC=%F0%9F%98%80'),
    parse('parse-escaped-reserved', 'escaped & and = are data', 'a%26b=c%3Dd'),
    parse('parse-empty-body', 'an empty body has no pairs', ''),
    parse('parse-bad-escape', 'a malformed escape is refused', 'a=%ZZ', 'ERR_ENCODING'),
    parse('parse-invalid-utf8', 'escapes that are not UTF-8 are refused', 'a=%FF', 'ERR_ENCODING'),
    format('format-space', 'a space is written %20, never +', [['a', 'b c']]),
    format('format-plus', 'a plus sign is written %2B', [['a', '+']]),
    format('format-rfc3986', "! * ' ( ) are escaped, ~ is not", [["!*'()", '~']]),
    format('format-duplicates-order', 'duplicates and order are kept', [['b', '2'], ['a', '1'], ['b', '3']]),
    format('format-empty-value', 'an empty value gives name=', [['a', ''], ['b', '']]),
    format('format-reserved', 'reserved characters in names and values are escaped', [['a&b', 'c=d/e?f']]),
    format('format-utf8', 'UTF-8, including a non-BMP character', [['€', '😀']]),
    format('format-no-pairs', 'no pairs give the empty body', []),
  ];
  const results = compute(defs, {
    task: (d) => (d.operation === 'parse' ? 'formParse' : 'formFormat'),
    fns: { formParse: (d) => formParse(d.body), formFormat: (d) => formFormat(d.pairs) },
    py: (d) => (d.operation === 'parse' ? d.body : d.pairs),
  });
  writeTopic(
    'form',
    'application/x-www-form-urlencoded as ordered pairs: parse (duplicates and order kept, + is a space, a segment without = has an empty value, empty segments skipped, strict escapes) and format (RFC 3986 escapes, never +).',
    assemble(defs, results, (ok, d) => (d.operation === 'parse' ? { pairs: ok } : { body: ok })),
  );
}

const CB_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

function controlCases() {
  const docs = 'public-docs-facts.md';
  const spec = 'service-api.md Authentication, Mechanism 1';
  const c = (id, description, source, formula, fields, extra = {}) => ({ id, description, source, formula, fields, controlKey: CB_KEY, ...extra });
  const cb = { endpointId: '1111', client_orderid: '902B4FF5', email: 'john.smith@gmail.com' };
  const lg = { login: 'merchantlogin', client_orderid: 'inv-0001' };
  const bad = (id, amount, description) => c(id, description, docs, 'C-B', { ...cb, amount }, { expectError: 'ERR_INVALID_AMOUNT' });
  const defs = [
    c('c-b-published-example', 'the published worked example (its concatenation is printed in the documentation)', docs, 'C-B', { ...cb, amount: '10.42' }),
    c('c-a-void', 'C-A: login + client_orderid + orderid', spec, 'C-A', { ...lg, orderid: '902541' }),
    c('c-a-3ds-upload', 'C-A on a 3DS upload: the client-order-id value is the client_orderid term', spec, 'C-A', { login: 'merchantlogin', client_orderid: 'tds-77', orderid: '1000001' }),
    c('c-b-float-trap-0-29', '0.29 is 29 minor units (0.29 * 100 is 28.999999999999996 in floating point)', docs, 'C-B', { ...cb, amount: '0.29' }),
    c('c-b-float-trap-0-94', '0.94 is 94 minor units', docs, 'C-B', { ...cb, amount: '0.94' }),
    c('c-b-float-trap-10-15', '10.15 is 1015 minor units', docs, 'C-B', { ...cb, amount: '10.15' }),
    c('c-b-float-trap-19-99', '19.99 is 1999 minor units', 'generated', 'C-B', { ...cb, amount: '19.99' }),
    c('c-b-float-trap-0-07', '0.07 is 7 minor units', 'generated', 'C-B', { ...cb, amount: '0.07' }),
    c('c-b-whole-amount', '"10" is 1000 minor units', spec, 'C-B', { ...cb, amount: '10' }),
    c('c-b-one-fraction-digit', '"10.5" is 1050 minor units', 'generated', 'C-B', { ...cb, amount: '10.5' }),
    c('c-b-trailing-zero', '"10.420" is accepted as 1042: the extra fraction digit is zero', 'generated', 'C-B', { ...cb, amount: '10.420' }),
    c('c-b-leading-zeros', '"007.50" is 750: leading zeros do not reach the formula', 'generated', 'C-B', { ...cb, amount: '007.50' }),
    c('c-b-zero', '"0.00" is 0', 'generated', 'C-B', { ...cb, amount: '0.00' }),
    c('c-b-int64-max', 'the largest amount whose minor units fit int64', 'generated', 'C-B', { ...cb, amount: '92233720368547758.07' }),
    c('c-b-exponent-3', 'exponent 3 (KWD-like): "1.005" is 1005', 'generated', 'C-B', { ...cb, amount: '1.005' }, { exponent: 3 }),
    c('c-b-exponent-0', 'exponent 0 (JPY-like): "500" is 500', 'generated', 'C-B', { ...cb, amount: '500' }, { exponent: 0 }),
    c('c-b-group-id', 'on a /group/{endpointGroupId} path the group id takes the endpoint term', docs, 'C-B', { endpointGroupId: '2222', client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' }),
    c('c-b-unicode-email', 'non-ASCII text is hashed as UTF-8', 'generated', 'C-B', { ...cb, email: 'jöhn.smïth@exämple.com', amount: '1.00' }),
    c('c-c-account-verification', 'C-C: endpointId + client_orderid + email', spec, 'C-C', { ...cb }),
    c('c-c-group-id', 'C-C with an endpoint group id', docs, 'C-C', { endpointGroupId: '2222', client_orderid: '902B4FF5', email: 'john.smith@gmail.com' }),
    c('c-d-capture-partial', 'C-D with amount and currency (partial capture)', spec, 'C-D', { ...lg, orderid: '902541', amount: '5.25', currency: 'EUR' }),
    c('c-d-without-amount', 'C-D without amount and currency: both terms are empty strings', docs, 'C-D', { ...lg, orderid: '902541' }),
    c('c-e-rebill', 'C-E with amount and currency', spec, 'C-E', { ...lg, cardrefid: 'ref-12345', amount: '99.99', currency: 'USD' }),
    c('c-e-without-amount', 'C-E without amount and currency: both terms are empty strings', docs, 'C-E', { ...lg, cardrefid: 'ref-12345' }),
    c('c-s-with-orderid', 'C-S: login + client_orderid + orderid', spec, 'C-S', { ...lg, orderid: '902541' }),
    c('c-s-without-orderid', 'C-S without orderid: the term is an empty string', spec, 'C-S', { ...lg }),
    c('card-info', 'CARD-INFO: login + cardrefid', docs, 'CARD-INFO', { login: 'merchantlogin', cardrefid: 'ref-12345' }),
    c('transfer-by-ref', 'TRANSFER-BY-REF: login + client_orderid + source ref + destination ref + amount + currency', docs, 'TRANSFER-BY-REF', { ...lg, source_cardrefid: 'ref-1', destination_cardrefid: 'ref-2', amount: '12.34', currency: 'EUR' }),
    c('callback', 'CALLBACK: status + orderid + client_orderid', docs, 'CALLBACK', { status: 'approved', orderid: '902541', client_orderid: 'inv-0001' }),
    c('redirect', 'REDIRECT: status + orderid + client_orderid', docs, 'REDIRECT', { status: 'declined', orderid: '902541', client_orderid: 'inv-0001' }),
    c('c-a-unicode-non-bmp', 'a non-BMP character in a term is hashed as its 4 UTF-8 bytes', 'generated', 'C-A', { login: 'märchant', client_orderid: 'order-😀', orderid: '1' }),
    c('amount-without-currency', 'C-D: amount given without currency is refused', docs, 'C-D', { ...lg, orderid: '902541', amount: '5.25' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('currency-without-amount', 'C-E: currency given without amount is refused', docs, 'C-E', { ...lg, cardrefid: 'ref-1', currency: 'EUR' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('missing-email', 'C-B without email: a required term is missing', spec, 'C-B', { endpointId: '1111', client_orderid: '902B4FF5', amount: '10.42' }, { expectError: 'ERR_MISSING_FIELD' }),
    c('missing-login', 'C-A without login', spec, 'C-A', { client_orderid: 'inv-0001', orderid: '1' }, { expectError: 'ERR_MISSING_FIELD' }),
    c('missing-orderid-c-d', 'C-D without orderid (only C-S may leave it out)', spec, 'C-D', { ...lg }, { expectError: 'ERR_MISSING_FIELD' }),
    c('missing-endpoint', 'C-C without endpointId or group id', spec, 'C-C', { client_orderid: '902B4FF5', email: 'a@b.c' }, { expectError: 'ERR_MISSING_FIELD' }),
    bad('amount-negative', '-1', 'a negative amount is refused'),
    bad('amount-empty', '', 'an empty amount is refused'),
    bad('amount-exponent-form', '1e3', 'exponent notation ("1e3") is refused'),
    bad('amount-hex', '0x10', 'hexadecimal is refused'),
    bad('amount-too-many-digits', '10.425', 'more fraction digits than the currency has (not zeros) is refused, never rounded'),
    bad('amount-nan', 'NaN', '"NaN" is refused'),
    bad('amount-beyond-int64', '92233720368547758.08', 'minor units beyond int64 are refused'),
    bad('amount-leading-space', ' 10', 'whitespace is refused (trim before signing)'),
    bad('amount-trailing-dot', '10.', 'a dot without fraction digits is refused'),
    bad('amount-leading-dot', '.5', 'a fraction without whole digits is refused'),
    bad('amount-comma', '10,42', 'a decimal comma is refused'),
    c('amount-exponent-0-fraction', 'exponent 0: "10.5" has a fraction the currency cannot hold', 'generated', 'C-B', { ...cb, amount: '10.5' }, { exponent: 0, expectError: 'ERR_INVALID_AMOUNT' }),
    c('endpoint-negative', 'a negative endpointId is refused', 'service-api.md (int64 path parameter)', 'C-B', { ...cb, endpointId: '-5', amount: '1.00' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-not-digits', 'an endpointId that is not digits is refused', 'service-api.md (int64 path parameter)', 'C-B', { ...cb, endpointId: '12a', amount: '1.00' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-leading-zero', 'an endpointId with a leading zero is refused (the path and the digest must agree)', 'generated', 'C-C', { ...cb, endpointId: '01111' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-beyond-int64', 'an endpointId beyond int64 is refused', 'service-api.md (int64 path parameter)', 'C-C', { ...cb, endpointId: '9223372036854775808' }, { expectError: 'ERR_INVALID_INPUT' }),
    c('endpoint-and-group', 'endpointId and endpointGroupId together are refused', 'generated', 'C-C', { ...cb, endpointGroupId: '2222' }, { expectError: 'ERR_INVALID_INPUT' }),
  ];
  const results = compute(defs, { task: () => 'control', fns: { control: controlNaive }, py: (d) => ({ formula: d.formula, fields: d.fields, controlKey: d.controlKey, ...(d.exponent !== undefined ? { exponent: d.exponent } : {}) }) });
  mustEqual('published C-B concatenation', resultOf(defs, results, 'c-b-published-example').concatenation, '1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20');
  writeTopic(
    'control',
    'SHA-1 control digests: the formula\'s terms concatenated with no separator, the merchant control key last, lowercase hex. `concatenation` is the exact string hashed, control key included (as the documentation prints it). Amounts are converted to minor units from the decimal string (exponent default 2). endpointId and endpointGroupId are given as decimal strings.',
    assemble(defs, results, (ok) => ({ concatenation: ok.concatenation, control: ok.control })),
  );
}

const RFC_URL = 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b';
const RFC_PARAMS = [
  ['c2', ''], ['a3', '2 q'], ['oauth_consumer_key', '9djdj82h48djs9d2'], ['oauth_token', 'kkk9d7dh3k39sjv7'],
  ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '137131201'], ['oauth_nonce', '7d8f3e4a'],
];
const RFC_BASE = 'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7';
const A5_URL = 'http://photos.example.net/photos?file=vacation.jpg&size=original';
const A5_PARAMS = [
  ['oauth_consumer_key', 'dpf43f3p2l4k3l03'], ['oauth_token', 'nnch734d00sl2jdk'], ['oauth_signature_method', 'HMAC-SHA1'],
  ['oauth_timestamp', '1191242096'], ['oauth_nonce', 'kllo9940pd9333jh'], ['oauth_version', '1.0'],
];
const A5_BASE = 'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal';
const PAN_URL = 'https://sandbox.example.com/api/v2/pan-eligibility/send/100';
const PAN_BODY = [['client-order-id', '1234567890'], ['sending-card-ref-id', '7654321']];
const PAN_OAUTH = [['oauth_consumer_key', 'merchantlogin'], ['oauth_nonce', 'y3qlvMPky7g'], ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '1669966913'], ['oauth_version', '1.0']];
const PAN_NORMALIZED = 'client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321';
const OAUTH_MIN = [['oauth_consumer_key', 'ck'], ['oauth_nonce', 'n'], ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '1'], ['oauth_version', '1.0']];
let BASES = {};

function baseStringCases() {
  const b = (id, description, source, method, url, params) => ({ id, description, source, method, url, params });
  const g = 'generated';
  const defs = [
    b('rfc5849-3-4-1', 'the example of RFC 5849 3.4.1: query, body and header parameters (the header\'s realm is not passed)', 'RFC 5849 3.4.1', 'POST', RFC_URL, RFC_PARAMS),
    b('rfc5849-3-4-1-with-signature', 'the same request with oauth_signature among the parameters: it does not take part', 'RFC 5849 3.4.1.3.1', 'POST', RFC_URL, [...RFC_PARAMS, ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw=']]),
    b('realm-in-body-takes-part', 'a BODY parameter named realm is an ordinary parameter: only the Authorization header\'s realm is left out', 'RFC 5849 3.4.1.3.1', 'POST', 'https://example.com/p', [['realm', 'Example'], ...OAUTH_MIN]),
    b('oauth-core-a-5', 'OAuth Core 1.0 Appendix A.5.1: GET with query parameters', 'OAuth Core 1.0 A.5.1', 'GET', A5_URL, A5_PARAMS),
    b('service-pan-eligibility', 'the service\'s published parameter-string example (pan-eligibility send)', 'public-docs-facts.md', 'POST', PAN_URL, [...PAN_BODY, ...PAN_OAUTH]),
    b('duplicate-names', 'duplicate names are all kept and sorted by value', g, 'POST', 'https://example.com/p', [['a', '2'], ['a', '1'], ['a', '10'], ...OAUTH_MIN]),
    b('sort-encoded-c-at', 'sorting uses encoded names: "c%40" sorts before "c2" although "c@" > "c2" raw', 'RFC 5849 3.4.1.3.2', 'POST', 'https://example.com/p', [['c2', 'x'], ['c@', 'y'], ...OAUTH_MIN]),
    b('sort-prefix-names', 'a name that is a prefix of another sorts first ("a" before "a2"), whatever the values', 'RFC 5849 3.4.1.3.2', 'POST', 'https://example.com/p', [['a2', '0'], ['a', 'z'], ['a', '2'], ...OAUTH_MIN]),
    b('sort-non-bmp', 'non-BMP and BMP characters sort by their UTF-8 escapes (U+FF5E vs U+1F600), not UTF-16', 'RFC 5849 3.4.1.3.2', 'POST', 'https://example.com/p', [['\uff5e', '1'], ['😀', '2'], ['é', '3'], ...OAUTH_MIN]),
    b('empty-values', 'empty values keep their = sign', g, 'POST', 'https://example.com/p', [['empty', ''], ['z', ''], ...OAUTH_MIN]),
    b('rfc3986-specials', "! * ' ( ) ~ in names and values: all but ~ are escaped", 'RFC 5849 3.6', 'POST', 'https://example.com/p', [["!*'()~", "!*'()~"], ...OAUTH_MIN]),
    b('spaces-and-plus', 'a space is %20 and a plus sign %2B, escaped once more in the base string', 'RFC 5849 3.6', 'POST', 'https://example.com/p', [['q', 'a b+c'], ['r', '+'], ...OAUTH_MIN]),
    b('query-plus-is-space', 'a + in the URL query is a space (the query is form-decoded)', 'RFC 5849 3.4.1.3.1', 'GET', 'https://example.com/p?q=a+b&r=%2B', OAUTH_MIN),
    b('default-port-http', 'port 80 of http is dropped', 'RFC 5849 3.4.1.2', 'GET', 'http://example.com:80/p', OAUTH_MIN),
    b('default-port-https', 'port 443 of https is dropped', 'RFC 5849 3.4.1.2', 'GET', 'https://example.com:443/p', OAUTH_MIN),
    b('non-default-port', 'port 8443 of https is kept', 'RFC 5849 3.4.1.2', 'GET', 'https://example.com:8443/p', OAUTH_MIN),
    b('cross-default-port', 'port 443 of http is not a default port and is kept', 'RFC 5849 3.4.1.2', 'GET', 'http://example.com:443/p', OAUTH_MIN),
    b('upper-case-scheme-host', 'scheme and host are lower-cased, the path is kept as written', 'RFC 5849 3.4.1.2', 'POST', 'HTTPS://Sandbox.Example.COM/Api/V2/Sale/1', OAUTH_MIN),
    b('empty-path', 'an empty path is "/"', 'RFC 5849 3.4.1.2', 'GET', 'https://example.com', OAUTH_MIN),
    b('fragment-dropped', 'the fragment is dropped', 'RFC 5849 3.4.1.2', 'GET', 'https://example.com/p#frag', OAUTH_MIN),
    b('userinfo-dropped', 'userinfo is dropped', 'RFC 5849 3.4.1.2', 'GET', 'https://user:pass@example.com/p', OAUTH_MIN),
    b('query-and-body', 'query and body parameters are sorted together', 'RFC 5849 3.4.1.3.1', 'POST', 'https://example.com/p?b=1&a=3', [['a', '2'], ['c', '0'], ...OAUTH_MIN]),
    b('method-lower-case', 'the method is upper-cased', 'RFC 5849 3.4.1.1', 'post', 'https://example.com/p', OAUTH_MIN),
    b('encoded-path-kept', 'percent-escapes in the path are kept as written, then escaped once more', 'RFC 5849 3.4.1.2', 'GET', 'https://example.com/a%20b/c', OAUTH_MIN),
    b('unicode-values', 'UTF-8 values: 2, 3 and 4 byte characters', g, 'POST', 'https://example.com/p', [['name', 'Zoë €5 😀'], ...OAUTH_MIN]),
  ];
  const results = compute(defs, { task: () => 'baseString', fns: { baseString: baseStringNaive }, py: (d) => ({ method: d.method, url: d.url, params: d.params }) });
  mustEqual('RFC 5849 3.4.1 base string', resultOf(defs, results, 'rfc5849-3-4-1').baseString, RFC_BASE);
  mustEqual('RFC 5849 3.4.1 base string (signature)', resultOf(defs, results, 'rfc5849-3-4-1-with-signature').baseString, RFC_BASE);
  mustEqual('OAuth Core 1.0 A.5.1 base string', resultOf(defs, results, 'oauth-core-a-5').baseString, A5_BASE);
  mustEqual('published parameter string', resultOf(defs, results, 'service-pan-eligibility').normalizedParameters, PAN_NORMALIZED);
  const at = (id) => resultOf(defs, results, id).baseString;
  BASES = { rfc: at('rfc5849-3-4-1'), a5: at('oauth-core-a-5'), pan: at('service-pan-eligibility'), unicode: at('unicode-values') };
  writeTopic(
    'base-string',
    'OAuth 1.0a signature base strings (RFC 5849 3.4.1): `params` are the decoded body and protocol parameters as ordered pairs; the URL query also takes part. oauth_signature never takes part; the Authorization header\'s realm is not a parameter and is not passed (a body parameter named realm is). normalizedParameters is the sorted, encoded parameter string; baseString is METHOD&pe(base URI)&pe(normalizedParameters).',
    assemble(defs, results, (ok) => ({ normalizedParameters: ok.normalizedParameters, baseString: ok.baseString })),
  );
}

function hmacCases() {
  const h = (id, description, source, baseString, consumerSecret, tokenSecret) => ({ id, description, source, baseString, consumerSecret, tokenSecret });
  const defs = [
    h('oauth-core-a-5', 'OAuth Core 1.0 A.5.2: the published signature tR3+Ty81lMeYAr/Fid0kMTYa/WM=', 'OAuth Core 1.0 A.5.2', BASES.a5, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00'),
    h('rfc5849-3-4-1-erratum', 'RFC 5849 3.4.1 base string with secrets j49sk3j29djd / dh893hdasih9: the RFC prints bYT5CMsGcbgUdFHObYMEfcx6bsw=, a known erratum; this is the independently computed value', 'RFC 5849 3.4.1 (erratum 2550)', BASES.rfc, 'j49sk3j29djd', 'dh893hdasih9'),
    h('service-pan-eligibility', 'the service\'s parameter-string example signed with a control key and an empty token secret', 'public-docs-facts.md', BASES.pan, CB_KEY, ''),
    h('secrets-with-reserved-chars', 'both secrets are percent-encoded before they are joined with &', 'RFC 5849 3.4.2', BASES.pan, 'a&b=c d', 'x/y+z'),
    h('unicode-secret', 'a non-ASCII secret is percent-encoded as UTF-8 in the key', 'RFC 5849 3.4.2', BASES.unicode, 'clé€', ''),
    h('empty-secrets', 'both secrets empty: the key is "&"', 'RFC 5849 3.4.2', BASES.rfc, '', ''),
  ];
  const results = compute(defs, { task: () => 'hmac', fns: { hmac: hmacNaive }, py: (d) => ({ baseString: d.baseString, consumerSecret: d.consumerSecret, tokenSecret: d.tokenSecret }) });
  mustEqual('OAuth Core 1.0 A.5.2 signature', resultOf(defs, results, 'oauth-core-a-5').signature, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  mustEqual('RFC 5849 erratum 2550 signature', resultOf(defs, results, 'rfc5849-3-4-1-erratum').signature, 'r6/TJjbCOr97/+UU0NsvSne7s5g=');
  writeTopic(
    'hmac-sha1',
    'HMAC-SHA1 of RFC 5849 3.4.2: key = pe(consumerSecret) + "&" + pe(tokenSecret); signature = Base64 of the raw HMAC-SHA1 of the UTF-8 base string (not percent-encoded).',
    assemble(defs, results, (ok) => ({ key: ok.key, signature: ok.signature })),
  );
}

function rsaCases() {
  // Every case is a whole RSA-SHA256 OAuth request as signOAuth takes it (no token: the service
  // uses none). Both oracles build the base string (the JS reference and oauthlib, as for
  // base-string.json), then sign it (node:crypto and `openssl dgst -sha256 -sign`, which must also
  // verify it with publicKeyFile). The refused keys sign the pan-eligibility request.
  const pan = { method: 'POST', url: PAN_URL, params: PAN_BODY, consumerKey: 'merchantlogin', nonce: 'y3qlvMPky7g', timestamp: 1669966913 };
  // OAuth Core 1.0 A.5's GET request (query parameters in the URL), without its token
  const a5 = { method: 'GET', url: A5_URL, params: [], consumerKey: 'dpf43f3p2l4k3l03', nonce: 'kllo9940pd9333jh', timestamp: 1191242096 };
  // the request of base-string.json's unicode-values case: 2, 3 and 4 byte UTF-8 in a value
  const unicode = { method: 'POST', url: 'https://example.com/p', params: [['name', 'Zoë €5 😀']], consumerKey: 'ck', nonce: 'n', timestamp: 1 };
  const r = (id, description, req, privateKeyFile, publicKeyFile, expectError) => ({
    id, description, source: expectError ? 'service-api.md Limits; public-docs-facts.md' : 'RFC 5849 3.4.3; RFC 8017 8.2 (RSASSA-PKCS1-v1_5, SHA-256)',
    method: req.method, url: req.url, params: req.params, consumerKey: req.consumerKey, nonce: req.nonce, timestamp: req.timestamp,
    signatureMethod: 'RSA-SHA256', privateKeyFile, publicKeyFile, ...(expectError ? { expectError } : {}),
  });
  const defs = [
    r('rsa-2048-pkcs1-pan', 'the published pan-eligibility request signed with RSA-SHA256, 2048-bit key, PKCS#1 PEM', pan, 'test-only-rsa-2048-pkcs1.pem', 'test-only-rsa-2048-spki.pem'),
    r('rsa-2048-pkcs8-pan', 'the same request with the same 2048-bit key in PKCS#8 PEM gives the same signature', pan, 'test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-pkcs1-public.pem'),
    r('rsa-4096-pkcs1-pan', 'the same request with a 4096-bit key (what the service\'s key generation produces), PKCS#1 PEM', pan, 'test-only-rsa-4096-pkcs1.pem', 'test-only-rsa-4096-pkcs1-public.pem'),
    r('rsa-4096-pkcs8-pan', 'the same request with the same 4096-bit key in PKCS#8 PEM', pan, 'test-only-rsa-4096-pkcs8.pem', 'test-only-rsa-4096-spki.pem'),
    r('rsa-2048-pkcs8-a5', 'OAuth Core 1.0 A.5\'s GET request (query parameters in the URL take part), without its token, 2048-bit key', a5, 'test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-spki.pem'),
    r('rsa-2048-pkcs8-unicode', 'a body value with 2, 3 and 4 byte UTF-8 characters, 2048-bit key', unicode, 'test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-spki.pem'),
    r('rsa-1024-pkcs1-refused', 'a 1024-bit key (PKCS#1) is refused: at least 2048 bits', pan, 'test-only-rsa-1024-pkcs1.pem', 'test-only-rsa-1024-spki.pem', 'ERR_KEY_TOO_SMALL'),
    r('rsa-1024-pkcs8-refused', 'a 1024-bit key (PKCS#8) is refused: at least 2048 bits', pan, 'test-only-rsa-1024-pkcs8.pem', 'test-only-rsa-1024-spki.pem', 'ERR_KEY_TOO_SMALL'),
    r('ec-key-refused', 'an EC P-256 key is not an RSA key', pan, 'test-only-ec-p256-pkcs8.pem', 'test-only-ec-p256-spki.pem', 'ERR_KEY_INVALID'),
    r('encrypted-pkcs1-refused', 'an encrypted PKCS#1 PEM (Proc-Type: 4,ENCRYPTED) is refused', pan, 'test-only-rsa-2048-encrypted-pkcs1.pem', 'test-only-rsa-2048-spki.pem', 'ERR_KEY_INVALID'),
    r('encrypted-pkcs8-refused', 'an ENCRYPTED PRIVATE KEY PEM is refused', pan, 'test-only-rsa-2048-encrypted-pkcs8.pem', 'test-only-rsa-2048-spki.pem', 'ERR_KEY_INVALID'),
  ];
  const results = compute(defs, {
    task: () => 'rsaRequest', fns: { rsaRequest: rsaRequestNaive },
    py: (d) => ({ ...signInput(d), ...(d.expectError ? {} : { publicKeyPath: keyPath(d.publicKeyFile) }) }),
  });
  const at = (id) => resultOf(defs, results, id);
  for (const d of defs) {
    if (d.expectError) continue;
    const base = at(d.id).baseString;
    if (!base.includes('%26oauth_signature_method%3DRSA-SHA256%26')) throw new Error(`${d.id}: the base string does not name RSA-SHA256`);
  }
  // the published parameter string, with the method named RSA-SHA256 instead of HMAC-SHA1
  mustEqual('pan-eligibility request under RSA-SHA256', at('rsa-2048-pkcs1-pan').baseString, BASES.pan.replace('%3DHMAC-SHA1%26', '%3DRSA-SHA256%26'));
  mustEqual('PKCS#1 and PKCS#8 give one signature', at('rsa-2048-pkcs1-pan').signature, at('rsa-2048-pkcs8-pan').signature);
  mustEqual('PKCS#1 and PKCS#8 give one signature (4096)', at('rsa-4096-pkcs1-pan').signature, at('rsa-4096-pkcs8-pan').signature);
  writeTopic(
    'rsa-sha256',
    'OAuth 1.0a RSA-SHA256 of the service: RSASSA-PKCS1-v1_5 with SHA-256 over the UTF-8 signature base string, Base64 output. Inputs are a whole request as signOAuth takes it: method, url (its query takes part), params (decoded body pairs), consumerKey, nonce, timestamp, signatureMethod (always RSA-SHA256), privateKeyFile and the publicKeyFile that verifies the signature (files in vectors/keys/, test-only keys). The signer adds oauth_consumer_key, oauth_nonce, oauth_signature_method, oauth_timestamp and oauth_version=1.0 (no token). Expected: baseString (built as in base-string.json, with oauth_signature_method=RSA-SHA256) and signature; or `error` for a key that must be refused. The signature is deterministic, so the PKCS#1 and PKCS#8 forms of one key give the same value.',
    assemble(defs, results, (ok) => ({ baseString: ok.baseString, signature: ok.signature })),
  );
}

const PAYOUT_URL = 'https://sandbox.example.com/api/v2/payout/1234';
const V4_URL = 'https://sandbox.example.com/api/v4/transfer/1234';
const V4_BODY = [
  ['amount', '10.42'], ['client_orderid', 'inv-0042'], ['credit_card_number', '4111111111111111'], ['currency', 'EUR'],
  ['cvv2', '123'], ['deposit2card', 'true'], ['destination-card-no', '5555555555554444'], ['expire_month', '12'], ['expire_year', '2030'],
  ['card_printed_name', 'JANE DOE'], ['ipaddress', '203.0.113.7'], ['order_desc', "Test order (v4) & more!"], ['redirect_url', 'https://merchant.example.com/return?x=1'],
];

function signInput(d) {
  const o = { method: d.method, url: d.url, params: d.params, consumerKey: d.consumerKey, signatureMethod: d.signatureMethod, nonce: d.nonce, timestamp: d.timestamp };
  if (d.consumerSecret !== undefined) o.consumerSecret = d.consumerSecret;
  if (d.token !== undefined) o.token = d.token;
  if (d.tokenSecret !== undefined) o.tokenSecret = d.tokenSecret;
  if (d.privateKeyFile !== undefined) { o.privateKeyFile = d.privateKeyFile; o.privateKeyPath = keyPath(d.privateKeyFile); }
  if (d.realm !== undefined) o.realm = d.realm;
  return o;
}

function oauthSignCases() {
  const s = (id, description, source, req, expectError) => ({ id, description, source, ...req, ...(expectError ? { expectError } : {}) });
  const hm = { method: 'POST', consumerKey: 'merchantlogin', signatureMethod: 'HMAC-SHA1', consumerSecret: CB_KEY };
  const rs = { method: 'POST', url: V4_URL, params: V4_BODY, consumerKey: 'merchantlogin', signatureMethod: 'RSA-SHA256', nonce: 'v4nonce0001', timestamp: 1700000000 };
  const defs = [
    s('service-pan-eligibility-hmac', 'the published pan-eligibility example, signed with a control key (HMAC-SHA1, no realm)', 'public-docs-facts.md', { ...hm, url: PAN_URL, params: PAN_BODY, nonce: 'y3qlvMPky7g', timestamp: 1669966913 }),
    s('payout-hmac-with-realm', 'v2 payout with a realm: realm goes first in the header and never into the base string', 'service-api.md Mechanism 2; RFC 5849 3.5.1', { ...hm, url: PAYOUT_URL, params: [['client_orderid', 'inv-0001'], ['amount', '10.42'], ['currency', 'EUR']], nonce: 'abc123XYZ', timestamp: 1700000000, realm: 'Payout API' }),
    s('payout-hmac-hard-body', "body with spaces, +, ! * ' ( ), non-BMP text, empty value and a duplicate name", 'generated', { ...hm, url: PAYOUT_URL, params: [['order_desc', "Gift (2x) + card! * 'wow'"], ['note', 'Zoë 😀'], ['empty', ''], ['tag', 'b'], ['tag', 'a']], nonce: 'n-0002', timestamp: '1700000001' }),
    s('payout-hmac-query', 'URL query parameters take part; timestamp given as a string', 'RFC 5849 3.4.1.3.1', { ...hm, url: 'https://sandbox.example.com:443/api/v2/payout/1234?lang=en&x=a+b', params: [['client_orderid', 'inv-0003']], nonce: 'n-0003', timestamp: '1700000002' }),
    s('oauth-core-a-5-with-token', 'OAuth Core 1.0 A.5 through the whole signer (token and token secret): signature tR3+Ty81lMeYAr/Fid0kMTYa/WM=', 'OAuth Core 1.0 A.5', { method: 'GET', url: A5_URL, params: [], consumerKey: 'dpf43f3p2l4k3l03', signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00', nonce: 'kllo9940pd9333jh', timestamp: 1191242096 }),
    s('v4-transfer-rsa-2048-pkcs1', 'v4 transfer with the example\'s fields, RSA-SHA256, 2048-bit PKCS#1 key', 'service-api.md Mechanism 2', { ...rs, privateKeyFile: 'test-only-rsa-2048-pkcs1.pem' }),
    s('v4-transfer-rsa-2048-pkcs8', 'the same request with the PKCS#8 form of the key: same signature', 'service-api.md Mechanism 2', { ...rs, privateKeyFile: 'test-only-rsa-2048-pkcs8.pem' }),
    s('v4-transfer-rsa-4096-pkcs8', 'the same request with a 4096-bit PKCS#8 key and a realm', 'service-api.md Mechanism 2', { ...rs, privateKeyFile: 'test-only-rsa-4096-pkcs8.pem', realm: 'v4' }),
    s('unknown-signature-method', 'PLAINTEXT is not a method the service uses', 'service-api.md Mechanism 2', { ...hm, url: PAYOUT_URL, params: [], nonce: 'n', timestamp: 1700000000, signatureMethod: 'PLAINTEXT' }, 'ERR_UNSUPPORTED'),
    s('rsa-key-too-small', 'RSA-SHA256 with a 1024-bit key is refused', 'service-api.md Limits', { ...rs, privateKeyFile: 'test-only-rsa-1024-pkcs8.pem' }, 'ERR_KEY_TOO_SMALL'),
    s('lone-surrogate-in-body', 'a body value with a lone surrogate has no UTF-8 form', 'RFC 5849 3.6', { ...hm, url: PAYOUT_URL, params: [['x', 'a\ud800']], nonce: 'n', timestamp: 1700000000 }, 'ERR_ENCODING'),
  ];
  const positives = defs.filter((d) => !d.expectError);
  const results = compute(positives, {
    task: () => 'oauthSign', fns: { oauthSign: oauthSignNaive }, py: signInput,
  });
  // negatives: the naive reference must refuse them with the code the case names
  for (const d of defs.filter((x) => x.expectError)) {
    const r = attempt(oauthSignNaive, d);
    if (r.error !== d.expectError) throw new Error(`${d.id}: reference gives ${JSON.stringify(r)}`);
  }
  mustEqual('A.5 signature through the signer', resultOf(positives, results, 'oauth-core-a-5-with-token').signature, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  mustEqual('PKCS#1 vs PKCS#8 in the signer', resultOf(positives, results, 'v4-transfer-rsa-2048-pkcs1').signature, resultOf(positives, results, 'v4-transfer-rsa-2048-pkcs8').signature);
  mustEqual('published parameter string in the signer', resultOf(positives, results, 'service-pan-eligibility-hmac').baseString.split('&')[2], pe(PAN_NORMALIZED));
  let k = 0;
  const all = defs.map((d) => (d.expectError ? { error: d.expectError } : results[k++]));
  writeTopic(
    'oauth-sign',
    'Whole-request OAuth 1.0a signing (signOAuth of paysig): fixed nonce and timestamp; oauth_version is always "1.0". `authorizationParams` holds the Authorization header\'s parameters decoded (realm first when given); `authorization` is one exact rendering, the one paysig writes: realm first when given, then oauth_consumer_key, oauth_nonce, oauth_signature_method, oauth_timestamp, oauth_token (when given), oauth_version, oauth_signature; every value percent-encoded; joined by ", ". RFC 5849 leaves the order free: compare parsed headers unless you write the same order. `oauthParams` is every oauth_* parameter sent, decoded, with the signature.',
    assemble(defs, all, (ok, d) => {
      const authorizationParams = {};
      if (d.realm !== undefined) authorizationParams.realm = d.realm;
      Object.assign(authorizationParams, ok.oauthParams);
      return { baseString: ok.baseString, signature: ok.signature, oauthParams: ok.oauthParams, authorizationParams, authorization: headerOf(d.realm, ok.oauthParams) };
    }),
  );
}

function verifyCases() {
  const NOW = 1700000000;
  const credentials = { merchantlogin: { consumerSecret: CB_KEY }, rsamerchant: { publicKeyFile: 'test-only-rsa-2048-spki.pem' } };
  const base = { method: 'POST', url: PAYOUT_URL, params: [['client_orderid', 'inv-0001'], ['amount', '10.42'], ['currency', 'EUR']], consumerKey: 'merchantlogin', signatureMethod: 'HMAC-SHA1', consumerSecret: CB_KEY, timestamp: NOW };
  const rsa = { ...base, url: 'https://sandbox.example.com/api/v4/payout-check/1234', consumerKey: 'rsamerchant', signatureMethod: 'RSA-SHA256', consumerSecret: undefined, privateKeyFile: 'test-only-rsa-2048-pkcs8.pem' };
  delete rsa.consumerSecret;
  // Each spec: the request to sign, then a mutation of the signed request (header pairs, body).
  const specs = [
    ['valid-hmac', 'baseline: a valid HMAC-SHA1 request is accepted', base, null, null],
    ['valid-rsa', 'baseline: a valid RSA-SHA256 request is accepted', rsa, null, null],
    ['valid-body-repeats-oauth', 'the five oauth_* parameters repeated in the body with the same values are accepted and counted once', base, null, (r) => { r.params.push(...r.oauth.filter(([n]) => n !== 'oauth_signature')); }],
    ['valid-with-realm', 'a realm in the header is accepted and takes no part in the signature', base, null, (r) => { r.authorization = r.authorization.replace('OAuth ', 'OAuth realm="Payouts", '); }],
    ['valid-scheme-lower-case', 'the auth-scheme is case-insensitive: "oauth" is accepted', base, null, (r) => { r.authorization = r.authorization.replace('OAuth ', 'oauth '); }],
    ['valid-timestamp-window-edge-past', 'a timestamp exactly maxSkewSeconds old is accepted (at most 300 s)', { ...base, timestamp: NOW - 300 }, null, null],
    ['valid-timestamp-window-edge-future', 'a timestamp exactly maxSkewSeconds ahead is accepted', { ...base, timestamp: NOW + 300 }, null, null],
    ['header-wrong-scheme', 'not an OAuth header', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization = 'Basic bWVyY2hhbnQ6c2VjcmV0'; }],
    ['header-unquoted-value', 'a value without double quotes', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization = r.authorization.replace(/oauth_version="1.0"/, 'oauth_version=1.0'); }],
    ['header-trailing-garbage', 'text after the last pair', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization += ', garbage'; }],
    ['header-unterminated-quote', 'a quoted value that never ends', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization = r.authorization.slice(0, -1); }],
    ['header-duplicate-nonce', 'oauth_nonce twice in the header (even with the same value)', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.oauth.push(r.oauth.find(([n]) => n === 'oauth_nonce')); }],
    ['header-duplicate-signature', 'oauth_signature twice in the header', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.oauth.push(r.oauth.find(([n]) => n === 'oauth_signature')); }],
    ['header-unknown-parameter', 'a header parameter that is neither realm nor oauth_*', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.oauth.push(['foo', 'bar']); }],
    ...['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'].map((p) => [
      `missing-${p.replace(/_/g, '-')}`, `${p} is missing from the header`, base, 'ERR_OAUTH_PARAMETER', (r) => { r.oauth = r.oauth.filter(([n]) => n !== p); },
    ]),
    ['empty-nonce', 'an empty oauth_nonce', base, 'ERR_OAUTH_PARAMETER', (r) => { setOauth(r, 'oauth_nonce', ''); }],
    ['signature-not-base64', 'an oauth_signature that is not padded Base64', base, 'ERR_OAUTH_PARAMETER', (r) => { setOauth(r, 'oauth_signature', 'not*base64'); }],
    ['version-2-0', 'oauth_version other than 1.0', { ...base, version: '2.0' }, 'ERR_OAUTH_PARAMETER', null],
    ['timestamp-not-digits', 'oauth_timestamp that is not a decimal integer', base, 'ERR_OAUTH_PARAMETER', (r) => { setOauth(r, 'oauth_timestamp', '17e8'); }],
    ['unsupported-plaintext', 'PLAINTEXT is not supported', { ...base, signatureMethod: 'PLAINTEXT' }, 'ERR_UNSUPPORTED', null],
    ['unsupported-hmac-sha256', 'HMAC-SHA256 is not supported', { ...base, signatureMethod: 'HMAC-SHA256' }, 'ERR_UNSUPPORTED', null],
    ['timestamp-stale', 'a correctly signed request 301 s older than now (window 300 s)', { ...base, timestamp: NOW - 301 }, 'ERR_OAUTH_TIMESTAMP', null],
    ['timestamp-future', 'a correctly signed request 301 s ahead of now', { ...base, timestamp: NOW + 301 }, 'ERR_OAUTH_TIMESTAMP', null],
    ['wrong-signature', 'one character of the signature changed', base, 'ERR_SIGNATURE_INVALID', (r) => { const s = getOauth(r, 'oauth_signature'); setOauth(r, 'oauth_signature', (s[0] === 'A' ? 'B' : 'A') + s.slice(1)); }],
    ['other-secret', 'signed with another control key', { ...base, consumerSecret: 'not-the-key' }, 'ERR_SIGNATURE_INVALID', null],
    ['tampered-body', 'a body value changed after signing', base, 'ERR_SIGNATURE_INVALID', (r) => { r.params[1] = ['amount', '1042.00']; }],
    ['tampered-url', 'the endpoint id in the path changed after signing', base, 'ERR_SIGNATURE_INVALID', (r) => { r.url = r.url.replace('/1234', '/1235'); }],
    ['rsa-wrong-signature', 'an RSA-SHA256 signature of another request', rsa, 'ERR_SIGNATURE_INVALID', (r) => { r.params[1] = ['amount', '99.99']; }],
    ['body-oauth-differs', 'the body repeats oauth_nonce with another value', base, 'ERR_OAUTH_PARAMETER', (r) => { r.params.push(['oauth_nonce', 'other']); }],
    ['body-oauth-signature', 'oauth_signature in the body', base, 'ERR_OAUTH_PARAMETER', (r) => { r.params.push(['oauth_signature', getOauth(r, 'oauth_signature')]); }],
    ['unknown-consumer', 'a consumer key the verifier does not know', { ...base, consumerKey: 'stranger' }, 'ERR_OAUTH_UNKNOWN_CONSUMER', null],
    ['hmac-for-rsa-only-consumer', 'HMAC-SHA1 from a consumer that has only a public key', { ...base, consumerKey: 'rsamerchant' }, 'ERR_OAUTH_METHOD_NOT_ALLOWED', null],
    ['rsa-for-hmac-only-consumer', 'RSA-SHA256 from a consumer that has only a control key', { ...rsa, consumerKey: 'merchantlogin' }, 'ERR_OAUTH_METHOD_NOT_ALLOWED', null],
  ];
  // Signatures for every spec, by both oracles. PLAINTEXT / HMAC-SHA256 / version 2.0 are signed
  // as HMAC-SHA1 over the parameters they carry (the verifier must refuse them before that matters).
  const toSign = specs.map(([id, , req]) => ({ ...req, nonce: `nonce-${id}`, signatureMethod: req.signatureMethod === 'RSA-SHA256' ? 'RSA-SHA256' : 'HMAC-SHA1', params: req.params.map((p) => [...p]) }));
  const results = compute(toSign, { task: () => 'oauthSign', fns: { oauthSign: oauthSignNaive }, py: signInput });
  const cases = specs.map(([id, description, req, error, mutate], i) => {
    const signed = results[i].ok;
    const oauth = [
      ['oauth_consumer_key', req.consumerKey], ['oauth_nonce', `nonce-${id}`], ['oauth_signature', signed.signature],
      ['oauth_signature_method', req.signatureMethod], ['oauth_timestamp', String(req.timestamp)], ['oauth_version', req.version ?? '1.0'],
    ];
    if (req.version !== undefined) {
      // sign again with the version actually sent, so only the version is wrong
      const again = baseStringNaive({ method: req.method, url: req.url, params: [...req.params, ...oauth.filter(([n]) => n !== 'oauth_signature')] });
      oauth[2][1] = hmacNaive({ baseString: again.baseString, consumerSecret: req.consumerSecret, tokenSecret: '' }).signature;
    }
    const r = { url: req.url, params: req.params.map((p) => [...p]), oauth, authorization: undefined };
    r.authorization = renderHeader(r.oauth);
    if (mutate) {
      const before = r.authorization;
      const oauthBefore = JSON.stringify(r.oauth);
      mutate(r);
      if (r.authorization === before && JSON.stringify(r.oauth) !== oauthBefore) r.authorization = renderHeader(r.oauth);
    }
    const c = { id, description, source: error ? 'RFC 5849 3.2; service-api.md Mechanism 2' : 'RFC 5849 3.2', request: { method: req.method, url: r.url, params: r.params, authorization: r.authorization }, credentials, now: NOW, maxSkewSeconds: 300 };
    if (error) c.error = error;
    else c.result = { consumerKey: req.consumerKey, signatureMethod: req.signatureMethod, timestamp: req.timestamp, nonce: `nonce-${id}` };
    return c;
  });
  writeTopic(
    'oauth-verify-negative',
    'Requests verifyOAuth must refuse, each with the error code, plus valid baselines (with `result`). Every refused request has exactly one fault: its other parts, including the signature where it can be computed, are valid. credentials maps consumer keys to a control key (HMAC-SHA1) or a public key file (RSA-SHA256); `now` is the verifier\'s clock in seconds; use a fresh nonce store per case.',
    cases,
  );
}

function getOauth(r, name) {
  return r.oauth.find(([n]) => n === name)[1];
}
function setOauth(r, name, value) {
  r.oauth.find(([n]) => n === name)[1] = value;
}
function renderHeader(pairs) {
  return 'OAuth ' + pairs.map(([n, v]) => `${n}="${pe(v)}"`).join(', ');
}

// ---------------------------------------------------------------------------------------------
// operations.json: whole requests of every catalog operation (signRequest of paysig)
// ---------------------------------------------------------------------------------------------

// The catalog written again from the specification's Endpoints table (service-api.md) and the
// public documentation, NOT read from paysig: path after /api/, integrity scheme (null: none
// published, the caller names one), spelling of the merchant order-id field, field rules.
const AMOUNT_RULES = [{ kind: 'together', fields: ['amount', 'currency'] }, { kind: 'decimal', field: 'amount' }];
const TDS_RULES = [{ kind: 'spelling', field: 'client_orderid', use: 'client-order-id' }, ...AMOUNT_RULES];
const op = (path, auth, orderIdField = 'client_orderid', rules = AMOUNT_RULES) => ({ path, auth, orderIdField, rules });
const OP_TABLE = {
  'upload-cres-result': op('3ds/v1/upload-cres-result', 'C-A', 'client-order-id', TDS_RULES),
  'upload-method-url-result': op('3ds/v1/upload-method-url-result', 'C-A', 'client-order-id', [...TDS_RULES, { kind: 'oneOf', field: 'threeDSCompInd', values: ['Y', 'N', 'U'] }]),
  'upload-pares-result': op('3ds/v1/upload-pares-result', 'C-A', 'client-order-id', TDS_RULES),
  'account-verification-form': op('v2/account-verification-form', 'C-C'),
  'account-verification': op('v2/account-verification', 'C-C'),
  capture: op('v2/capture', 'C-D'),
  'create-card-ref': op('v2/create-card-ref', 'C-A'),
  'get-card-info': op('v2/get-card-info', 'CARD-INFO'),
  'make-rebill': op('v2/make-rebill', 'C-E'),
  'payment-form': op('v2/payment-form', null),
  'payout-form': op('v2/payout-form', null),
  payout: op('v2/payout', 'HMAC-SHA1'),
  'preauth-form': op('v2/preauth-form', 'C-B'),
  preauth: op('v2/preauth', 'C-B'),
  return: op('v2/return', 'C-D'),
  'sale-form': op('v2/sale-form', 'C-B'),
  sale: op('v2/sale', 'C-B'),
  status: op('v2/status', 'C-S'),
  void: op('v2/void', 'C-A', 'client_orderid', [
    { kind: 'forbidden', field: 'amount' }, { kind: 'forbidden', field: 'currency' },
  ]),
  'create-card-ref-v4': op('v4/create-card-ref', 'RSA-SHA256'),
  'create-recurring-payment': op('v4/create-recurring-payment', 'RSA-SHA256'),
  'payout-check': op('v4/payout-check', 'RSA-SHA256'),
  'payout-pay': op('v4/payout-pay', 'RSA-SHA256'),
  'pan-eligibility-send': op('v2/pan-eligibility/send', 'HMAC-SHA1', 'client-order-id'),
  'transfer-v4': op('v4/transfer', 'RSA-SHA256'),
  'transfer-by-ref-v4': op('v4/transfer-by-ref', 'RSA-SHA256'),
  'payout-v4': op('v4/payout', 'RSA-SHA256'),
};
const OAUTH_METHODS = ['HMAC-SHA1', 'RSA-SHA256'];
const ACCEPT = 'application/vnd.pay+json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The service trims every value: characters up to U+0020 at both ends (Java's String.trim). */
function serviceTrimNaive(s) {
  return s.replace(/^[\u0000-\u0020]+/, '').replace(/[\u0000-\u0020]+$/, '');
}

function endpointPathId(v) {
  if (typeof v !== 'string' || !/^(0|[1-9][0-9]*)$/.test(v) || BigInt(v) > INT64_MAX) throw new Refused('ERR_INVALID_INPUT');
  return v;
}

/** A whole request, the naive way: URL, checked fields, body, control or OAuth. */
function operationNaive(c) {
  const row = Object.hasOwn(OP_TABLE, c.operation) ? OP_TABLE[c.operation] : undefined;
  if (!row) throw new Refused('ERR_UNKNOWN_OPERATION');
  const scheme = c.scheme ?? row.auth;
  if (scheme === null) throw new Refused('ERR_UNSUPPORTED');
  if (!OAUTH_METHODS.includes(scheme) && !Object.hasOwn(FORMULA_TERMS, scheme)) throw new Refused('ERR_INVALID_INPUT');
  if ((c.endpointId === undefined) === (c.endpointGroupId === undefined)) throw new Refused('ERR_INVALID_INPUT');
  const group = c.endpointGroupId !== undefined;
  const id = endpointPathId(group ? c.endpointGroupId : c.endpointId);
  const m = /^(https?):\/\/([a-z0-9.-]+(?::[0-9]+)?)(\/[^?#]*)?$/.exec(c.baseUrl);
  if (!m) throw new Refused('ERR_INVALID_INPUT');
  const prefix = (m[3] ?? '').replace(/\/+$/, '');
  const url = `${m[1]}://${m[2]}${prefix}/api/${row.path}/${group ? 'group/' : ''}${id}`;

  const pairs = c.params.map(([n, v]) => [n, serviceTrimNaive(v)]);
  if (pairs.some(([n]) => n === 'control' || n.startsWith('oauth_'))) throw new Refused('ERR_INVALID_INPUT');
  const isControl = !OAUTH_METHODS.includes(scheme);
  const termName = (t) => (t === 'client_orderid' ? row.orderIdField : t);
  // the fields rules and formulas read: each at most once; '' counts as absent
  const read = new Set(['control', 'login', 'amount', 'currency']);
  for (const r of row.rules) for (const f of r.fields ?? [r.field, r.use]) if (f) read.add(f);
  if (isControl) for (const [t] of FORMULA_TERMS[scheme]) read.add(termName(t));
  const values = new Map();
  const seen = new Set();
  for (const [n, v] of pairs) {
    if (!read.has(n)) continue;
    if (seen.has(n)) throw new Refused('ERR_INVALID_INPUT');
    seen.add(n);
    if (v !== '') values.set(n, v);
  }
  const exponent = c.exponent ?? 2;
  for (const r of row.rules) {
    if (r.kind === 'spelling' && seen.has(r.field)) throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'forbidden' && values.has(r.field)) throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'oneOf' && values.has(r.field) && !r.values.includes(values.get(r.field))) throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'together' && r.fields.some((f) => values.has(f)) && !r.fields.every((f) => values.has(f))) throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'decimal' && values.has(r.field)) minorUnits(values.get(r.field), exponent);
  }
  if (isControl) {
    for (const [t, presence] of FORMULA_TERMS[scheme]) {
      if (presence === R && t !== 'login' && t !== 'endpointId' && !values.has(termName(t))) throw new Refused('ERR_MISSING_FIELD');
    }
  }
  const login = c.credentials.login;
  if (values.has('login') && values.get('login') !== login) throw new Refused('ERR_INVALID_INPUT');
  const headers = { Accept: ACCEPT, 'Content-Type': FORM_TYPE };
  const out = { method: 'POST', url, headers, signedWith: scheme };
  if (isControl) {
    if (c.credentials.controlKey === undefined) throw new Refused('ERR_MISSING_FIELD');
    const hasLogin = FORMULA_TERMS[scheme].some(([t]) => t === 'login');
    let body = pairs;
    if (hasLogin && !values.has('login')) body = [['login', login], ...pairs.filter(([n]) => n !== 'login')];
    const fields = {};
    for (const [t] of FORMULA_TERMS[scheme]) {
      if (t === 'login') { if (hasLogin) fields.login = login; }
      else if (t === 'endpointId') fields[group ? 'endpointGroupId' : 'endpointId'] = id;
      else if (values.has(termName(t))) fields[t] = values.get(termName(t));
    }
    const d = controlNaive({ formula: scheme, fields, controlKey: c.credentials.controlKey, exponent });
    out.body = formFormat([...body, ['control', d.control]]);
    out.concatenation = d.concatenation;
    out.control = d.control;
    return out;
  }
  const signed = oauthSignNaive({
    method: 'POST', url, params: pairs, consumerKey: login, signatureMethod: scheme, nonce: c.nonce, timestamp: c.timestamp,
    ...(scheme === 'HMAC-SHA1' ? { consumerSecret: c.credentials.controlKey } : { privateKeyFile: c.credentials.privateKeyFile }),
  });
  headers.Authorization = headerOf(c.realm, signed.oauthParams);
  const repeat = c.repeatOAuthInBody === false ? [] : oauthPairs({ consumerKey: login, nonce: c.nonce, signatureMethod: scheme, timestamp: c.timestamp });
  out.body = formFormat([...pairs, ...repeat]);
  out.baseString = signed.baseString;
  out.signature = signed.signature;
  return out;
}

function operationsCases() {
  const BASE = 'https://sandbox.example.com/paynet';
  const ctl = { login: 'merchantlogin', controlKey: CB_KEY };
  const hm = { login: 'merchantlogin', controlKey: CB_KEY };
  const rsa1 = { login: 'merchantlogin', privateKeyFile: 'test-only-rsa-2048-pkcs1.pem', publicKeyFile: 'test-only-rsa-2048-spki.pem' };
  const rsa8 = { login: 'merchantlogin', privateKeyFile: 'test-only-rsa-2048-pkcs8.pem', publicKeyFile: 'test-only-rsa-2048-spki.pem' };
  const T = 1700000000;
  const spec = 'service-api.md Endpoints';
  const docs = 'public-docs-facts.md';
  // o(id, description, source, operation, inputs): inputs = endpoint, params, credentials, and the rest
  const o = (id, description, source, operation, inputs, expectError) => ({
    id, description, source, operation, baseUrl: BASE, ...inputs, ...(expectError ? { expectError } : {}),
  });
  const e = { endpointId: '1111' };
  const sale = [['client_orderid', '902B4FF5'], ['order_desc', 'Test order'], ['amount', '10.42'], ['currency', 'EUR'], ['email', 'john.smith@gmail.com'], ['ipaddress', '203.0.113.7'], ['server_callback_url', 'https://merchant.example.com/callback?x=1&y=2']];
  const oauth = (n, more = {}) => ({ nonce: `ops-nonce-${n}`, timestamp: T + n, ...more });
  const defs = [
    // --- every catalog row, in the catalog's order ---
    o('upload-cres-result', '3DS CRes upload: C-A with client-order-id (hyphens), login added to the body', spec, 'upload-cres-result', { ...e, params: [['client-order-id', 'tds-77'], ['orderid', '1000001'], ['cres', 'eyJhY3NUcmFuc0lEIjoiMSJ9']], credentials: ctl }),
    o('upload-method-url-result', '3DS Method result with threeDSCompInd Y: C-A with client-order-id', spec, 'upload-method-url-result', { ...e, params: [['client-order-id', 'tds-78'], ['orderid', '1000002'], ['threeDSCompInd', 'Y']], credentials: ctl }),
    o('upload-pares-result', '3DS 1.0.2 PaRes upload: C-A with client-order-id', spec, 'upload-pares-result', { ...e, params: [['client-order-id', 'tds-79'], ['orderid', '1000003'], ['PaRes', 'eJzLSM3JyVcozy/KSQEAGgQEXQ==']], credentials: ctl }),
    o('account-verification-form', 'account verification form: C-C (endpointId + client_orderid + email), no login in the body', spec, 'account-verification-form', { ...e, params: [['client_orderid', 'av-1'], ['email', 'john.smith@gmail.com'], ['redirect_url', 'https://merchant.example.com/return']], credentials: ctl }),
    o('account-verification', 'account verification: C-C', spec, 'account-verification', { ...e, params: [['client_orderid', 'av-2'], ['email', 'john.smith@gmail.com'], ['server_callback_url', 'https://merchant.example.com/callback']], credentials: ctl }),
    o('capture', 'partial capture: C-D with amount in minor units and currency', spec, 'capture', { ...e, params: [['client_orderid', 'inv-0001'], ['orderid', '902541'], ['amount', '5.25'], ['currency', 'EUR']], credentials: ctl }),
    o('create-card-ref', 'card reference v2: C-A (login + client_orderid + orderid)', spec, 'create-card-ref', { ...e, params: [['client_orderid', 'inv-0001'], ['orderid', '902541']], credentials: ctl }),
    o('get-card-info', 'card info: CARD-INFO (login + cardrefid) from the public documentation', docs, 'get-card-info', { ...e, params: [['cardrefid', 'ref-12345']], credentials: ctl }),
    o('make-rebill', 'rebill: C-E (login + client_orderid + cardrefid + amount + currency)', spec, 'make-rebill', { ...e, params: [['client_orderid', 'rb-1'], ['cardrefid', 'ref-12345'], ['amount', '99.99'], ['currency', 'USD'], ['order_desc', 'Monthly plan']], credentials: ctl }),
    o('payment-form-scheme-c-b', 'payment form has no published scheme: signed with the explicit scheme C-B', 'service-api.md Endpoints (no formula given)', 'payment-form', { ...e, scheme: 'C-B', params: [['client_orderid', 'pf-1'], ['amount', '15.00'], ['currency', 'EUR'], ['email', 'john.smith@gmail.com']], credentials: ctl }),
    o('payout-form-scheme-hmac', 'payout form has no published scheme: signed with the explicit scheme HMAC-SHA1', 'service-api.md Endpoints (no formula given)', 'payout-form', { ...e, scheme: 'HMAC-SHA1', params: [['client_orderid', 'pof-1'], ['amount', '20.00'], ['currency', 'EUR']], credentials: hm, ...oauth(1) }),
    o('payout', 'payout: OAuth HMAC-SHA1 with the control key; the five oauth_* repeated in the body count once', spec, 'payout', { ...e, params: [['client_orderid', 'po-1'], ['amount', '10.42'], ['currency', 'EUR'], ['destination', 'card ref 77 + more']], credentials: hm, ...oauth(2) }),
    o('preauth-form', 'preauth form: C-B', spec, 'preauth-form', { ...e, params: [['client_orderid', 'paf-1'], ['amount', '0.29'], ['currency', 'EUR'], ['email', 'john.smith@gmail.com']], credentials: ctl }),
    o('preauth', 'preauth: C-B (0.94 is 94 minor units)', spec, 'preauth', { ...e, params: [['client_orderid', 'pa-1'], ['amount', '0.94'], ['currency', 'EUR'], ['email', 'john.smith@gmail.com']], credentials: ctl }),
    o('return', 'return without amount: C-D with empty amount and currency terms', spec, 'return', { ...e, params: [['client_orderid', 'inv-0001'], ['orderid', '902541']], credentials: ctl }),
    o('sale-form', 'sale form: C-B', spec, 'sale-form', { ...e, params: [['client_orderid', 'sf-1'], ['amount', '19.99'], ['currency', 'EUR'], ['email', 'john.smith@gmail.com'], ['redirect_url', 'https://merchant.example.com/return']], credentials: ctl }),
    o('sale-published-example', 'sale with the published worked example: control over 1111 + 902B4FF5 + 1042 + email + key', docs, 'sale', { ...e, params: sale, credentials: ctl }),
    o('status', 'status by orderid: C-S', spec, 'status', { ...e, params: [['client_orderid', 'inv-0001'], ['orderid', '902541']], credentials: ctl }),
    o('void', 'void: C-A, no amount', spec, 'void', { ...e, params: [['client_orderid', 'inv-0001'], ['orderid', '902541'], ['comment', 'customer cancelled']], credentials: ctl }),
    o('create-card-ref-v4', 'card reference v4: OAuth RSA-SHA256 with a PKCS#1 key', spec, 'create-card-ref-v4', { ...e, params: [['client_orderid', 'cr4-1'], ['credit_card_number', '4111111111111111'], ['expire_month', '12'], ['expire_year', '2030'], ['card_printed_name', 'JANE DOE']], credentials: rsa1, ...oauth(3) }),
    o('create-recurring-payment', 'recurring payment: OAuth RSA-SHA256 with a PKCS#8 key', spec, 'create-recurring-payment', { ...e, params: [['period', 'month'], ['interval', '1'], ['amount', '9.99'], ['currency', 'EUR'], ['cardrefid', 'ref-12345']], credentials: rsa8, ...oauth(4) }),
    o('payout-check', 'two-step payout, first step: OAuth RSA-SHA256', spec, 'payout-check', { ...e, params: [['client_orderid', 'pc-1'], ['amount', '100.00'], ['currency', 'EUR'], ['destination-card-no', '5555555555554444']], credentials: rsa8, ...oauth(5) }),
    o('payout-pay', 'two-step payout, second step: RSA-SHA256 (paysig\'s assumption: the table shows no scheme)', 'service-api.md Endpoints; assumption', 'payout-pay', { ...e, params: [['client_orderid', 'pc-1'], ['orderid', '902542']], credentials: rsa8, ...oauth(6) }),
    o('pan-eligibility-send', 'the published HMAC-SHA1 example (pan-eligibility send): its parameter string is reproduced under a prefixed base URL', docs, 'pan-eligibility-send', { endpointId: '100', params: PAN_BODY, credentials: hm, nonce: 'y3qlvMPky7g', timestamp: 1669966913 }),
    o('transfer-v4', 'the v4 transfer signing example\'s fields: OAuth RSA-SHA256', spec, 'transfer-v4', { ...e, params: V4_BODY, credentials: rsa1, ...oauth(7) }),
    o('transfer-by-ref-v4', 'v4 transfer by reference: OAuth RSA-SHA256, the login only as oauth_consumer_key', spec, 'transfer-by-ref-v4', { ...e, params: [['client_orderid', 'tr-1'], ['source_cardrefid', 'ref-1'], ['destination_cardrefid', 'ref-2'], ['amount', '12.34'], ['currency', 'EUR']], credentials: rsa8, ...oauth(8) }),
    o('payout-v4', 'v4 payout: OAuth RSA-SHA256', spec, 'payout-v4', { ...e, params: [['client_orderid', 'p4-1'], ['amount', '50.00'], ['currency', 'EUR']], credentials: rsa8, ...oauth(9) }),
    // --- variants ---
    o('sale-group-id', 'sale addressed by endpoint group: /group/{id} path, the group id in the C-B digest', docs, 'sale', { endpointGroupId: '2222', params: sale, credentials: ctl }),
    o('account-verification-group-id', 'account verification by endpoint group: C-C with the group id', docs, 'account-verification', { endpointGroupId: '2222', params: [['client_orderid', 'av-3'], ['email', 'john.smith@gmail.com']], credentials: ctl }),
    o('payout-group-id', 'payout by endpoint group: the /group/ URL is what OAuth signs', spec, 'payout', { endpointGroupId: '2222', params: [['client_orderid', 'po-2'], ['amount', '1.00'], ['currency', 'EUR']], credentials: hm, ...oauth(10) }),
    o('sale-values-trimmed', 'values are trimmed of characters up to U+0020 (space, tab, newline) before signing and sending; U+00A0 is kept', 'generated (the service trims every parameter)', 'sale', { ...e, params: [['client_orderid', '\t 902B4FF5\t'], ['amount', ' 10.42\n'], ['currency', 'EUR '], ['email', 'john.smith@gmail.com'], ['order_desc', '\u00a0gift\u00a0 ']], credentials: ctl }),
    o('sale-reserved-characters', "body values with spaces, +, &, =, ! * ' ( ) and UTF-8 are percent-encoded (never +)", 'RFC 5849 3.6', 'sale', { ...e, params: [['client_orderid', 'a+b c'], ['amount', '1.00'], ['currency', 'EUR'], ['email', 'zoë@exämple.com'], ['order_desc', "Gift (2x) & card! * 'wow' = 😀"]], credentials: ctl }),
    o('sale-exponent-0', 'a currency without minor units (exponent 0): "500" JPY is 500 in the digest', 'generated', 'sale', { ...e, exponent: 0, params: [['client_orderid', 'jp-1'], ['amount', '500'], ['currency', 'JPY'], ['email', 'john.smith@gmail.com']], credentials: ctl }),
    o('capture-full', 'full capture: C-D without amount and currency', spec, 'capture', { ...e, params: [['client_orderid', 'inv-0001'], ['orderid', '902541']], credentials: ctl }),
    o('status-without-orderid', 'status by client_orderid only: the orderid term is an empty string', spec, 'status', { ...e, params: [['client_orderid', 'inv-0001']], credentials: ctl }),
    o('status-empty-orderid', 'an empty orderid is sent as "orderid=" and counts as absent in the digest', 'generated', 'status', { ...e, params: [['client_orderid', 'inv-0001'], ['orderid', '']], credentials: ctl }),
    o('void-login-in-params', 'a login given in params equal to credentials.login stays where it is (not added twice)', 'generated', 'void', { ...e, params: [['client_orderid', 'inv-0001'], ['login', 'merchantlogin'], ['orderid', '902541']], credentials: ctl }),
    o('payout-with-realm', 'payout with a realm: first in the header, never in the base string', 'RFC 5849 3.5.1', 'payout', { ...e, realm: 'Payout API', params: [['client_orderid', 'po-3'], ['amount', '10.42'], ['currency', 'EUR']], credentials: hm, ...oauth(11) }),
    o('payout-no-body-repeat', 'payout with repeatOAuthInBody false: the body holds only the request fields (the oauth_* parameters are in the header alone)', 'RFC 5849 3.5.1', 'payout', { ...e, repeatOAuthInBody: false, params: [['client_orderid', 'po-4'], ['amount', '10.42'], ['currency', 'EUR']], credentials: hm, ...oauth(12) }),
    o('payout-base-url-port-trailing-slash', 'a base URL with a non-default port and a trailing slash: the port is signed, the slash dropped', 'RFC 5849 3.4.1.2', 'payout', { ...e, baseUrl: 'https://sandbox.example.com:8443/paynet/', params: [['client_orderid', 'po-5'], ['amount', '1.00'], ['currency', 'EUR']], credentials: hm, ...oauth(13) }),
    // --- refused ---
    o('amount-without-currency', 'sale with amount but no currency: amount and currency go together', spec, 'sale', { ...e, params: [['client_orderid', 'x'], ['amount', '10.42'], ['email', 'a@b.c']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('currency-without-amount-capture', 'capture with currency but no amount', spec, 'capture', { ...e, params: [['client_orderid', 'x'], ['orderid', '1'], ['currency', 'EUR']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('amount-on-void', 'void with an amount: no partial void', spec, 'void', { ...e, params: [['client_orderid', 'x'], ['orderid', '1'], ['amount', '1.00'], ['currency', 'EUR']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('three-ds-comp-ind-x', 'threeDSCompInd must be Y, N or U', spec, 'upload-method-url-result', { ...e, params: [['client-order-id', 'tds-1'], ['orderid', '1'], ['threeDSCompInd', 'X']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('tds-client-orderid-underscore', 'a 3DS upload spells client-order-id with hyphens: client_orderid is refused', spec, 'upload-cres-result', { ...e, params: [['client_orderid', 'tds-1'], ['orderid', '1']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('missing-email', 'sale without email: a required term of C-B is missing', spec, 'sale', { ...e, params: [['client_orderid', 'x'], ['amount', '1.00'], ['currency', 'EUR']], credentials: ctl }, 'ERR_MISSING_FIELD'),
    o('missing-orderid-void', 'void without orderid', spec, 'void', { ...e, params: [['client_orderid', 'x']], credentials: ctl }, 'ERR_MISSING_FIELD'),
    o('missing-cardrefid-rebill', 'rebill without cardrefid', spec, 'make-rebill', { ...e, params: [['client_orderid', 'x']], credentials: ctl }, 'ERR_MISSING_FIELD'),
    o('empty-required-field', 'an empty required field counts as missing', 'generated', 'sale', { ...e, params: [['client_orderid', 'x'], ['amount', '1.00'], ['currency', 'EUR'], ['email', '  ']], credentials: ctl }, 'ERR_MISSING_FIELD'),
    o('bad-amount', 'an amount with more fraction digits than the currency has', docs, 'sale', { ...e, params: [['client_orderid', 'x'], ['amount', '10.425'], ['currency', 'EUR'], ['email', 'a@b.c']], credentials: ctl }, 'ERR_INVALID_AMOUNT'),
    o('bad-amount-oauth', 'the amount rule also holds on OAuth operations', 'generated', 'payout', { ...e, params: [['client_orderid', 'x'], ['amount', '1e3'], ['currency', 'EUR']], credentials: hm, ...oauth(20) }, 'ERR_INVALID_AMOUNT'),
    o('duplicate-amount', 'a field a rule or formula reads appears twice', 'generated', 'sale', { ...e, params: [['client_orderid', 'x'], ['amount', '1.00'], ['amount', '2.00'], ['currency', 'EUR'], ['email', 'a@b.c']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('endpoint-id-not-digits', 'an endpointId that is not a decimal integer', 'service-api.md (int64 path parameter)', 'sale', { endpointId: '12a', params: sale, credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('endpoint-id-beyond-int64', 'an endpointId beyond int64', 'service-api.md (int64 path parameter)', 'status', { endpointId: '9223372036854775808', params: [['client_orderid', 'x']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('endpoint-and-group', 'endpointId and endpointGroupId together', 'generated', 'sale', { endpointId: '1111', endpointGroupId: '2222', params: sale, credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('unknown-operation', 'an operation the catalog does not have', 'generated', 'refund', { ...e, params: [['client_orderid', 'x']], credentials: ctl }, 'ERR_UNKNOWN_OPERATION'),
    o('unknown-scheme-not-given', 'payment form without an explicit scheme: none is published', 'service-api.md Endpoints (no formula given)', 'payment-form', { ...e, params: [['client_orderid', 'x'], ['amount', '1.00'], ['currency', 'EUR'], ['email', 'a@b.c']], credentials: ctl }, 'ERR_UNSUPPORTED'),
    o('control-in-params', 'control is computed by the signer and must not be passed', 'generated', 'status', { ...e, params: [['client_orderid', 'x'], ['control', '0000000000000000000000000000000000000000']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('oauth-in-params', 'oauth_* parameters are set by the signer and must not be passed', 'generated', 'payout', { ...e, params: [['client_orderid', 'x'], ['oauth_nonce', 'mine']], credentials: hm, ...oauth(21) }, 'ERR_INVALID_INPUT'),
    o('login-differs', 'a login in params that differs from credentials.login', 'generated', 'void', { ...e, params: [['client_orderid', 'x'], ['orderid', '1'], ['login', 'someoneelse']], credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('base-url-with-query', 'a base URL with a query', 'generated', 'sale', { ...e, baseUrl: 'https://sandbox.example.com/paynet?x=1', params: sale, credentials: ctl }, 'ERR_INVALID_INPUT'),
    o('missing-control-key', 'a control operation without credentials.controlKey', 'generated', 'status', { ...e, params: [['client_orderid', 'x']], credentials: { login: 'merchantlogin' } }, 'ERR_MISSING_FIELD'),
  ];
  if (Object.keys(OP_TABLE).length !== 27) throw new Error('the catalog has 27 rows');
  for (const id of Object.keys(OP_TABLE)) if (!defs.some((d) => d.operation === id && !d.expectError)) throw new Error(`no positive case for ${id}`);
  const toInput = (d) => {
    const { id, description, source, expectError, ...inputs } = d;
    return inputs;
  };
  const results = compute(defs, {
    task: () => 'operation', fns: { operation: operationNaive }, js: toInput,
    py: (d) => ({
      ...toInput(d),
      row: Object.hasOwn(OP_TABLE, d.operation) ? OP_TABLE[d.operation] : null,
      ...(d.credentials.privateKeyFile ? { privateKeyPath: keyPath(d.credentials.privateKeyFile) } : {}),
    }),
  });
  const at = (id) => resultOf(defs, results, id);
  mustEqual('published C-B concatenation through sale', at('sale-published-example').concatenation, '1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20');
  mustEqual('published parameter string through pan-eligibility-send', at('pan-eligibility-send').baseString.split('&')[2], pe(PAN_NORMALIZED));
  mustEqual('PKCS#1 and PKCS#8 keys are one key', keyCheck(rsa1.privateKeyFile) ?? 'ok', keyCheck(rsa8.privateKeyFile) ?? 'ok');
  writeTopic(
    'operations',
    'Whole requests for every operation of the catalog (signRequest of paysig): inputs are the operation id, baseUrl (with its path prefix), endpointId or endpointGroupId (decimal strings), params (ordered pairs, before trimming), credentials (login, controlKey, or privateKeyFile with the publicKeyFile that verifies it), and for OAuth operations a fixed nonce and timestamp; optional scheme (required where none is published), exponent, realm, repeatOAuthInBody (default true). Expected: method, url, headers (exact), body (exact form string), signedWith (the scheme used), and for control operations the concatenation hashed and the control digest, for OAuth operations the base string and signature. Values are trimmed of characters up to U+0020 at both ends; formulas with a login term put login first in the body; control is the last body field; OAuth bodies repeat the five oauth_* parameters other than the signature after the request fields.',
    assemble(defs, results, (ok) => ({
      method: ok.method, url: ok.url, headers: ok.headers, body: ok.body, signedWith: ok.signedWith,
      concatenation: ok.concatenation, control: ok.control, baseString: ok.baseString, signature: ok.signature,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// callbacks.json: server callbacks and final redirects (verifyCallback of paysig)
// ---------------------------------------------------------------------------------------------

const FINAL = ['approved', 'declined', 'error', 'filtered'];

/** Verifies a callback query the naive way: strict form parsing, unique names, CALLBACK digest. */
function callbackNaive({ query, controlKey }) {
  const pairs = formParse(query);
  const params = {};
  for (const [n, v] of pairs) {
    if (Object.hasOwn(params, n)) throw new Refused('ERR_INVALID_INPUT');
    params[n] = v;
  }
  for (const n of ['status', 'orderid', 'client_orderid', 'control']) if (!Object.hasOwn(params, n)) throw new Refused('ERR_MISSING_FIELD');
  if (!/^[0-9a-fA-F]{40}$/.test(params.control)) throw new Refused('ERR_INVALID_INPUT');
  const { concatenation, control } = controlNaive({ formula: 'CALLBACK', fields: { status: params.status, orderid: params.orderid, client_orderid: params.client_orderid }, controlKey });
  if (control !== params.control.toLowerCase()) throw new Refused('ERR_CONTROL_MISMATCH');
  const result = { status: params.status, final: FINAL.includes(params.status), orderid: params.orderid, client_orderid: params.client_orderid };
  for (const n of ['merchant_order', 'amount', 'type']) if (Object.hasOwn(params, n)) result[n] = params[n];
  result.params = params;
  return { concatenation, control, result };
}

function callbacksCases() {
  const docs = 'public-docs-facts.md';
  // Each spec: kind, the fields sent (control computed over them with signKey unless given), then
  // a mutation of the query string after signing.
  const base = [['type', 'sale'], ['status', 'approved'], ['amount', '10.42'], ['merchant_order', 'inv-0001'], ['orderid', '902541'], ['client_orderid', 'inv-0001']];
  const specs = [
    ['callback-approved', 'a server callback for an approved sale: typed fields, final status', docs, 'callback', base],
    ['callback-declined', 'a declined callback (final)', docs, 'callback', [['status', 'declined'], ['orderid', '902542'], ['client_orderid', 'inv-0002'], ['type', 'sale'], ['amount', '5.00']]],
    ['callback-processing', 'a processing status is not final', docs, 'callback', [['status', 'processing'], ['orderid', '902543'], ['client_orderid', 'inv-0003'], ['type', 'preauth']]],
    ['callback-filtered', 'a filtered callback (final), without amount or type', docs, 'callback', [['status', 'filtered'], ['orderid', '902544'], ['client_orderid', 'inv-0004']]],
    ['callback-error', 'an error callback (final) with extra parameters kept in params', docs, 'callback', [['status', 'error'], ['orderid', '902545'], ['client_orderid', 'inv-0005'], ['error_message', 'Card expired'], ['error_code', '2']]],
    ['callback-plus-and-escapes', 'the query is form-decoded: + is a space, escapes are UTF-8; the digest covers decoded values', docs, 'callback', [['status', 'approved'], ['orderid', '902546'], ['client_orderid', 'inv 0006 €'], ['merchant_order', 'order #6 & more']], (q) => q.replace(/%20/g, '+')],
    ['callback-unicode-client-orderid', 'a non-ASCII client_orderid is hashed as UTF-8', 'generated', 'callback', [['status', 'approved'], ['orderid', '902547'], ['client_orderid', 'zakaz-Ж-😀']]],
    ['callback-uppercase-control', 'a control digest in uppercase hex is accepted (hex is case-insensitive)', 'generated', 'callback', [['status', 'approved'], ['orderid', '902548'], ['client_orderid', 'inv-0008']], (q) => q.replace(/control=([0-9a-f]{40})/, (_, h) => 'control=' + h.toUpperCase())],
    ['redirect-approved', 'the final browser redirect to redirect_url: REDIRECT formula (same terms as CALLBACK)', docs, 'redirect', [['status', 'approved'], ['orderid', '902549'], ['client_orderid', 'inv-0009'], ['merchant_order', 'inv-0009']]],
    ['redirect-declined', 'a declined redirect', docs, 'redirect', [['status', 'declined'], ['orderid', '902550'], ['client_orderid', 'inv-0010']]],
    ['tampered-status', 'status changed from declined to approved after signing', docs, 'callback', [['status', 'declined'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('status=declined', 'status=approved'), 'ERR_CONTROL_MISMATCH'],
    ['tampered-orderid', 'orderid changed after signing', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('orderid=902541', 'orderid=902540'), 'ERR_CONTROL_MISMATCH'],
    ['tampered-client-orderid', 'client_orderid changed after signing', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('client_orderid=inv-0001', 'client_orderid=inv-0002'), 'ERR_CONTROL_MISMATCH'],
    ['wrong-key', 'signed with another merchant\'s control key', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], null, 'ERR_CONTROL_MISMATCH', 'not-the-merchant-key'],
    ['redirect-wrong-key', 'a redirect signed with another key', docs, 'redirect', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], null, 'ERR_CONTROL_MISMATCH', 'not-the-merchant-key'],
    ['missing-control', 'no control parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace(/&control=[0-9a-f]{40}/, ''), 'ERR_MISSING_FIELD'],
    ['missing-status', 'no status parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('status=approved&', ''), 'ERR_MISSING_FIELD'],
    ['missing-orderid', 'no orderid parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('&orderid=902541', ''), 'ERR_MISSING_FIELD'],
    ['missing-client-orderid', 'no client_orderid parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('&client_orderid=inv-0001', ''), 'ERR_MISSING_FIELD'],
    ['duplicate-status', 'status twice (once approved, once declined): which one was signed is ambiguous', 'generated', 'callback', [['status', 'declined'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => 'status=approved&' + q, 'ERR_INVALID_INPUT'],
    ['duplicate-control', 'control twice, even with the same value', 'generated', 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q + '&' + q.slice(q.indexOf('control=')), 'ERR_INVALID_INPUT'],
    ['control-not-hex', 'a control that is not 40 hex digits', 'generated', 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace(/control=[0-9a-f]{40}/, (s) => s.slice(0, -1)), 'ERR_INVALID_INPUT'],
    ['bad-escape', 'a malformed percent-escape in the query', 'generated', 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q + '&merchant_order=%ZZ', 'ERR_ENCODING'],
  ];
  // 1) the digest the sender computes, by both oracles
  const signDefs = specs.map(([, , , , fields, , , signKey]) => {
    const f = Object.fromEntries(fields);
    return { formula: 'CALLBACK', fields: { status: f.status, orderid: f.orderid, client_orderid: f.client_orderid }, controlKey: signKey ?? CB_KEY };
  });
  const signed = compute(signDefs, { task: () => 'control', fns: { control: controlNaive }, py: (d) => d });
  // 2) the query as sent (possibly tampered), verified by both oracles
  const defs = specs.map(([id, description, source, kind, fields, mutate, expectError], i) => {
    let query = formFormat([...fields, ['control', signed[i].ok.control]]);
    if (mutate) query = mutate(query);
    return { id, description, source, kind, query, controlKey: CB_KEY, ...(expectError ? { expectError } : {}) };
  });
  const results = compute(defs, { task: () => 'callback', fns: { callback: callbackNaive }, js: (d) => d, py: (d) => ({ query: d.query, controlKey: d.controlKey }) });
  writeTopic(
    'callbacks',
    'Server callbacks (HTTP GET to server_callback_url) and final browser redirects (to redirect_url) as the merchant receives them: `query` is the raw query string (form-encoded: + is a space), `controlKey` the merchant control key. The digest is SHA-1 of status + orderid + client_orderid + control key (formulas CALLBACK and REDIRECT, the same terms), over the decoded values; hex is compared case-insensitively. Every parameter name must appear once. Expected: `concatenation` and `control` (lowercase) and `result`, the typed fields (status, final for approved / declined / error / filtered, orderid, client_orderid, and merchant_order, amount, type when sent, and every parameter in `params`); or `error`.',
    assemble(defs, results, (ok) => ok),
  );
}

function buildAll() {
  percentCases();
  formCases();
  controlCases();
  baseStringCases();
  hmacCases();
  rsaCases();
  oauthSignCases();
  verifyCases();
  operationsCases();
  callbacksCases();
}

buildAll();
