// The OAuth diagnosis: the parameters with their source, what it reads from the header, the
// timestamp and login checks, and why it stops. Signatures and base strings come from
// test/helpers/diagnose-oauth.ts (node:crypto and a base string written out by hand).
import { describe, expect, it } from 'vitest';
import {
  baseString,
  context,
  hmac,
  header,
  KEY,
  LOGIN,
  NOW,
  oauthParams,
  PAYOUT,
  signedHeader,
} from '../../test/helpers/diagnose-oauth.js';
import { diagnose } from './index.js';
import { diagnoseOAuth } from './oauth.js';

describe('diagnoseOAuth: what it reports', () => {
  it('lists every parameter with its source and whether it is signed, for a valid request', async () => {
    const url = `${PAYOUT}?q=1`;
    const oauth = oauthParams();
    const body: Array<[string, string]> = [['amount', '10.00']];
    const authorization = signedHeader(oauth, body, hmac, url);
    const signature = hmac(baseString(url, [...body, ...Object.entries(oauth)]));
    const r = await diagnoseOAuth(context({ authorization, raw: body, url }));
    expect(Object.keys(r).sort()).toEqual(['hints', 'oauth']);
    expect(r.hints).toEqual([]);
    expect(r.oauth.parameters).toEqual([
      { name: 'q', value: '1', source: 'query', signed: true },
      { name: 'amount', value: '10.00', source: 'body', signed: true },
      ...Object.entries(oauth).map(([name, value]) => ({ name, value, source: 'header', signed: true })),
      { name: 'oauth_signature', value: signature, source: 'header', signed: false },
    ]);
    expect(r.oauth).toMatchObject({
      signatureMethod: 'HMAC-SHA1',
      consumerKey: LOGIN,
      receivedSignature: signature,
      expectedSignature: signature,
      baseString: baseString(url, [...body, ...Object.entries(oauth)]),
    });
  });

  it('counts once only the first body repeat of a header value; a body oauth_signature is never signed', async () => {
    const oauth = oauthParams();
    const raw: Array<[string, string]> = [
      ['oauth_signature', 'AAAA'],
      ['oauth_nonce', 'another'],
      ['oauth_timestamp', String(NOW)],
      ['oauth_timestamp', String(NOW)],
    ];
    const r = await diagnoseOAuth(context({ authorization: signedHeader(oauth, []), raw }));
    expect(r.oauth.parameters.filter((p) => p.source === 'body').map((p) => [p.name, p.signed])).toEqual([
      ['oauth_signature', false],
      ['oauth_nonce', true],
      ['oauth_timestamp', false],
      ['oauth_timestamp', true],
    ]);
  });

  it('leaves out what the header lacks and says so', async () => {
    for (const missing of ['oauth_consumer_key', 'oauth_signature']) {
      const oauth = { ...oauthParams(), oauth_signature: 'AAAA' };
      delete (oauth as Record<string, string>)[missing];
      const r = await diagnoseOAuth(context({ authorization: header(oauth) }));
      expect(r.problem).toBe('the header lacks oauth_consumer_key or oauth_signature');
      const signed = Object.entries(oauth).filter(([k]) => k !== 'oauth_signature');
      expect(r.oauth.baseString).toBe(baseString(PAYOUT, signed));
    }
    const bare = await diagnoseOAuth(context({ authorization: header({ oauth_nonce: 'x' }) }));
    for (const absent of ['signatureMethod', 'consumerKey', 'receivedSignature']) {
      expect(Object.keys(bare.oauth)).not.toContain(absent);
    }
    expect(bare.problem).toBe('the header lacks oauth_consumer_key or oauth_signature');
  });

  it('reports the timestamp offset only for a timestamp, and a stale one beyond, not at, the skew', async () => {
    const at = async (ts: string) => {
      const oauth = oauthParams({ oauth_timestamp: ts });
      return diagnoseOAuth(context({ authorization: signedHeader(oauth, []) }));
    };
    expect(Object.keys((await at('soon')).oauth)).not.toContain('timestampOffsetSeconds');
    // Ahead of the clock the bound is maxFutureSkewSeconds (30), behind it maxSkewSeconds (300).
    const edge = await at(String(NOW + 30));
    expect(edge.oauth.timestampOffsetSeconds).toBe(30);
    expect(edge.hints).toEqual([]);
    const future = await at(String(NOW + 31));
    expect(future.hints).toEqual([
      {
        id: 'stale-timestamp',
        message: expect.stringContaining('oauth_timestamp is 31 s in the future, beyond the 30 s allowed ahead of'),
      },
    ]);
    expect((await at(String(NOW - 300))).hints).toEqual([]);
    expect((await at(String(NOW - 301))).hints).toEqual([
      {
        id: 'stale-timestamp',
        message: expect.stringContaining('oauth_timestamp is 301 s in the past, beyond the 300 s allowed behind'),
      },
    ]);
  });

  it('takes a timestamp for milliseconds from 1e12 on, when it is over 100 times the clock', async () => {
    const hints = async (ts: number, now = NOW) => {
      const oauth = oauthParams({ oauth_timestamp: String(ts) });
      return (await diagnoseOAuth(context({ authorization: signedHeader(oauth, []), now }))).hints;
    };
    const ahead = (seconds: number) => [
      {
        id: 'stale-timestamp',
        message: `oauth_timestamp is ${seconds} s in the future, beyond the 30 s allowed ahead of the server's clock: keep the client's clock on NTP and sign just before sending`,
      },
    ];
    const milliseconds = [
      {
        id: 'stale-timestamp',
        message:
          'oauth_timestamp is in milliseconds (Date.now()): milliseconds? send seconds, Math.floor(Date.now() / 1000)',
      },
    ];
    expect(await hints(NOW * 1000)).toEqual(milliseconds);
    expect(await hints(1e12)).toEqual(milliseconds);
    // Under 1e12 it is a time in seconds, far ahead.
    expect(await hints(5e11)).toEqual(ahead(5e11 - NOW));
    // Not over 100 times the clock (a clock of 1e10 s, in the year 2286): seconds too.
    expect(await hints(1e12, 1e10)).toEqual(ahead(1e12 - 1e10));
  });

  it('compares a non-empty body login with the consumer key, quoting at most 64 characters of each', async () => {
    const run = async (login: string, consumerKey: string | undefined) => {
      const oauth = oauthParams({ oauth_consumer_key: consumerKey });
      const raw: Array<[string, string]> = [['login', login]];
      return diagnoseOAuth(context({ authorization: signedHeader(oauth, raw), raw }));
    };
    expect((await run('', LOGIN)).hints).toEqual([]);
    expect((await run(LOGIN, LOGIN)).hints).toEqual([]);
    expect((await run('someone', undefined)).hints).toEqual([]);
    const long = await run('l'.repeat(100), 'c'.repeat(100));
    expect(long.hints.map((h) => h.id)).toEqual(['login-consumer-mismatch']);
    const text = long.hints[0]!.message;
    expect(text).toContain(`the body's login "${'l'.repeat(64)}" differs from oauth_consumer_key "${'c'.repeat(64)}"`);
  });
});

