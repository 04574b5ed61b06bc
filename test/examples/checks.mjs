// What the examples runner sends and expects. Requests are signed with paysig's signRequest (by
// package name); the callback's control digest is computed with node:crypto.
import { readFileSync } from 'node:fs';
import { signRequest } from 'paysig';
import { CONTROL_KEY, ENDPOINT_ID, LOGIN, PUBLIC_KEY } from '../../examples/merchant.mjs';
import { controlOf, hmacSignatureOk, parseHttp, rsaSignatureOk, sha1Hex } from './oracle.mjs';

const PRIVATE_KEY = readFileSync(new URL('../../vectors/keys/test-only-rsa-2048-pkcs8.pem', import.meta.url), 'utf8');
const controlKey = CONTROL_KEY;

const sign = (op, baseUrl, params, credentials) =>
  signRequest(op, { baseUrl, endpointId: ENDPOINT_ID, params, credentials });

/** The same request with `from` replaced by `to` in its body (a tampered copy). */
function tampered(signed, from, to) {
  if (!signed.body.includes(from)) throw new Error(`the body has no ${from}`);
  return new Request(signed.url, { method: 'POST', headers: signed.headers, body: signed.body.replace(from, to) });
}

/**
 * The requests sent to every receiving server, in order, each with the status and JSON body field
 * expected: control (C-B), OAuth HMAC-SHA1 and RSA-SHA256, tampered copies and a replay.
 */
export async function serverCases(baseUrl) {
  const sale = await sign(
    'sale',
    baseUrl,
    { client_orderid: 'S-1', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' },
    { login: LOGIN, controlKey },
  );
  const payout = await sign(
    'payout',
    baseUrl,
    { client_orderid: 'P-1', amount: '10.00', currency: 'EUR' },
    { login: LOGIN, controlKey },
  );
  const cardRef = await sign(
    'create-card-ref-v4',
    baseUrl,
    { client_orderid: 'A-17', credit_card_number: '4111111111111111', expire_month: '12', expire_year: '2030' },
    { login: LOGIN, privateKey: PRIVATE_KEY },
  );
  return [
    { name: 'control sale', request: sale.toRequest(), status: 200, field: ['operation', 'sale'] },
    {
      name: 'control sale, amount tampered',
      request: tampered(sale, 'amount=10.42', 'amount=10.43'),
      status: 403,
      field: ['error-code', 'ERR_CONTROL_MISMATCH'],
    },
    { name: 'HMAC-SHA1 payout', request: payout.toRequest(), status: 200, field: ['operation', 'payout'] },
    {
      name: 'HMAC-SHA1 payout, amount tampered',
      request: tampered(payout, 'amount=10.00', 'amount=99.00'),
      status: 403,
      field: ['error-code', 'ERR_SIGNATURE_INVALID'],
    },
    {
      name: 'HMAC-SHA1 payout, replayed',
      request: payout.toRequest(),
      status: 403,
      field: ['error-code', 'ERR_OAUTH_NONCE_REPLAYED'],
    },
    {
      name: 'GET instead of POST',
      request: new Request(sale.url, { headers: { accept: 'application/vnd.pay+json' } }),
      status: 405,
      field: ['error-code', 'ERR_METHOD_NOT_ALLOWED'],
    },
    {
      name: 'RSA-SHA256 create-card-ref-v4',
      request: cardRef.toRequest(),
      status: 200,
      field: ['operation', 'create-card-ref-v4'],
    },
  ];
}

/** Checks one answer against its case; returns '' or what is wrong. */
export async function judge(c, response) {
  const text = await response.text();
  if (response.status !== c.status) return `status ${response.status}, expected ${c.status}: ${text.slice(0, 200)}`;
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return `body is not JSON: ${text.slice(0, 200)}`;
  }
  const [key, value] = c.field;
  return json[key] === value ? '' : `body ${text.slice(0, 200)}, expected ${key} ${value}`;
}

/** The callbacks sent to the callback receiver: one valid, one with the status changed. */
export function callbackCases(baseUrl) {
  const fields = {
    status: 'approved',
    orderid: '5412',
    client_orderid: 'S-1',
    merchant_order: 'S-1',
    amount: '10.42',
    type: 'sale',
  };
  const control = sha1Hex(fields.status + fields.orderid + fields.client_orderid + controlKey);
  const url = (status) => `${baseUrl}/callback?${new URLSearchParams({ ...fields, status, control })}`;
  return [
    { name: 'callback', url: url('approved'), status: 200, body: 'OK' },
    {
      name: 'callback, status tampered',
      url: url('declined'),
      status: 403,
      body: 'type=error&error-message=control%20digest%20does%20not%20match%20formula%20CALLBACK&error-code=ERR_CONTROL_MISMATCH',
    },
  ];
}

/** The signer examples and how to check what each prints: '' or what is wrong. */
export const signers = [
  {
    name: 'control',
    file: 'control.mjs',
    check: (req) => {
      // C-B: endpoint id, client_orderid, amount in minor units, email, control key.
      const expected = sha1Hex(`${ENDPOINT_ID}902B4FF51042john.smith@gmail.com${controlKey}`);
      return controlOf(req) === expected ? '' : `control ${controlOf(req)}, expected ${expected}`;
    },
  },
  {
    name: 'oauth-hmac',
    file: 'oauth-hmac.mjs',
    check: (req) => (hmacSignatureOk(req, controlKey) ? '' : 'the HMAC-SHA1 signature does not match'),
  },
  {
    name: 'oauth-rsa',
    file: 'oauth-rsa.mjs',
    check: (req) => (rsaSignatureOk(req, PUBLIC_KEY) ? '' : 'the RSA-SHA256 signature does not verify'),
  },
];

/** A signer's printed request as a Fetch Request, for paysig's verifyRequest. */
export function toRequest(text) {
  const req = parseHttp(text);
  const headers = new Headers([...req.headers].filter(([k]) => k !== 'host' && k !== 'content-length'));
  return { req, request: new Request(req.url, { method: req.method, headers, body: req.body }) };
}
