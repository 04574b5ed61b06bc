// diagnose() is bounded in every input, the URL included (issue 20: a 10 MB path gave 40 MB of
// output): each hostile input below gets a diagnosis that is a small multiple of the capped input
// (2 KiB of URL shown, 16 KiB analysed, the body cap), and says when it cut the URL.
import { describe, expect, it } from 'vitest';
import { diagnose, type RequestParts } from './index.js';
import { urlVariants } from './variants.js';

const BIG = 'a'.repeat(10 * 1024 * 1024);
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OAUTH = 'OAuth oauth_consumer_key="merchant", oauth_signature_method="HMAC-SHA1", oauth_signature="x"';
const options = { basePath: '/paynet', credentials: () => ({ controlKey: 'k', consumerSecret: 'k' }) };

/** The diagnosis as a server would log or send it. */
const size = (d: unknown): number => JSON.stringify(d).length;

describe('diagnose bounds its output in every input', () => {
  it.each<[string, () => Request | RequestParts, Record<string, unknown>?]>([
    [
      'a 10 MB path (Request)',
      () =>
        new Request(`https://g.example/paynet/api/v2/sale/1111/${BIG}`, { method: 'POST', headers: FORM, body: 'a=1' }),
    ],
    [
      'a 10 MB path (parts)',
      () => ({ method: 'POST', url: `https://g.example/paynet/api/v2/sale/1111/${BIG}`, headers: FORM, body: 'a=1' }),
    ],
    [
      'a 10 MB query on an OAuth operation',
      () => ({
        method: 'POST',
        url: `https://g.example/paynet/api/v2/payout/1111?x=${BIG}`,
        headers: { ...FORM, authorization: OAUTH },
        body: 'a=1',
      }),
    ],
    [
      'a 10 MB query on a control operation',
      () => ({ method: 'POST', url: `https://g.example/paynet/api/v2/sale/1111?x=${BIG}`, headers: FORM, body: 'a=1' }),
    ],
    ['a 10 MB URL that is not a URL', () => ({ method: 'POST', url: BIG, body: 'a=1' })],
    [
      'a 10 MB method',
      () => ({ method: BIG, url: 'https://g.example/paynet/api/v2/sale/1111', headers: FORM, body: 'a=1' }),
    ],
    [
      'a 10 MB Authorization header',
      () => ({
        method: 'POST',
        url: 'https://g.example/paynet/api/v2/payout/1111',
        headers: { ...FORM, authorization: `OAuth oauth_consumer_key="${BIG}"` },
        body: 'a=1',
      }),
    ],
    [
      'a 10 MB body (parts)',
      () => ({ method: 'POST', url: 'https://g.example/paynet/api/v2/sale/1111', headers: FORM, body: BIG }),
    ],
    [
      'a 10 MB options.url',
      () => ({ method: 'POST', url: 'https://g.example/x', headers: FORM, body: 'a=1' }),
      { url: `https://g.example/paynet/api/v2/payout/1111/${BIG}` },
    ],
  ])('%s gives a diagnosis under 16 KiB', async (_what, make, extra = {}) => {
    const d = await diagnose(make(), { ...options, ...extra });
    expect(d.valid).toBe(false);
    expect(size(d)).toBeLessThan(16 * 1024);
  });

  it('shows the first 2,048 characters of a long URL, says it was cut, and why it went no further', async () => {
    const url = `https://g.example/paynet/api/v2/sale/1111/${BIG}`;
    const d = await diagnose({ method: 'POST', url, headers: FORM, body: 'a=1' }, options);
    expect(d.request).toEqual({ method: 'POST', url: `${url.slice(0, 2048)}…`, cut: true });
    expect(d.problem).toBe(
      `the URL is ${url.length} characters long, over the 16384 the verifier accepts; request.url shows its start`,
    );
  });

  it('shows a URL of 2,048 characters whole, without cut', async () => {
    const url = 'https://g.example/paynet/api/v2/sale/1111?x=' + 'b'.repeat(2048 - 44);
    expect(url).toHaveLength(2048);
    const d = await diagnose({ method: 'POST', url, headers: FORM, body: 'a=1' }, options);
    expect(d.request).toEqual({ method: 'POST', url });
  });

  it("analyses a URL of 16,384 characters, the verifier's cap; one more is over it", async () => {
    const start = 'https://g.example/paynet/api/v2/sale/1111?x=';
    const url = start + 'b'.repeat(16_384 - start.length);
    const d = await diagnose({ method: 'POST', url, headers: FORM, body: 'a=1' }, options);
    expect(d.problem).toBeUndefined();
    expect(d.operation).toMatchObject({ id: 'sale', endpointId: '1111' });
    expect(d.control?.expected).toBeDefined();
    const over = await diagnose({ method: 'POST', url: `${url}b`, headers: FORM, body: 'a=1' }, options);
    expect(over.problem).toBe(
      'the URL is 16385 characters long, over the 16384 the verifier accepts; request.url shows its start',
    );
    expect(over.hints).toEqual([]);
  });

  it('shows a method of 32 characters whole; cuts a longer one, and a URL of 2,048 beside it stays whole', async () => {
    const url = 'https://g.example/paynet/api/v2/sale/1111?x=' + 'b'.repeat(2048 - 44);
    const method = 'M'.repeat(32);
    const d = await diagnose({ method, url, headers: FORM, body: 'a=1' }, options);
    expect(d.request).toEqual({ method, url });
    const longer = await diagnose({ method: `${method}M`, url, headers: FORM, body: 'a=1' }, options);
    expect(longer.request).toEqual({ method: `${method}…`, url, cut: true });
  });

  it('an OAuth request at every cap (16 KiB URL, 64 KiB body) gives at most 8 times its size', async () => {
    const url = 'https://g.example/paynet/api/v2/payout/1111?q=' + 'é'.repeat(8_000);
    const body = 'client_orderid=1&amount=1.00&currency=EUR&memo=' + '%C3%A9'.repeat(10_900);
    const d = await diagnose({ method: 'POST', url, headers: { ...FORM, authorization: OAUTH }, body }, options);
    expect(d.oauth?.baseString).toBeDefined();
    expect(size(d)).toBeLessThan(8 * (url.length + body.length));
  });
});

describe('diagnose does linear work on hostile forwarding headers', () => {
  // /\/+$/ on 600,000 slashes before a last character retries from every slash: minutes of
  // work, beyond the test's timeout. The trailing slashes are walked back from the end once.
  it('an X-Forwarded-Prefix of many slashes before a last character is tried as it is', () => {
    const prefix = `${'/'.repeat(600_000)}x`;
    const headers = new Headers({ 'x-forwarded-prefix': prefix });
    const v = urlVariants('https://g.example/api/v2/payout/1111', headers, '');
    expect(v.map((x) => x.value)).toContain(`https://g.example${prefix}/api/v2/payout/1111`);
  });
  it('an X-Forwarded-Prefix that ends in slashes loses them', () => {
    const headers = new Headers({ 'x-forwarded-prefix': '/paynet///' });
    const v = urlVariants('https://g.example/api/v2/payout/1111', headers, '');
    expect(v.map((x) => x.value)).toContain('https://g.example/paynet/api/v2/payout/1111');
  });
});
