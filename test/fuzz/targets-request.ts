/**
 * Fuzz targets for the server side: `verifyRequest` on Fetch Requests built from arbitrary
 * bytes and headers, and the tamper properties: sign a random valid request (or callback), edit
 * random bytes of its URL, headers or body, verify. Either the verifier refuses, or what it hands
 * back is exactly what was signed (for control schemes: the fields the formula covers).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { MemoryNonceStore } from '../../src/stores/memory/index.js';
import { verifyCallback } from '../../src/request/callback.js';
import { signRequest, type SignedRequest } from '../../src/request/sign.js';
import { verifyRequest, type VerifiedRequest } from '../../src/request/verify.js';
import { applyEdits, byteEdits, hostile, over } from './arbitraries.js';
import { FuzzViolation, target } from './harness.js';
import { minorOracle } from './oracles.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const keyFile = (name: string): string => readFileSync(new URL(`../../vectors/keys/${name}`, import.meta.url), 'utf8');
const PRIVATE = keyFile('test-only-rsa-2048-pkcs8.pem');
const PUBLIC = keyFile('test-only-rsa-2048-spki.pem');
const NOW = 1_700_000_000;
const BASE = 'https://gate.example.com/paynet';
const credentials = () => ({ controlKey: KEY, publicKey: PUBLIC });
const options = () => ({ basePath: '/paynet', credentials, now: NOW, nonceStore: new MemoryNonceStore() });

const latin1 = (s: string): string => s.replace(/[^\u0020-\u007e\u0080-\u00ff\t]/g, '');
const enc = new TextEncoder();

/** Builds the Request, or returns undefined when the Fetch API itself refuses the input. */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Uint8Array<ArrayBuffer>,
): Request | undefined {
  try {
    return new Request(url, { method, headers, body });
  } catch {
    return undefined;
  }
}

const PATHS = [
  '/paynet/api/v2/sale/7',
  '/paynet/api/v2/status/group/7',
  '/paynet/api/v2/payout/7',
  '/paynet/api/v4/create-card-ref/7',
  '/paynet/api/v2/nope/7',
  '/paynet/api/v2/sale/007',
  '/paynet/api/v2/sale/99999999999999999999',
  '/api/v2/sale/1',
];
const BODY_NAMES = [
  'client_orderid',
  'orderid',
  'amount',
  'currency',
  'email',
  'login',
  'control',
  'oauth_nonce',
  'oauth_signature',
  'x',
];
const formBody = fc
  .array(fc.tuple(fc.constantFrom(...BODY_NAMES), fc.oneof(hostile(8), over('0123456789abcdef.', 40))), {
    maxLength: 8,
  })
  .map((pairs) => enc.encode(pairs.map(([n, v]) => `${n}=${v}`).join('&')));

const randomRequest = fc.record({
  url: fc.oneof(
    fc.constantFrom(...PATHS).map((p) => 'https://gate.example.com' + p),
    fc.tuple(fc.constantFrom(...PATHS), hostile(10)).map(([p, h]) => 'https://gate.example.com' + p + h),
  ),
  method: fc.constantFrom('POST', 'post', 'GET', 'PUT'),
  contentType: fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/x-www-form-urlencoded') },
    fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=utf-8',
      'application/x-www-form-urlencoded; charset=latin1',
      'text/plain',
      'application/json',
    ),
    hostile(20).map(latin1),
  ),
  accept: fc.option(
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/vnd.pay+json') },
      fc.constantFrom('application/vnd.pay+json', '*/*', 'application/json;q=0', 'text/html'),
      hostile(20).map(latin1),
    ),
  ),
  authorization: fc.option(hostile(60).map((h) => latin1('OAuth ' + h))),
  contentLength: fc.option(fc.oneof(over('0123456789', 8), hostile(4).map(latin1))),
  body: fc.oneof(formBody, fc.uint8Array({ maxLength: 80 })),
});

