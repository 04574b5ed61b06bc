// verifyIncoming on hand-made request objects: repeated header values, a request without a
// method, URL refusals as rejections, the `url` option, and missing options.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { VerifyRequestOptions } from '../request/verify.js';
import { verifyIncoming, type IncomingMessageLike } from './index.js';

const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
// The sale's control, computed here with node:crypto (endpoint, order id, amount in cents, email, key).
const CONTROL = createHash('sha1').update(`1111902B4FF51042john.smith@gmail.com${CONTROL_KEY}`).digest('hex');
const SALE = `client_orderid=902B4FF5&amount=10.42&currency=EUR&email=john.smith%40gmail.com&control=${CONTROL}`;

const options = (): VerifyRequestOptions & { body: string } => ({
  basePath: '/paynet',
  credentials: ({ endpointId }) => (endpointId === '1111' ? { controlKey: CONTROL_KEY } : undefined),
  body: SALE,
});

function req(
  headers: Record<string, string | readonly string[]>,
  extra: Partial<IncomingMessageLike> = {},
): IncomingMessageLike {
  return {
    method: 'POST',
    url: '/paynet/api/v2/sale/1111',
    headers: { host: 'gate.example.com', ...headers },
    on: () => undefined,
    removeListener: () => undefined,
    ...extra,
  };
}

describe('verifyIncoming', () => {
  it('reads a repeated header as its values joined with ", "', async () => {
    const verified = await verifyIncoming(
      req({ 'content-type': ['application/x-www-form-urlencoded'], accept: ['text/html', 'application/vnd.pay+json'] }),
      options(),
    );
    expect(verified.operation.id).toBe('sale');
    expect(verified.responseFormat).toBe('json');
  });

  it('takes a request without a method as GET (405)', async () => {
    await expect(
      verifyIncoming(req({ 'content-type': 'application/x-www-form-urlencoded' }, { method: undefined }), options()),
    ).rejects.toMatchObject({ code: 'ERR_METHOD_NOT_ALLOWED', message: 'method must be POST, got "GET"' });
  });

  it('rejects (never throws) when the URL cannot be built, and needs no Host with the url option', async () => {
    const noHost = { ...req({ 'content-type': 'application/x-www-form-urlencoded' }), headers: {} };
    const p = verifyIncoming(noHost, options());
    await expect(p).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'Host',
      message: 'the request has no Host header, so its absolute URL is unknown (HTTP/1.1 requires Host)',
    });
    const verified = await verifyIncoming(
      { ...noHost, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { ...options(), url: 'https://gate.example.com/paynet/api/v2/sale/1111' },
    );
    expect(verified.operation.id).toBe('sale');
  });

  it('rejects (never throws) a bodyTimeoutMs that is no positive number (ERR_CONFIGURATION, field bodyTimeoutMs)', async () => {
    for (const bodyTimeoutMs of [0, -1, Number.NaN]) {
      const p = verifyIncoming(req({ 'content-type': 'application/x-www-form-urlencoded' }), {
        ...options(),
        bodyTimeoutMs,
      });
      await expect(p).rejects.toMatchObject({
        code: 'ERR_CONFIGURATION',
        field: 'bodyTimeoutMs',
        message:
          'createVerifier: "bodyTimeoutMs" must be a positive number of milliseconds (default 30000; Infinity for none)',
      });
    }
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
  ])('refuses %s options as verifyRequest does (ERR_CONFIGURATION, field credentials)', async (_label, opts) => {
    await expect(
      verifyIncoming(req({ 'content-type': 'application/x-www-form-urlencoded' }), opts as never),
    ).rejects.toMatchObject({
      code: 'ERR_CONFIGURATION',
      field: 'credentials',
      message: 'verifyRequest needs options with a credentials function',
    });
  });
});
