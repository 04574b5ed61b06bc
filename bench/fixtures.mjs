// The inputs every group shares: a 16-field v2 payout request (OAuth HMAC-SHA1), RSA keys, and
// generated parameter sets and texts for the scaling groups.
import { generateKeyPairSync } from 'node:crypto';

export const CONSUMER_KEY = 'merchantlogin';
export const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
export const NONCE = 'kllo9940pd9333jh';
export const TIMESTAMP = 1669966913;
/** `now` for verification: ten seconds after the request was signed. */
export const NOW = TIMESTAMP + 10;

// Already normalised (lower-case host, no default port): the peers do not normalise URLs.
export const PAYOUT_URL = 'https://sandbox.gateway.example/paynet/api/v2/payout/1111';

/** A signOAuth request (HMAC-SHA1, fixed nonce and timestamp) for a payout's parameters. */
export const payoutRequest = (params) => ({
  method: 'POST',
  url: PAYOUT_URL,
  params,
  consumerKey: CONSUMER_KEY,
  signatureMethod: 'HMAC-SHA1',
  consumerSecret: CONTROL_KEY,
  nonce: NONCE,
  timestamp: TIMESTAMP,
});

/** Decoded form-body fields of a realistic payout: 16 pairs, some needing escapes. */
export const PAYOUT_PARAMS = Object.freeze(
  // biome-ignore format: a list of pairs, several to a line
  [
    ['client_orderid', '902B4FF5-2026-11-21'], ['order_desc', 'Payout for order #4711 (refund: "late delivery")'],
    ['amount', '10.42'], ['currency', 'EUR'], ['ipaddress', '203.0.113.42'], ['first_name', 'John'],
    ['last_name', 'Smith'], ['email', 'john.smith+payouts@gmail.com'], ['phone', '+1 (555) 010-2030'],
    ['address1', '100 Main St., Apt 4/B'], ['city', 'Springfield'], ['zip_code', '62701'], ['country', 'US'],
    ['destination-card-no', '4111111111111111'],
    ['redirect_url', 'https://merchant.example/payout/done?order=4711&lang=en'],
    ['server_callback_url', 'https://merchant.example/callbacks/payout?secret=a*b!c'],
  ].map((p) => Object.freeze(p)),
);

/** The published C-B example (public-docs-facts.md). */
export const CONTROL_FIELDS = Object.freeze({
  endpointId: 1111,
  client_orderid: '902B4FF5',
  amount: '10.42',
  email: 'john.smith@gmail.com',
});
export const CONTROL_CONCAT = '1111902B4FF51042john.smith@gmail.com' + CONTROL_KEY;

/** A longer order id (a UUID-style merchant reference) and the endpoint id as a string. */
export const CONTROL_FIELDS_LONG = Object.freeze({
  endpointId: '4503599627370495',
  client_orderid: 'ORD-2026-11-22-7f3c9a1e-5b2d-4c8e-9f60-1a2b3c4d5e6f',
  amount: '1234567.89',
  email: 'accounts.payable+invoices@merchant-example.co.uk',
});
export const CONTROL_CONCAT_LONG =
  '4503599627370495ORD-2026-11-22-7f3c9a1e-5b2d-4c8e-9f60-1a2b3c4d5e6f123456789accounts.payable+invoices@merchant-example.co.uk' +
  CONTROL_KEY;

let keys;
/** RSA key pairs (2048 and 4096 bits) as PKCS#8 / SPKI PEM strings; generated once per process. */
export function rsaKeys() {
  if (keys === undefined) {
    keys = {};
    for (const bits of [2048, 4096]) {
      keys[bits] = generateKeyPairSync('rsa', {
        modulusLength: bits,
        publicExponent: 0x10001,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
    }
  }
  return keys;
}

// A small deterministic generator so every run benchmarks the same inputs.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const RESERVED = ' !"#$%&\'()*+,/:;<=>?@[]^`{|}';
const NON_ASCII = ['é', 'ü', 'ß', 'Ж', 'щ', 'я', '€', '中', '文', '😀'];

/**
 * Text of `length` UTF-16 units (at most; an emoji is two) in a form field's mix: about 75%
 * unreserved ASCII, 17% reserved ASCII (space, punctuation, `!*'()`), 8% non-ASCII
 * (Latin-1, Cyrillic, euro sign, CJK, emoji).
 */
export function mixedText(length, seed = 1) {
  const r = rng(seed);
  let out = '';
  while (out.length < length) {
    const x = r();
    let c;
    if (x < 0.75) c = UNRESERVED[Math.floor(r() * UNRESERVED.length)];
    else if (x < 0.92) c = RESERVED[Math.floor(r() * RESERVED.length)];
    else c = NON_ASCII[Math.floor(r() * NON_ASCII.length)];
    if (out.length + c.length > length) c = 'x';
    out += c;
  }
  return out;
}

/** `count` decoded parameters with short names and mixed values (some names repeat). */
export function manyParams(count, seed = 7) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const name = `field_${Math.floor(r() * count * 0.9)}`;
    out.push([name, mixedText(8 + Math.floor(r() * 24), seed * 100003 + i)]);
  }
  return out;
}