describe('diagnoseOAuth: why it stops', () => {
  it('says the base string cannot be built, and lists no query, for a URL the signer refuses', async () => {
    const r = await diagnoseOAuth(
      context({ authorization: signedHeader(oauthParams(), []), url: 'ftp://gate.example.com/x?q=1' }),
    );
    expect(r.problem).toMatch(/^the signature base string cannot be built: /);
    expect(r.oauth.parameters.filter((p) => p.source === 'query')).toEqual([]);
    expect(r.oauth.baseString).toBeUndefined();
  });

  it('counts oauth_signature among the parameters as the verifier does (10,000 at most)', async () => {
    // 9,995 body fields + 5 oauth_* = 10,000 signed; with oauth_signature 10,001 parameters.
    const body: Array<[string, string]> = Array.from({ length: 9_995 }, (_, i) => [`f${i}`, '1']);
    const request = {
      method: 'POST',
      url: PAYOUT,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: signedHeader(oauthParams(), body),
      },
      body: body.map(([k, v]) => `${k}=${v}`).join('&'),
    };
    const d = await diagnose(request, {
      basePath: '/paynet',
      now: NOW,
      maxBodyBytes: 200_000,
      credentials: () => ({ controlKey: KEY }),
    });
    expect(d.error?.message).toContain('more than 10000 parameters');
    expect(d.problem).toBe('the signature base string cannot be built: more than 10000 parameters');
  });

  it('names the consumer it has no credentials for, in at most 64 characters', async () => {
    const oauth = oauthParams({ oauth_consumer_key: 'k'.repeat(100) });
    const r = await diagnoseOAuth(context({ authorization: signedHeader(oauth, []), creds: undefined }));
    expect(r.problem).toBe(`no credentials for consumer "${'k'.repeat(64)}"`);
  });
});