/** The signed content of a request, as the verifier must hand it back when it accepts. */
function checkAccepted(s: SignedRequest, v: VerifiedRequest, where: string): void {
  const fail = (what: string): never => {
    throw new FuzzViolation(`${s.operation.id}: tampered ${where} accepted with a different ${what}`);
  };
  // Operations sharing a formula are indistinguishable to a control digest (a protocol property);
  // OAuth signs the URL, so there the operation must be the same.
  if (v.scheme !== s.scheme) fail('scheme');
  if (s.oauth !== undefined) {
    if (v.operation.id !== s.operation.id) fail('operation');
    if (v.endpointId !== '7' || v.consumerKey !== 'merchant') fail('endpoint or consumer');
    // The body repeats of the header's oauth_* values count once (RFC 5849 section 3.4.1.3.1):
    // dropping them changes nothing signed; any that remain must carry the signed values.
    const plain = (p: ReadonlyArray<readonly [string, string]>) =>
      JSON.stringify(p.filter(([n]) => !n.startsWith('oauth_')));
    if (plain(v.params) !== plain(s.params)) fail('body');
    const repeats = new Map(s.params.filter(([n]) => n.startsWith('oauth_')));
    for (const [n, x] of v.params) if (n.startsWith('oauth_') && repeats.get(n) !== x) fail(n);
    return;
  }
  const signed = new Map(s.params);
  const all = (name: string): string[] => v.params.filter(([n]) => n === name).map(([, x]) => x);
  const exact = (name: string): void => {
    const got = all(name);
    if (got.length !== 1 || got[0] !== signed.get(name)) fail(name);
  };
  if (s.scheme === 'C-B') {
    if (v.endpointId !== '7') fail('endpointId');
    exact('client_orderid');
    exact('email');
    const amounts = all('amount');
    if (amounts.length !== 1 || minorOracle(amounts[0]!, 2) !== minorOracle(signed.get('amount')!, 2)) fail('amount');
  } else {
    exact('login');
    exact('client_orderid');
    exact('orderid');
  }
}

/** Values the service would not trim: no code unit up to U+0020 at either end. */
const text = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 10 })
  .filter((s) => s.charCodeAt(0) > 0x20 && s.charCodeAt(s.length - 1) > 0x20);
const signedArb = fc.record({
  op: fc.constantFrom('sale', 'status', 'payout', 'create-card-ref-v4'),
  orderId: text,
  email: text,
  orderid: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String),
  cents: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  extra: fc.option(fc.tuple(fc.constantFrom('description', 'note', 'x'), text)),
  part: fc.constantFrom('url', 'body', 'body', 'authorization'),
  edits: byteEdits(3),
});

const fromLatin1 = (b: Uint8Array): string => String.fromCharCode(...b);
const toLatin1 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(s, (c) => c.charCodeAt(0) & 255);

export const requestTargets = [
  target('verifyRequest', 6, randomRequest, async (r) => {
    const headers: Record<string, string> = { 'content-type': r.contentType };
    if (r.accept !== null) headers['accept'] = r.accept;
    if (r.authorization !== null) headers['authorization'] = r.authorization;
    if (r.contentLength !== null) headers['content-length'] = r.contentLength;
    const req = request(r.url, r.method === 'GET' ? 'POST' : r.method, headers, r.body);
    if (req === undefined) return;
    await verifyRequest(req, options());
    throw new FuzzViolation(`verifyRequest accepted a random request to ${r.url}`);
  }),
  target('tamper/signRequest', 4, signedArb, async (c) => {
    const amount = `${c.cents / 100n}.${String(c.cents % 100n).padStart(2, '0')}`;
    const params: Record<string, string> = {
      client_orderid: c.orderId,
      amount,
      currency: 'EUR',
      email: c.email,
      orderid: c.orderid,
    };
    if (c.extra !== null) params[c.extra[0]] = c.extra[1];
    const s = await signRequest(c.op, {
      baseUrl: BASE,
      endpointId: 7,
      params,
      credentials: { login: 'merchant', controlKey: KEY, privateKey: PRIVATE },
      timestamp: NOW,
    });
    let url = s.url;
    const headers = { ...s.headers };
    let body = enc.encode(s.body);
    if (c.part === 'url') url = new TextDecoder().decode(applyEdits(enc.encode(url), c.edits));
    else if (c.part === 'body') body = applyEdits(body, c.edits);
    else if (headers['Authorization'] !== undefined)
      headers['Authorization'] = fromLatin1(applyEdits(toLatin1(headers['Authorization']), c.edits));
    else body = applyEdits(body, c.edits);
    const req = request(url, 'POST', headers, body);
    if (req === undefined) return;
    const v = await verifyRequest(req, options());
    checkAccepted(s, v, c.part);
  }),
  target(
    'tamper/verifyCallback',
    4,
    fc.record({
      status: fc.constantFrom('approved', 'declined', 'processing'),
      orderid: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String),
      client: text,
      edits: signedArb.map((x) => x.edits),
    }),
    async (c) => {
      // The digest is computed here with node:crypto (formula: status, orderid, client_orderid, key).
      const digest = createHash('sha1')
        .update(c.status + c.orderid + c.client + KEY, 'utf8')
        .digest('hex');
      const q = new URLSearchParams({
        status: c.status,
        orderid: c.orderid,
        client_orderid: c.client,
        merchant_order: 'm',
        control: digest,
      }).toString();
      const edited = new TextDecoder().decode(applyEdits(enc.encode(q), c.edits));
      const got = await verifyCallback(edited, KEY);
      if (got.status !== c.status || got.orderid !== c.orderid || got.client_orderid !== c.client) {
        throw new FuzzViolation(`tampered callback accepted with different signed fields: ${JSON.stringify(edited)}`);
      }
    },
  ),
];