/**
 * `length` UTF-16 units of what form fields usually hold: words, spaces, punctuation, an
 * address, a URL with a query, an e-mail, a few accented letters. Easier on branch prediction
 * than {@link mixedText}.
 */
export function formText(length) {
  const sample =
    'Payout for order #4711 (refund: "late delivery") to John Smith, 100 Main St., Apt 4/B, ' +
    'Springfield; see https://merchant.example/payout/done?order=4711&lang=en or write to ' +
    'john.smith+payouts@gmail.com. Zürich café, Straße 5, 1000 € max. ';
  let out = '';
  while (out.length < length) out += sample;
  return out.slice(0, length);
}

/** The sale fields of the verify benchmarks (control C-B). */
// biome-ignore format: a list of pairs, several to a line
export const SALE_PARAMS = [
  ['client_orderid', '902B4FF5'], ['order_desc', 'Test order'], ['amount', '10.42'], ['currency', 'EUR'],
  ['email', 'john.smith@gmail.com'], ['ipaddress', '203.0.113.42'], ['redirect_url', 'https://merchant.example/done'],
];

/** The sale (control) and the payout (OAuth HMAC-SHA1, fixed nonce and timestamp), signed by `lib` for `baseUrl`. */
export async function signedSaleAndPayout(lib, baseUrl) {
  const credentials = { login: CONSUMER_KEY, controlKey: CONTROL_KEY };
  const common = { baseUrl, endpointId: 1111, credentials };
  const sale = await lib.signRequest('sale', { ...common, params: SALE_PARAMS });
  const payout = await lib.signRequest('payout', {
    ...common,
    params: PAYOUT_PARAMS,
    nonce: NONCE,
    timestamp: TIMESTAMP,
  });
  return [sale, payout];
}

/**
 * A 16-field payout whose values look like real ones from outside the US: Latin-1, Cyrillic and
 * emoji text, reserved characters (`!*'()&=+%`), a URL that carries its own query, a long
 * description. Its base string is about 1.2 KB (the size issue 24's regression was seen at).
 */
export const PAYOUT_PARAMS_INTL = Object.freeze(
  // biome-ignore format: a list of pairs, several to a line
  [
    ['client_orderid', 'ORD-2026/11-21#4711'], ['order_desc', 'Возврат №4711, café 10 € 🎉 ok! *done*'],
    ['amount', '10.42'], ['currency', 'EUR'], ['ipaddress', '203.0.113.42'], ['first_name', 'Jérôme'],
    ['last_name', "O'Brien Müller"], ['email', 'jérôme.müller+payouts@exämple.de'],
    ['phone', '+49 (30) 901820-0 ext. 7'], ['address1', 'Friedrichstraße 123, 4/B'], ['city', 'Berlin'],
    ['zip_code', '10117'], ['country', 'DE'], ['destination-card-no', '4111111111111111'],
    ['redirect_url', 'https://merchant.example/payout/done?order=4711&lang=de&x=a+b'],
    ['server_callback_url', "https://merchant.example/callbacks/payout?secret=a*b!c&q=(x)'y'&ü=ö"],
  ].map((p) => Object.freeze(p)),
);

/** A small non-ASCII payout: the first six fields of {@link PAYOUT_PARAMS_INTL}. */
export const PAYOUT_PARAMS_INTL_SMALL = Object.freeze(PAYOUT_PARAMS_INTL.slice(0, 6));

/**
 * A large non-ASCII payout (about 8 KB of base string): the 16 fields, a long comment of mixed
 * text and 16 more descriptive fields.
 */
export const PAYOUT_PARAMS_INTL_LARGE = Object.freeze([
  ...PAYOUT_PARAMS_INTL,
  Object.freeze(['comment', mixedText(1200, 11)]),
  ...Array.from({ length: 16 }, (_, i) => Object.freeze([`item_${i}_desc`, mixedText(40 + i * 4, 100 + i)])),
]);

/** The payout fixtures of the A/B rows, by name. */
export const PAYOUTS = Object.freeze({
  'ascii 16': PAYOUT_PARAMS,
  'intl 6': PAYOUT_PARAMS_INTL_SMALL,
  'intl 16': PAYOUT_PARAMS_INTL,
  'intl 33': PAYOUT_PARAMS_INTL_LARGE,
});
