// The test gateway, driven as a merchant's tests drive it: requests signed by a client written
// without paysig (test/helpers/client-sign.ts, node:crypto), over real HTTP through serve().
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAuthorization, clientForm, sha1Hex } from '../../test/helpers/client-sign.js';
import { serve, type ServedHandler } from '../node/serve.js';
import { verifyCallback } from '../request/callback.js';
import { createTestGateway } from './gateway.js';
import type { TestGateway } from './gateway-types.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
let gateway: TestGateway;
let server: ServedHandler;
let received: Array<{ status: string; orderid: string; client_orderid: string }>;
let receiver: ReturnType<typeof createServer>;
let callbackUrl: string;

beforeAll(async () => {
  gateway = createTestGateway({ merchants: [{ login: 'merchant', endpointIds: ['1111'], controlKey: KEY }] });
  server = await serve(gateway.fetch);
  received = [];
  receiver = createServer((req, res) => {
    verifyCallback(new URL(req.url ?? '/', 'http://127.0.0.1'), KEY).then(
      (cb) => {
        received.push({ status: cb.status, orderid: cb.orderid, client_orderid: cb.client_orderid });
        res.writeHead(200).end('OK');
      },
      () => res.writeHead(403).end(),
    );
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/paysig/callback`;
});
afterAll(async () => {
  await server.close();
  await new Promise((r) => receiver.close(r));
});

function sale(amount: string, order = 'order-1', extra: Array<[string, string]> = []): Array<[string, string]> {
  return [
    ['client_orderid', order],
    ['order_desc', 'Test order'],
    ['amount', amount],
    ['currency', 'EUR'],
    ['email', 'jane@example.com'],
    ...extra,
  ];
}
const saleControl = (pairs: Array<[string, string]>) => {
  const f = new Map(pairs);
  return sha1Hex(
    `1111${f.get('client_orderid')}${String(Math.round(Number(f.get('amount')) * 100))}${f.get('email')}${KEY}`,
  );
};
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: '*/*', ...headers },
    body,
  });

describe('the test gateway', () => {
  it("accepts a sale signed by the merchant's own client, in the service's form shape", async () => {
    const pairs = sale('10.42', 'order-1', [['server_callback_url', callbackUrl]]);
    const res = await post('/paynet/api/v2/sale/1111', clientForm([...pairs, ['control', saleControl(pairs)]]));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const reply = new URLSearchParams(await res.text());
    expect(reply.get('type')).toBe('async-response');
    expect(reply.get('status')).toBe('processing');
    expect(reply.get('merchant-order-id')).toBe('order-1');
    expect(reply.get('end-point-id')).toBe('1111');
    expect(reply.get('paynet-order-id')).toMatch(/^\d+$/);
    expect(reply.get('serial-number')).toMatch(/^[0-9a-f]{32}$/);
    const record = gateway.requests.at(-1)!;
    expect(record).toMatchObject({ accepted: true, status: 200, operationId: 'sale' });
  });

  it('answers JSON when Accept asks for application/vnd.pay+json', async () => {
    const pairs = sale('1.15', 'order-json');
    const res = await post('/paynet/api/v2/sale/1111', clientForm([...pairs, ['control', saleControl(pairs)]]), {
      Accept: 'application/vnd.pay+json',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pay+json');
    expect(await res.json()).toMatchObject({ type: 'async-response', 'merchant-order-id': 'order-json' });
  });

  it("refuses a tampered amount with the service's error shape and an explanation naming the amount term", async () => {
    const pairs = sale('10.00', 'order-2');
    const control = saleControl(pairs);
    const tampered = pairs.map(([k, v]): [string, string] => [k, k === 'amount' ? '15.00' : v]);
    const res = await post('/paynet/api/v2/sale/1111', clientForm([...tampered, ['control', control]]));
    expect(res.status).toBe(403);
    const reply = new URLSearchParams(await res.text());
    expect(reply.get('type')).toBe('error');
    expect(reply.get('error-code')).toBe('ERR_CONTROL_MISMATCH');
    const why = res.headers.get('x-paysig-explanation') ?? '';
    expect(why).toContain('ERR_CONTROL_MISMATCH');
    expect(why).toContain('amount "1500"');
    expect(why).toContain(`received control ${control}`);
    expect(why).not.toContain(`expected control`);
    expect(why).not.toContain(KEY);
    const record = gateway.requests.at(-1)!;
    expect(record.accepted).toBe(false);
    expect(record.diagnosis?.control?.terms.find((t) => t.name === 'amount')?.value).toBe('1500');
  });

  it('refuses a replayed OAuth request, as verifyRequest does', async () => {
    const url = `${server.url}/paynet/api/v2/payout/1111`;
    const pairs: Array<[string, string]> = [
      ['client_orderid', 'p-1'],
      ['amount', '4.35'],
      ['currency', 'EUR'],
    ];
    const authorization = clientAuthorization(url, pairs, {
      method: 'HMAC-SHA1',
      consumerKey: 'merchant',
      secret: KEY,
    });
    const send = () => post('/paynet/api/v2/payout/1111', clientForm(pairs), { Authorization: authorization });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(403);
    expect(new URLSearchParams(await again.text()).get('error-code')).toBe('ERR_OAUTH_NONCE_REPLAYED');
  });

  it("refuses a request to an endpoint that is not the merchant's", async () => {
    const pairs = sale('10.42', 'order-3');
    const res = await post('/paynet/api/v2/sale/2222', clientForm([...pairs, ['control', saleControl(pairs)]]));
    expect(res.status).toBe(403);
    expect(new URLSearchParams(await res.text()).get('error-code')).toBe('ERR_UNKNOWN_MERCHANT');
  });

  it('answers a validation error (400) as validation-error, and GET as 405 with Allow', async () => {
    const bad = await post(
      '/paynet/api/v2/sale/1111',
      'client_orderid=x&amount=10.42&currency=EUR&email=a%40b&control=zz',
    );
    expect(bad.status).toBe(400);
    expect(new URLSearchParams(await bad.text()).get('type')).toBe('validation-error');
    const get = await fetch(`${server.url}/paynet/api/v2/sale/1111`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('delivers a signed callback to server_callback_url, which the merchant verifies', async () => {
    const accepted = gateway.requests.find((r) => r.accepted && r.body.includes('server_callback_url'))!;
    const order = new Map(accepted.response).get('paynet-order-id')!;
    const delivered = await gateway.sendCallback(order, 'approved');
    expect(delivered.status).toBe(200);
    expect(received.at(-1)).toEqual({ status: 'approved', orderid: order, client_orderid: 'order-1' });
    expect(new URL(delivered.url).searchParams.get('control')).toBe(sha1Hex(`approved${order}order-1${KEY}`));
  });

  it('calls loopback hosts only, and only for orders it accepted', async () => {
    const off = createTestGateway({ merchants: [{ login: 'merchant', endpointIds: ['1111'], controlKey: KEY }] });
    const pairs = sale('10.42', 'order-4', [['server_callback_url', 'https://merchant.example/cb']]);
    const body = clientForm([...pairs, ['control', saleControl(pairs)]]);
    const res = await off.fetch(
      new Request('https://gate.example/paynet/api/v2/sale/1111', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    const order = new URLSearchParams(await res.text()).get('paynet-order-id')!;
    await expect(off.sendCallback(order)).rejects.toThrow(/loopback/);
    await expect(off.sendCallback('nope')).rejects.toMatchObject({ code: 'ERR_INVALID_INPUT' });
  });

  it('is no signing oracle: a refused control request carries no digest that would pass (issue 29)', async () => {
    const pairs = sale('10.00', 'oracle-1');
    const wrong = 'a'.repeat(40);
    const res = await post('/paynet/api/v2/sale/1111', clientForm([...pairs, ['control', wrong]]));
    expect(res.status).toBe(403);
    const right = saleControl(pairs);
    let headers = '';
    res.headers.forEach((v, k) => {
      headers += `${k}: ${v}\n`;
    });
    expect(headers).not.toContain(right);
    expect(await res.text()).not.toContain(right);
    const why = res.headers.get('x-paysig-explanation') ?? '';
    // What went in, the key masked, and why it differs; not the digest.
    expect(why).toContain('amount "1000"');
    expect(why).toContain('<control key>');
    expect(why).toMatch(/the key or a term differs/);
    // Resending with anything the explanation carries does not pass.
    for (const hex of why.match(/[0-9a-f]{40}/g) ?? []) {
      const again = await post('/paynet/api/v2/sale/1111', clientForm([...pairs, ['control', hex]]));
      expect(again.status).toBe(403);
    }
  });

  it('reveals the expected digest only when asked to (revealExpected, for local debugging)', async () => {
    const open = createTestGateway({
      merchants: [{ login: 'merchant', endpointIds: ['1111'], controlKey: KEY }],
      revealExpected: true,
    });
    const pairs = sale('10.00', 'oracle-2');
    const res = await open.fetch(
      new Request('http://127.0.0.1/paynet/api/v2/sale/1111', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: clientForm([...pairs, ['control', 'b'.repeat(40)]]),
      }),
    );
    expect(res.headers.get('x-paysig-explanation')).toContain(`expected control ${saleControl(pairs)}`);
  });

  it('explains a replay as a replay; its diagnosis is not valid', async () => {
    const url = `${server.url}/paynet/api/v2/payout/1111`;
    const pairs: Array<[string, string]> = [
      ['client_orderid', 'p-replay'],
      ['amount', '4.35'],
      ['currency', 'EUR'],
    ];
    const authorization = clientAuthorization(url, pairs, {
      method: 'HMAC-SHA1',
      consumerKey: 'merchant',
      secret: KEY,
    });
    const send = () => post('/paynet/api/v2/payout/1111', clientForm(pairs), { Authorization: authorization });
    expect((await send()).status).toBe(200);
    const again = await send();
    expect(again.status).toBe(403);
    const why = again.headers.get('x-paysig-explanation') ?? '';
    expect(why).toMatch(/^ERR_OAUTH_NONCE_REPLAYED: /);
    expect(why).toMatch(/replay/i);
    const record = gateway.requests.at(-1)!;
    expect(record.diagnosis?.valid).toBe(false);
    expect(record.diagnosis?.error?.code).toBe('ERR_OAUTH_NONCE_REPLAYED');
  });

  it('explains a 70 KB body as the size limit (413), not a missing field', async () => {
    // In process: serve() answers an empty 413 of its own before the gateway sees the body.
    const pairs = sale('10.00', 'big', [['order_desc', 'x'.repeat(70 * 1024)]]);
    const res = await gateway.fetch(
      new Request(`${server.url}/paynet/api/v2/sale/1111`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: clientForm([...pairs, ['control', saleControl(pairs)]]),
      }),
    );
    expect(res.status).toBe(413);
    const why = res.headers.get('x-paysig-explanation') ?? '';
    expect(why).toMatch(/^ERR_BODY_TOO_LARGE: /);
    expect(why).not.toContain('ERR_MISSING_FIELD');
    const record = gateway.requests.at(-1)!;
    expect(record).toMatchObject({ accepted: false, status: 413 });
    expect(record.diagnosis?.error?.code ?? 'ERR_BODY_TOO_LARGE').toBe('ERR_BODY_TOO_LARGE');
  });

  it('starts every explanation with the code of the refusal', async () => {
    const get = await fetch(`${server.url}/paynet/api/v2/sale/1111`);
    expect(get.headers.get('x-paysig-explanation')).toMatch(/^ERR_METHOD_NOT_ALLOWED: /);
    const unknown = await post('/paynet/api/v2/nothing/1111', 'a=b');
    expect(unknown.headers.get('x-paysig-explanation')).toMatch(/^ERR_UNKNOWN_OPERATION: /);
  });

  it('keeps at most maxRecorded requests, the oldest dropped first, and refuses a bad bound', async () => {
    const small = createTestGateway({ merchants: [{ login: 'merchant', controlKey: KEY }], maxRecorded: 2 });
    for (const path of ['/a', '/b', '/c']) await small.fetch(new Request(`https://gate.example${path}`));
    expect(small.requests.map((r) => new URL(r.url).pathname)).toEqual(['/b', '/c']);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => createTestGateway({ merchants: [], maxRecorded: bad })).toThrow(/maxRecorded/);
    }
  });
});
