/**
 * Fuzz targets for the OAuth header parser, the base string, the URL splitter, control digests,
 * callbacks and path lookup: hostile input must end in a value or a PaysigError.
 */
import fc from 'fast-check';
import { control, verifyControl } from '../../src/schemes/control/digest.js';
import { endpointIdString } from '../../src/schemes/control/endpoint.js';
import type { Formula } from '../../src/schemes/control/formulas.js';
import { signatureBaseString } from '../../src/schemes/oauth/base-string.js';
import { buildAuthorizationHeader, parseAuthorizationHeader } from '../../src/schemes/oauth/header.js';
import { MemoryNonceStore } from '../../src/stores/memory/index.js';
import { splitUrl } from '../../src/schemes/oauth/url.js';
import { verifyOAuth } from '../../src/schemes/oauth/verify.js';
import { verifyCallback } from '../../src/request/callback.js';
import { matchOperationPath } from '../../src/catalog/lookup.js';
import { hostile, over } from './arbitraries.js';
import { FuzzViolation, target } from './harness.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const OAUTH_NAMES = [
  'oauth_consumer_key',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
  'oauth_timestamp',
  'oauth_version',
  'oauth_token',
  'oauth_callback',
  'oauth_',
  'realm',
  'oauthx',
  'Oauth_nonce',
];
const METHODS = ['HMAC-SHA1', 'RSA-SHA256', 'PLAINTEXT', 'hmac-sha1', 'RSA-SHA1', ''];

/** A header built from OAuth-ish pairs with hostile separators, or a plain hostile string. */
const headerArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('OAuth ', 'oauth  ', 'OAuth', ' OAuth\t', 'Bearer ', 'OAuth realm="x", '),
      fc.array(
        fc.tuple(
          fc.constantFrom(...OAUTH_NAMES),
          fc.oneof(hostile(12), over('abc%20', 8)),
          fc.constantFrom('="', '=', '= "', '="'),
        ),
        { maxLength: 8 },
      ),
      fc.constantFrom(', ', ',', ' ,', ',,', ' ', ', \t'),
    )
    .map(([scheme, pairs, sep]) => scheme + pairs.map(([n, v, eq]) => `${n}${eq}${v}"`).join(sep)),
  hostile(80),
  // Mostly well-formed: distinct names, escaped values, one random separator or space.
  fc
    .tuple(
      fc.uniqueArray(
        fc.tuple(fc.constantFrom(...OAUTH_NAMES.slice(0, 10)), fc.string({ unit: 'grapheme', maxLength: 8 })),
        { selector: (p) => p[0], minLength: 1, maxLength: 7 },
      ),
      fc.constantFrom(', ', ',', ' , ', ',\t'),
      fc.constantFrom('OAuth ', 'oauth\t', 'OAUTH  '),
    )
    .map(([pairs, sep, scheme]) => scheme + pairs.map(([n, v]) => `${n}="${encodeURIComponent(v)}"`).join(sep)),
);

/** Header from a random map of OAuth parameters, percent-encoded: reaches the verifier's later checks. */
const oauthParamsArb = fc.record(
  {
    oauth_consumer_key: fc.oneof({ weight: 4, arbitrary: fc.constant('merchant') }, hostile(6)),
    oauth_nonce: fc.oneof({ weight: 4, arbitrary: over('0123456789abcdef', 40) }, hostile(6)),
    oauth_signature: fc.oneof(
      { weight: 4, arbitrary: fc.base64String({ minLength: 28, maxLength: 28 }) },
      fc.base64String({ maxLength: 44 }),
      hostile(8),
    ),
    oauth_signature_method: fc.oneof({ weight: 4, arbitrary: fc.constant('HMAC-SHA1') }, fc.constantFrom(...METHODS)),
    oauth_timestamp: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1_699_999_000, max: 1_700_001_000 }).map(String) },
      over('0123456789-.e ', 18),
    ),
    oauth_version: fc.constantFrom('1.0', '1.0', '1.1', ''),
    oauth_token: hostile(6),
  },
  {
    requiredKeys: ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'],
  },
);

const FORMULAS: Formula[] = [
  'C-A',
  'C-B',
  'C-C',
  'C-D',
  'C-E',
  'C-S',
  'CARD-INFO',
  'TRANSFER-BY-REF',
  'CALLBACK',
  'REDIRECT',
];
const fieldValue = fc.oneof(hostile(8), over('0123456789.', 8));
const controlFieldsArb = fc.record(
  {
    login: fieldValue,
    endpointId: fc.oneof(fieldValue, fc.integer({ min: -2, max: 2 ** 53 }), fc.bigInt({ min: -1n, max: 2n ** 64n })),
    endpointGroupId: fc.oneof(fieldValue, fc.integer({ min: -2, max: 100 })),
    client_orderid: fieldValue,
    orderid: fieldValue,
    amount: fieldValue,
    currency: fieldValue,
    email: fieldValue,
    cardrefid: fieldValue,
    status: fieldValue,
    source_cardrefid: fieldValue,
    destination_cardrefid: fieldValue,
  },
  { requiredKeys: [] },
);

