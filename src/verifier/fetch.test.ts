// The Fetch wrappers, in Hono 4 (app.request runs the app in process) and as a bare
// `Request -> Response` function (what Workers, Deno.serve, Bun.serve and Next route handlers
// call): valid, tampered and replayed requests, the error shape after Accept, Allow on 405,
// onRefused, extra platform arguments, and callbacks by GET and POST. Digests from node:crypto.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { withVerifiedCallback, withVerifiedRequest } from './fetch.js';
import { signRequest } from '../request/sign.js';

const LOGIN = 'merchantlogin';
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const BASE = 'https://gate.example.com/paynet';
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

function sale(amount = '10.42', accept = 'application/vnd.pay+json'): Request {
  const control = sha1(`1111902B4FF51042john.smith@gmail.com${KEY}`);
  return new Request(`${BASE}/api/v2/sale/1111`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body: `client_orderid=902B4FF5&amount=${amount}&currency=EUR&email=john.smith%40gmail.com&control=${control}`,
  });
}

function handler(refused: unknown[] = []) {
  return withVerifiedRequest(
    {
      basePath: '/paynet',
      credentials: ({ login, consumerKey, endpointId }) =>
        (login ?? consumerKey) === LOGIN || endpointId === '1111' ? { controlKey: KEY } : undefined,
      nonceStore: new MemoryNonceStore(),
      onRefused: (error) => {
        refused.push(error);
        throw new Error('a failing logger changes nothing');
      },
    },
    (verified, _request, env?: { region: string }) =>
      Response.json({ operation: verified.operationId, order: verified.fields['client_orderid'], region: env?.region }),
  );
}

describe('withVerifiedRequest', () => {
  it('calls the handler with the verified result and the platform arguments', async () => {
    const res = await handler()(sale(), { region: 'eu' });
    expect([res.status, await res.json()]).toEqual([200, { operation: 'sale', order: '902B4FF5', region: 'eu' }]);
  });

  it('answers a tampered request with 403 and the error shape, JSON or form after Accept', async () => {
    const refused: unknown[] = [];
    const handle = handler(refused);
    const json = await handle(sale('10.43'));
    expect([json.status, json.headers.get('content-type')]).toEqual([403, 'application/vnd.pay+json; charset=utf-8']);
    expect(await json.json()).toEqual({
      type: 'error',
      'error-message': 'control digest does not match formula C-B',
      'error-code': 'ERR_CONTROL_MISMATCH',
    });
    const form = await handle(sale('10.43', '*/*'));
    expect(new URLSearchParams(await form.text()).get('error-code')).toBe('ERR_CONTROL_MISMATCH');
    expect(refused.map((e) => (e as { code: string }).code)).toEqual(['ERR_CONTROL_MISMATCH', 'ERR_CONTROL_MISMATCH']);
  });

  it('refuses a replay, and answers another method with 405 and Allow', async () => {
    const handle = handler();
    const s = await signRequest('payout', {
      baseUrl: BASE,
      endpointId: 1111,
      params: { client_orderid: 'P-1', amount: '25.00', currency: 'EUR' },
      credentials: { login: LOGIN, controlKey: KEY },
    });
    expect((await handle(s.toRequest())).status).toBe(200);
    const again = await handle(s.toRequest());
    expect([again.status, (await again.json())['error-code']]).toEqual([403, 'ERR_OAUTH_NONCE_REPLAYED']);
    const get = await handle(new Request(`${BASE}/api/v2/sale/1111`));
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('runs in Hono: one route verifies every operation', async () => {
    const app = new Hono();
    const handle = handler();
    app.post('/paynet/api/*', (c) => handle(c.req.raw));
    expect((await app.request(sale())).status).toBe(200);
    expect((await app.request(sale('10.43'))).status).toBe(403);
  });
});

describe('withVerifiedCallback', () => {
  const fields = `orderid=5412&client_orderid=S-1&control=${sha1(`approved5412S-1${KEY}`)}`;
  const handle = withVerifiedCallback({ controlKey: KEY }, (callback) => new Response(`OK ${callback.status}`));

  it('verifies a GET callback and a POST (form) one, and refuses a tampered one', async () => {
    const get = await handle(new Request(`https://shop.example/callback?status=approved&${fields}`));
    expect([get.status, await get.text()]).toEqual([200, 'OK approved']);
    const post = await handle(
      new Request('https://shop.example/callback', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `status=approved&${fields}`,
      }),
    );
    expect([post.status, await post.text()]).toEqual([200, 'OK approved']);
    const bad = await handle(new Request(`https://shop.example/callback?status=declined&${fields}`));
    expect([bad.status, new URLSearchParams(await bad.text()).get('error-code')]).toEqual([
      403,
      'ERR_CONTROL_MISMATCH',
    ]);
  });

  it('fails when created without a control key; withVerifiedRequest without credentials likewise', () => {
    expect(() => withVerifiedCallback({ controlKey: '' }, () => new Response())).toThrow(
      expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'controlKey' }),
    );
    expect(() => withVerifiedRequest({} as Parameters<typeof withVerifiedRequest>[0], () => new Response())).toThrow(
      expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'credentials' }),
    );
  });
});
