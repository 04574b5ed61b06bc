// signCallback against an independent digest (node:crypto) and the service's published
// hosted-fields vector, and round-trips through verifyCallback (a receiver's view).
import { describe, expect, it } from 'vitest';
import { sha1Hex } from '../../test/helpers/client-sign.js';
import { verifyCallback } from '../request/callback.js';
import { signCallback } from './callback.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const URL_ = 'http://127.0.0.1:8080/cb?shop=7';

describe('signCallback', () => {
  it('reproduces the published hosted-fields vector (merchant_order in the client_orderid place)', async () => {
    const cb = await signCallback(
      { status: 'approved', orderid: '1234567', merchant_order: 'hf-abc' },
      'test-merchant-control',
      { url: 'https://merchant.example/cb' },
    );
    expect(cb.control).toBe('652ace404c4dfe8bba069ecee594ec23a89340e1');
    expect(cb.url).toBe(
      'https://merchant.example/cb?status=approved&orderid=1234567&merchant_order=hf-abc&control=652ace404c4dfe8bba069ecee594ec23a89340e1',
    );
  });

  it("GET: the query of status, orderid, client_orderid, extras, then control, after the URL's own query", async () => {
    const cb = await signCallback(
      { amount: '10.42', client_orderid: ' order 42 ', orderid: '99', status: 'approved', type: 'sale' },
      KEY,
      { url: URL_ },
    );
    expect(cb.control).toBe(sha1Hex(`approved99order 42${KEY}`));
    expect(cb.params.map(([n]) => n)).toEqual(['status', 'orderid', 'client_orderid', 'amount', 'type', 'control']);
    expect(cb.method).toBe('GET');
    expect(cb.body).toBeUndefined();
    const url = new URL(cb.url);
    expect(url.searchParams.get('shop')).toBe('7');
    expect(url.searchParams.get('client_orderid')).toBe(' order 42 ');
    const verified = await verifyCallback(url, KEY);
    expect([verified.status, verified.orderid, verified.client_orderid, verified.amount]).toEqual([
      'approved',
      '99',
      'order 42',
      '10.42',
    ]);
  });

  it('POST (customer redirect): a form body with the REDIRECT formula, same terms', async () => {
    const cb = await signCallback({ status: 'declined', orderid: '5', client_orderid: 'o-5' }, KEY, {
      url: 'https://shop.example/return',
      method: 'POST',
      kind: 'redirect',
    });
    expect(cb.control).toBe(sha1Hex(`declined5o-5${KEY}`));
    const request = cb.request();
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(await request.text()).toBe(`status=declined&orderid=5&client_orderid=o-5&control=${cb.control}`);
    expect(await verifyCallback(new URLSearchParams(cb.body), KEY)).toMatchObject({ status: 'declined', final: true });
  });

  it('a changed covered value no longer verifies', async () => {
    const cb = await signCallback({ status: 'declined', orderid: '5', client_orderid: 'o-5' }, KEY, { url: URL_ });
    const tampered = new URL(cb.url.replace('status=declined', 'status=approved'));
    await expect(verifyCallback(tampered, KEY)).rejects.toMatchObject({ code: 'ERR_CONTROL_MISMATCH' });
  });

  it.each([
    [{ status: 'approved', orderid: '1' }, { url: URL_ }, 'ERR_MISSING_FIELD'],
    [{ status: 'approved', orderid: ' ', client_orderid: 'x' }, { url: URL_ }, 'ERR_MISSING_FIELD'],
    [{ status: 'approved', orderid: '1', client_orderid: 'x', control: 'abc' }, { url: URL_ }, 'ERR_INVALID_INPUT'],
    [{ status: 'approved', orderid: '1', client_orderid: 'x' }, { url: '/cb' }, 'ERR_INVALID_INPUT'],
    [{ status: 'approved', orderid: '1', client_orderid: 'x' }, { url: 'ftp://h/cb' }, 'ERR_INVALID_INPUT'],
    [{ status: 'approved', orderid: '1', client_orderid: 'x' }, { url: URL_, method: 'PUT' }, 'ERR_INVALID_INPUT'],
    [{ status: 'approved', orderid: 1, client_orderid: 'x' }, { url: URL_ }, 'ERR_INVALID_INPUT'],
  ])('refuses %j with %s', async (params, options, code) => {
    await expect(signCallback(params as never, KEY, options as never)).rejects.toMatchObject({ code });
  });
});

describe('signCallback refusals name the field and the rule', () => {
  const ok = { status: 'approved', orderid: '1', client_orderid: 'x' } as const;
  it.each([
    [
      'params that are not an object',
      null,
      { url: URL_ },
      'signCallback needs the callback parameters as an object',
      'params',
    ],
    ['an unknown kind', ok, { url: URL_, kind: 'refund' }, "kind must be 'callback' or 'redirect'", 'kind'],
    [
      'a method other than GET or POST',
      ok,
      { url: URL_, method: 'PUT' },
      `method must be 'GET' or 'POST', not "PUT"`,
      'method',
    ],
    [
      'a relative URL',
      ok,
      { url: '/cb' },
      "url must be an absolute http(s) URL (the merchant's server_callback_url)",
      'url',
    ],
    ['a URL that is not http(s)', ok, { url: 'ftp://h/cb' }, 'url must be an http(s) URL', 'url'],
    [
      'a value that is not a string',
      { ...ok, amount: 10 },
      { url: URL_ },
      'callback parameter "amount" must be a string',
      'amount',
    ],
    [
      'a control parameter',
      { ...ok, control: 'abc' },
      { url: URL_ },
      'do not pass "control": signCallback computes it',
      'control',
    ],
  ])('refuses %s (ERR_INVALID_INPUT)', async (_what, params, options, message, field) => {
    await expect(signCallback(params as never, KEY, options as never)).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      message,
      field,
    });
  });

  it('names the missing covered parameter: client_orderid when neither it nor merchant_order is given', async () => {
    await expect(signCallback({ status: 'approved', orderid: '1' }, KEY, { url: URL_ })).rejects.toMatchObject({
      code: 'ERR_MISSING_FIELD',
      message: 'a callback needs "client_orderid"',
      field: 'client_orderid',
    });
  });

  it('names an empty orderid (blank after the service trim) as missing', async () => {
    await expect(
      signCallback({ status: 'approved', orderid: ' ', client_orderid: 'x' }, KEY, { url: URL_ }),
    ).rejects.toMatchObject({ code: 'ERR_MISSING_FIELD', message: 'a callback needs "orderid"', field: 'orderid' });
  });
});
