// Checks that the vector engine can fail: runs it (on Node) against deliberately broken
// copies of paysig, one defect each, and requires every defect to be caught. Part of
// `npm run test:conformance`. Last line: `N passed, M failed` (one test per defect, plus one for
// the intact library).
//   node test/conformance/self-check.mjs
import process from 'node:process';
import * as real from 'paysig';
import { runSuite } from '../../vectors/engine/index.mjs';
import { percentEncode } from '../../tools/vectors/reference/percent.mjs';
import { loadFixtures } from '../runtimes/fixtures.mjs';

const fixtures = loadFixtures();
const flip = (s) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);

/** One defect per entry: a replacement for some exports of the library. */
const DEFECTS = {
  'percentEncode is encodeURIComponent': { percentEncode: (s) => encodeURIComponent(s) },
  'percentEncode writes lowercase hex': {
    percentEncode: (s) => real.percentEncode(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  },
  'parseForm keeps "+"': { parseForm: (b) => real.parseForm(b.replace(/\+/g, '%2B')) },
  'formatForm writes "+" for space': { formatForm: (p) => real.formatForm(p).replace(/%20/g, '+') },
  'amount through a float': {
    control: (f, fields, k, o) =>
      real.control(
        f,
        fields.amount === undefined || !/^\d+(\.\d+)?$/.test(fields.amount)
          ? fields
          : { ...fields, amount: String(Number(fields.amount) * 1) },
        k,
        o,
      ),
    controlInput: (f, fields, o) => {
      const a = fields.amount;
      if (a === undefined || !/^\d+\.\d+$/.test(a)) return real.controlInput(f, fields, o);
      const minor = Math.floor(Number(a) * 10 ** (o?.exponent ?? 2));
      return real.controlInput(
        f,
        { ...fields, amount: (minor / 10 ** (o?.exponent ?? 2)).toFixed(o?.exponent ?? 2) },
        o,
      );
    },
  },
  'control in uppercase hex': { control: async (...a) => (await real.control(...a)).toUpperCase() },
  'verifyControl accepts anything': { verifyControl: async () => {} },
  'base string sorts joined pairs': {
    signatureBaseString: (r) => {
      const b = real.signatureBaseString(r);
      const [m, u, p] = b.split('&');
      const sorted = decodeURIComponent(p).split('&').sort().join('&');
      return [m, u, percentEncode(sorted)].join('&');
    },
  },
  'base string keeps the default port': {
    signatureBaseString: (r) => {
      const b = real.signatureBaseString(r);
      return /^https:\/\/[^/]*:443(\/|$)/i.test(r.url) ? b.replace(/^([A-Za-z]+&https%3A%2F%2F[^%]+)/, '$1%3A443') : b;
    },
  },
  'signOAuth signature off by one bit': {
    signOAuth: async (r) => {
      const s = await real.signOAuth(r);
      return { ...s, signature: flip(s.signature) };
    },
  },
  'verifyOAuth accepts anything': {
    verifyOAuth: async (r) => {
      const h = real.parseAuthorizationHeader ? real.parseAuthorizationHeader(r.authorization) : undefined;
      const p = h?.params ?? h ?? {};
      return {
        consumerKey: p.oauth_consumer_key,
        signatureMethod: p.oauth_signature_method,
        timestamp: Number(p.oauth_timestamp),
        nonce: p.oauth_nonce,
      };
    },
  },
  'verifyOAuth ignores the nonce store': {
    verifyOAuth: (r, o) =>
      real.verifyOAuth(r, {
        ...o,
        nonceStore: { check: async () => true, seen: async () => false, add: async () => true },
      }),
  },
  'verifyOAuth allows any clock skew': { verifyOAuth: (r, o) => real.verifyOAuth(r, { ...o, maxSkewSeconds: 1e9 }) },
  'signOAuth accepts 1024-bit keys (signs with a 2048-bit key instead)': {
    signOAuth: (r) => {
      const small = [fixtures.keys['test-only-rsa-1024-pkcs1.pem'], fixtures.keys['test-only-rsa-1024-pkcs8.pem']];
      return real.signOAuth(
        small.includes(r.privateKey) ? { ...r, privateKey: fixtures.keys['test-only-rsa-2048-pkcs8.pem'] } : r,
      );
    },
  },
  'wrong crypto backend reported': { cryptoBackendName: () => 'web' },
  'verifyCallback accepts anything': {
    verifyCallback: async (q) => Object.fromEntries(new URLSearchParams(q instanceof URL ? q.search : q)),
  },
  'signRequest puts the last body field first': {
    signRequest: async (op, o) => {
      const signed = await real.signRequest(op, o);
      const parts = signed.body.split('&');
      return {
        ...signed,
        body: [parts[parts.length - 1], ...parts.slice(0, -1)].join('&'),
        toRequest: () => signed.toRequest(),
      };
    },
  },
  'verifyRequest accepts anything': {
    verifyRequest: async (req) => ({
      operation: real.matchOperationPath?.(new URL(req.url).pathname.replace(/^\/paynet/, ''))?.operation ?? {},
    }),
  },
};

let passed = 0;
let failed = 0;
const intact = await runSuite(real, { ...fixtures, expectBackend: 'node' });
if (intact.failed === 0 && intact.passed > 0) passed++;
else {
  failed++;
  console.log(`FAIL the intact library does not pass the suite: ${intact.failed} failed`);
}
for (const [name, patch] of Object.entries(DEFECTS)) {
  const r = await runSuite({ ...real, ...patch }, { ...fixtures, expectBackend: 'node' });
  if (r.failed > 0) {
    passed++;
    console.log(`caught  ${name}: ${r.failed} failing check(s), e.g. ${r.failures[0].id}`);
  } else {
    failed++;
    console.log(`FAIL    ${name}: not caught by the suite`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
