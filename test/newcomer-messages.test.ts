// Issue 31, the messages a newcomer reads: a signature failure names both usual causes and
// diagnose; diagnose hints for a doubled /api/v2 and a timestamp beyond the future bound; the
// CLI's diagnose takes the merchant from the OAuth consumer key and states its windows once.
import { describe, expect, it } from 'vitest';
import { clientAuthorization, clientForm } from './helpers/client-sign.js';
import { main } from '../src/cli/run.js';
import { diagnose, MemoryNonceStore, verifyRequest } from '../src/index.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const HOST = 'https://gate.example.com';
const pairs: Array<[string, string]> = [
  ['client_orderid', 'p-1'],
  ['amount', '4.35'],
  ['currency', 'EUR'],
];
const credentials = () => ({ controlKey: KEY });

function payout(path: string, options: { timestamp?: number; secret?: string } = {}) {
  const url = `${HOST}${path}`;
  const authorization = clientAuthorization(url, pairs, {
    method: 'HMAC-SHA1',
    consumerKey: 'merchant',
    secret: options.secret ?? KEY,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: authorization };
  return { url, headers, body: clientForm(pairs), method: 'POST' };
}

async function cli(argv: string[], env: Record<string, string>, input: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env,
    readStdin: () => Promise.resolve(input),
    stdinIsTTY: false,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const rawHttp = (r: ReturnType<typeof payout>) =>
  `POST ${new URL(r.url).pathname} HTTP/1.1\r\nHost: gate.example.com\r\nContent-Type: ${r.headers['Content-Type']}\r\nAuthorization: ${r.headers.Authorization}\r\n\r\n${r.body}`;

describe('ERR_SIGNATURE_INVALID', () => {
  it('names the URL and the key as the usual causes, and diagnose, without a secret', async () => {
    const r = payout('/paynet/api/v2/payout/1111', { secret: 'not-the-key' });
    const nonceStore = new MemoryNonceStore();
    const error = await verifyRequest(new Request(r.url, r), { basePath: '/paynet', credentials, nonceStore }).catch(
      (e) => e,
    );
    expect(error.code).toBe('ERR_SIGNATURE_INVALID');
    expect(error.message).toMatch(/URL/);
    expect(error.message).toMatch(/key/);
    expect(error.message).toMatch(/diagnose/);
    expect(error.message).not.toContain(KEY);
  });
});

describe('diagnose hints', () => {
  it('base-path for a doubled /api/v2 sent by a client that is not paysig', async () => {
    const r = payout('/paynet/api/v2/api/v2/payout/1111');
    const d = await diagnose(r, { basePath: '/paynet', credentials });
    expect(d.valid).toBe(false);
    const hint = d.hints.find((h) => h.id === 'base-path');
    expect(hint?.message).toMatch(/\/api\/v2 twice/);
    expect(hint?.message).toContain('/paynet/api/v2/payout/1111');
  });

  it('stale-timestamp for a timestamp 59 s ahead, naming the future bound only', async () => {
    const now = 1_800_000_000;
    const r = payout('/paynet/api/v2/payout/1111', { timestamp: now + 59 });
    const d = await diagnose(r, { basePath: '/paynet', credentials, now });
    expect(d.error?.code).toBe('ERR_OAUTH_TIMESTAMP');
    const hint = d.hints.find((h) => h.id === 'stale-timestamp');
    expect(hint?.message).toMatch(/59 s in the future/);
    expect(hint?.message).toMatch(/30 s/);
    expect(hint?.message).not.toMatch(/300 s/);
    expect(d.oauth?.maxFutureSkewSeconds).toBe(30);
  });
});

describe('paysig diagnose', () => {
  it('takes the merchant from the OAuth consumer key when PAYSIG_LOGIN is unset', async () => {
    const r = payout('/paynet/api/v2/payout/1111');
    const res = await cli(['diagnose'], { PAYSIG_CONTROL_KEY: KEY }, rawHttp(r));
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out.split('\n')[0]).toBe('OK payout (HMAC-SHA1) endpoint 1111');
  });

  it('states the windows it applies once, for a timestamp 59 s ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    const r = payout('/paynet/api/v2/payout/1111', { timestamp: now + 59 });
    const res = await cli(['diagnose', '--now', String(now)], { PAYSIG_CONTROL_KEY: KEY }, rawHttp(r));
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/allowed: 300 s behind, 30 s ahead/);
    expect(res.out).not.toMatch(/either way/);
    expect(res.out.match(/allowed: /g)?.length).toBe(1);
    expect(res.out).toMatch(/hint \[stale-timestamp\]/);
  });
});