const CALLBACK_NAMES = [
  'status',
  'orderid',
  'client_orderid',
  'control',
  'merchant_order',
  'amount',
  'type',
  '__proto__',
  'constructor',
  'x',
];
const queryArb = fc.array(
  fc.tuple(fc.constantFrom(...CALLBACK_NAMES), fc.oneof(hostile(10), over('0123456789abcdef', 40))),
  { maxLength: 8 },
);

export const oauthTargets = [
  target('parseAuthorizationHeader', 10, headerArb, (h) => {
    const parsed = parseAuthorizationHeader(h);
    // Whatever parses must survive a rebuild and re-parse unchanged.
    const again = parseAuthorizationHeader(buildAuthorizationHeader(Object.entries(parsed.params), parsed.realm));
    if (JSON.stringify(again) !== JSON.stringify(parsed))
      throw new FuzzViolation(`header does not round-trip: ${JSON.stringify(h)}`);
  }),
  target(
    'splitUrl',
    5,
    fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.tuple(fc.constantFrom('https://', 'HTTP://', 'http:/', 'ftp://', ''), hostile(30)).map(([a, b]) => a + b),
    ),
    (u) => splitUrl(u),
  ),
  target(
    'signatureBaseString',
    6,
    fc.record({
      method: fc.oneof(fc.constantFrom('POST', 'get', 'P OST', ''), hostile(6)),
      url: fc.oneof(
        fc.webUrl({ withQueryParameters: true }),
        fc
          .tuple(
            fc.constantFrom('https://h.example/p?', 'http://h.example:80/', 'https://u:p@h.example:443/a?b'),
            hostile(20),
          )
          .map(([a, b]) => a + b),
      ),
      params: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...OAUTH_NAMES), hostile(5)), hostile(8)), { maxLength: 6 }),
    }),
    (r) => signatureBaseString(r),
  ),
  target(
    'verifyOAuth',
    6,
    fc.record({
      header: fc.oneof(
        oauthParamsArb.map((p) =>
          buildAuthorizationHeader(Object.entries(p).filter(([, v]) => !/[\uD800-\uDFFF]/.test(v))),
        ),
        headerArb,
      ),
      url: fc.oneof(
        fc.constant('https://h.example/api/v4/payout/1'),
        fc.webUrl({ withQueryParameters: true }),
        hostile(20),
      ),
      params: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...OAUTH_NAMES), hostile(5)), hostile(8)), { maxLength: 4 }),
      method: fc.constantFrom('POST', 'GET', 'p\u00f6st'),
    }),
    async (r) => {
      await verifyOAuth(
        { method: r.method, url: r.url, params: r.params, authorization: r.header },
        {
          credentials: (k) => (k === 'merchant' ? { consumerSecret: KEY } : undefined),
          now: 1_700_000_000,
          nonceStore: new MemoryNonceStore(),
        },
      );
      throw new FuzzViolation(`verifyOAuth accepted a random header: ${r.header}`);
    },
  ),
  target(
    'control',
    6,
    fc.tuple(
      fc.oneof(fc.constantFrom(...FORMULAS), hostile(4)),
      controlFieldsArb,
      fc.oneof(fc.constant(KEY), hostile(6)),
      fc.integer({ min: -1, max: 19 }),
    ),
    ([f, fields, key, exponent]) => control(f as Formula, fields, key, { exponent }),
  ),
  target(
    'verifyControl',
    4,
    fc.tuple(
      fc.constantFrom(...FORMULAS),
      controlFieldsArb,
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 40, maxLength: 40 })
            .map((a) => a.join('')),
        },
        over('0123456789abcdefABCDEF', 42),
        hostile(10),
      ),
    ),
    async ([f, fields, received]) => {
      await verifyControl(f, fields, KEY, received);
      throw new FuzzViolation(`verifyControl accepted a random digest ${received}`);
    },
  ),
  target(
    'verifyCallback',
    6,
    fc.oneof(
      queryArb.map((pairs) => pairs.map(([n, v]) => `${n}=${v}`).join('&')),
      queryArb.map((pairs) => 'https://m.example/cb?' + pairs.map(([n, v]) => `${n}=${v}`).join('&')),
      queryArb.map((pairs) => Object.fromEntries(pairs)),
      hostile(60),
    ),
    async (q) => {
      await verifyCallback(q, KEY);
      throw new FuzzViolation(`verifyCallback accepted a random query ${JSON.stringify(q)}`);
    },
  ),
  target(
    'matchOperationPath',
    4,
    fc.tuple(
      fc.oneof(
        fc
          .tuple(
            fc.constantFrom(
              '/api/v2/sale/',
              '/paynet/api/v4/create-card-ref/',
              '/api/v2/sale/group/',
              '/api/',
              '/api/3ds/v1/upload-cres-result/',
            ),
            hostile(10),
          )
          .map(([a, b]) => a + b),
        hostile(30),
      ),
      fc.oneof(fc.constantFrom('', '/', 'paynet', '/paynet/'), hostile(5)),
    ),
    ([p, base]) => matchOperationPath(p, base),
  ),
  target(
    'endpointIdString',
    3,
    fc.oneof(fieldValue, fc.double(), fc.bigInt(), fc.constantFrom(null, undefined, {}, [], true)),
    (v) => endpointIdString(v),
  ),
];
