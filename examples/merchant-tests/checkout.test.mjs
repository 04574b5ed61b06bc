// A merchant's test suite (node:test) that runs its real client code (checkout.mjs) against the
// test gateway of paysig/testing: a sale is accepted in the service's shape, the signed callback
// reaches the merchant's receiver and verifies, and a tampered amount is refused with an
// explanation that names the amount term. Run: node --test examples/merchant-tests/
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { verifyCallback } from 'paysig';
import { serve } from 'paysig/node';
import { createTestGateway } from 'paysig/testing';
import { CONTROL_KEY, ENDPOINT_ID, LOGIN } from '../merchant.mjs';
import { charge } from './checkout.mjs';

const gateway = createTestGateway({
  merchants: [{ login: LOGIN, endpointIds: [ENDPOINT_ID], controlKey: CONTROL_KEY }],
});
const callbacks = [];
let server;
let shop;
const receiver = createServer(async (req, res) => {
  try {
    callbacks.push(await verifyCallback(new URL(req.url, 'http://localhost'), CONTROL_KEY));
    res.writeHead(200).end('OK');
  } catch {
    res.writeHead(403).end();
  }
});

before(async () => {
  server = await serve(gateway.fetch);
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  shop = {
    baseUrl: `${server.url}/paynet`,
    login: LOGIN,
    controlKey: CONTROL_KEY,
    endpointId: ENDPOINT_ID,
    callbackUrl: `http://127.0.0.1:${receiver.address().port}/callback`,
  };
});
after(async () => {
  await server.close();
  receiver.close();
});

test('a sale is accepted, and its signed callback verifies at the receiver', async () => {
  const answer = await charge(shop, { id: 'shop-1001', amount: '10.42', currency: 'EUR', email: 'jane@example.com' });
  assert.equal(answer.status, 200);
  assert.equal(answer.fields.type, 'async-response');
  assert.equal(answer.fields.status, 'processing');
  assert.equal(answer.fields['merchant-order-id'], 'shop-1001');
  const delivered = await gateway.sendCallback(answer.fields['paynet-order-id'], 'approved');
  assert.equal(delivered.status, 200);
  assert.equal(callbacks.length, 1);
  assert.equal(callbacks[0].status, 'approved');
  assert.equal(callbacks[0].client_orderid, 'shop-1001');
});

test('a tampered amount is refused, and the explanation names the amount term', async () => {
  // The client signs 10.00; something on the way changes the body to 15.00.
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (request) => {
    const body = (await request.text()).replace('amount=10.00', 'amount=15.00');
    return realFetch(new Request(request.url, { method: 'POST', headers: request.headers, body }));
  };
  try {
    const answer = await charge(shop, { id: 'shop-1002', amount: '10.00', currency: 'EUR', email: 'jane@example.com' });
    assert.equal(answer.status, 403);
    assert.equal(answer.fields['error-code'], 'ERR_CONTROL_MISMATCH');
  } finally {
    globalThis.fetch = realFetch;
  }
  const refused = gateway.requests.at(-1);
  assert.equal(refused.accepted, false);
  assert.match(refused.explanation, /amount "1500"/);
});
