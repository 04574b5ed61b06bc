// trustProxy takes what the trusted proxies wrote (the last hop, or the n-th from the end), never
// a value the client put first in X-Forwarded-*: the cross-host replay of issue 20, end to end.
import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from '../stores/memory/index.js';
import type { VerifyRequestOptions } from '../request/verify.js';
import { clientAuthorization, clientForm } from '../../test/helpers/client-sign.js';
import { incomingUrl, type IncomingMessageLike } from './incoming.js';
import { verifyIncoming } from './index.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const PAYOUT: Array<[string, string]> = [
  ['client_orderid', 'p-1'],
  ['amount', '25.00'],
  ['currency', 'EUR'],
  ['destination-card-no', '4444555566661111'],
];

function req(
  headers: Record<string, string | readonly string[]>,
  url = '/paynet/api/v2/payout/1111',
): IncomingMessageLike {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    on: () => undefined,
    removeListener: () => undefined,
  };
}

const options = (
  trustProxy: boolean | number,
): VerifyRequestOptions & { body: string; trustProxy: boolean | number } => ({
  basePath: '/paynet',
  credentials: ({ consumerKey }) => (consumerKey === 'merchant' ? { controlKey: KEY } : undefined),
  nonceStore: new MemoryNonceStore(),
  body: clientForm(PAYOUT),
  trustProxy,
});

describe('trustProxy: which X-Forwarded-* value is used', () => {
  const headers = {
    host: '10.0.0.5:3000',
    'x-forwarded-proto': 'http, https, http',
    'x-forwarded-host': 'client.example, cdn.example, gate.example.com',
  };

  it('true takes the last value; a number n the n-th from the end; more hops than values the first', () => {
    expect(incomingUrl(req(headers), { trustProxy: true })).toBe('http://gate.example.com/paynet/api/v2/payout/1111');
    expect(incomingUrl(req(headers), { trustProxy: 1 })).toBe('http://gate.example.com/paynet/api/v2/payout/1111');
    expect(incomingUrl(req(headers), { trustProxy: 2 })).toBe('https://cdn.example/paynet/api/v2/payout/1111');
    expect(incomingUrl(req(headers), { trustProxy: 5 })).toBe('http://client.example/paynet/api/v2/payout/1111');
    expect(incomingUrl(req(headers), { trustProxy: 0 })).toBe('http://10.0.0.5:3000/paynet/api/v2/payout/1111');
    expect(incomingUrl(req(headers), { trustProxy: false })).toBe('http://10.0.0.5:3000/paynet/api/v2/payout/1111');
  });

  it('reads a header sent on several lines as one list, in order', () => {
    const r = req({ host: 'internal', 'x-forwarded-host': ['client.example', 'gate.example.com'] });
    expect(incomingUrl(r, { trustProxy: true })).toBe('http://gate.example.com/paynet/api/v2/payout/1111');
  });

  it.each([[-1], [1.5], [33], [Number.NaN], ['1' as never]])('refuses trustProxy %s (ERR_CONFIGURATION)', (value) => {
    expect(() => incomingUrl(req(headers), { trustProxy: value })).toThrow(
      expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'trustProxy' }),
    );
  });
});

describe('cross-host replay behind a proxy that appends X-Forwarded-Host', () => {
  // The client signed for https://a.example (signature computed without paysig).
  const authorization = clientAuthorization('https://a.example/paynet/api/v2/payout/1111', PAYOUT, {
    method: 'HMAC-SHA1',
    consumerKey: 'merchant',
    secret: KEY,
  });

  it('the request as sent to a.example verifies (its proxy appended a.example)', async () => {
    const sent = req({
      host: 'app:3000',
      authorization,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'a.example',
    });
    await expect(verifyIncoming(sent, options(true))).resolves.toMatchObject({ operation: { id: 'payout' } });
  });

  it('replayed to b.example with X-Forwarded-Host: a.example put first by the client, it is refused', async () => {
    // b.example's nginx: proxy_set_header X-Forwarded-Host "$http_x_forwarded_host, $host" (appends).
    const replayed = req({
      host: 'app:3000',
      authorization,
      'x-forwarded-proto': 'https, https',
      'x-forwarded-host': 'a.example, b.example',
    });
    await expect(verifyIncoming(replayed, options(true))).rejects.toMatchObject({ code: 'ERR_SIGNATURE_INVALID' });
    // Behind two proxies (CDN, then nginx) the CDN's value is taken, still never the client's.
    const twice = req({
      host: 'app:3000',
      authorization,
      'x-forwarded-proto': 'https, https, https',
      'x-forwarded-host': 'a.example, b.example, b.example',
    });
    await expect(verifyIncoming(twice, options(2))).rejects.toMatchObject({ code: 'ERR_SIGNATURE_INVALID' });
  });
});
