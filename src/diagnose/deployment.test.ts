// "Why 403?" for the usual deployment faults, as a user meets them: the client signs (with the
// independent signer of test/helpers/client-sign.ts, or node:crypto by hand) for the public URL or
// with its own idea of the HMAC key; the server verifies what it sees. The refusal carries the URL
// checked, and diagnose() names the variant that verifies.
import { createHmac } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAuthorization, clientForm, rfc3986 } from '../../test/helpers/client-sign.js';
import { SignatureInvalidError } from '../errors/index.js';
import { verifyRequest } from '../request/verify.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { toFetchRequest } from '../node/index.js';
import { diagnose } from './index.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const PUBLIC_URL = 'https://gate.example.com/paynet/api/v2/payout/1111';
const INTERNAL_URL = 'http://127.0.0.1:3000/paynet/api/v2/payout/1111';
const BODY: Array<[string, string]> = [
  ['client_orderid', 'P-1'],
  ['amount', '10.00'],
  ['currency', 'EUR'],
];
const credentials = () => ({ controlKey: KEY });
const options = { basePath: '/paynet', credentials };

function request(signedFor: string, sentTo: string, headers: Record<string, string> = {}, secret = KEY): Request {
  return new Request(sentTo, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: clientAuthorization(signedFor, BODY, { method: 'HMAC-SHA1', consumerKey: 'merchant', secret }),
      ...headers,
    },
    body: clientForm(BODY),
  });
}

async function refusal(r: Request, o: Parameters<typeof verifyRequest>[1] = options): Promise<SignatureInvalidError> {
  const e = await verifyRequest(r, { ...o, nonceStore: new MemoryNonceStore() }).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(SignatureInvalidError);
  return e as SignatureInvalidError;
}

const ids = (d: { hints: ReadonlyArray<{ id: string }> }) => d.hints.map((h) => h.id);

describe('a signature mismatch carries the URL it was checked against', () => {
  it('names the URL as the server saw it, in the message and as .url, and never the key', async () => {
    const e = await refusal(request(PUBLIC_URL, INTERNAL_URL));
    expect(e.url).toBe(INTERNAL_URL);
    expect(e.message).toContain(`POST ${INTERNAL_URL}`);
    expect(e.message).not.toContain(KEY);
  });

  it('leaves a user:password part of the URL out', async () => {
    const e = await refusal(request(PUBLIC_URL, INTERNAL_URL), {
      ...options,
      url: 'http://ops:hunter2@127.0.0.1:3000/paynet/api/v2/payout/1111',
    });
    expect(e.url).toBe(INTERNAL_URL);
    expect(e.message).not.toContain('hunter2');
  });
});

describe('diagnose names the deployment variant that verifies', () => {
  it('X-Forwarded-Proto/X-Forwarded-Host: signed for the public URL, received behind a proxy', async () => {
    const sent = request(PUBLIC_URL, INTERNAL_URL, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'gate.example.com',
    });
    const d = await diagnose(sent, options);
    expect(d.valid).toBe(false);
    expect(ids(d)).toEqual(['forwarded-url']);
    expect(d.hints[0]!.message).toContain(PUBLIC_URL);
    expect(d.hints[0]!.message).toContain('trustProxy');
    expect(d.oauth?.clientBaseString).toContain(rfc3986('https://gate.example.com/paynet/api/v2/payout/1111'));
  });

  it('Forwarded (RFC 7239): proto and host of the first element', async () => {
    const sent = request(PUBLIC_URL, INTERNAL_URL, { forwarded: 'for=192.0.2.1;proto=https;host="gate.example.com"' });
    expect(ids(await diagnose(sent, options))).toEqual(['forwarded-url']);
  });

  it('without forwarding headers there is no proxy variant to name', async () => {
    const d = await diagnose(request(PUBLIC_URL, INTERNAL_URL), options);
    expect(d.valid).toBe(false);
    expect(ids(d)).toEqual([]);
  });

  it("Express with 'trust proxy' but paysig/node without trustProxy", async () => {
    const express = (await import('express' as string)).default as () => {
      set(name: string, value: unknown): void;
      post(path: string, h: (req: IncomingMessage, res: { json(v: unknown): void }) => void): void;
      (req: IncomingMessage, res: unknown): void;
    };
    const app = express();
    app.set('trust proxy', true);
    let answer: { protocol?: string; hints?: string[] } = {};
    app.post('/paynet/api/v2/payout/:id', (req, res) => {
      void (async () => {
        const fetchRequest = await toFetchRequest(req);
        const d = await diagnose(fetchRequest, options);
        answer = { protocol: (req as unknown as { protocol: string }).protocol, hints: ids(d) };
        res.json(answer);
      })();
    });
    const server: Server = createServer(app as never);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const port = (server.address() as AddressInfo).port;
      const sent = request(PUBLIC_URL, `http://127.0.0.1:${port}/paynet/api/v2/payout/1111`, {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'gate.example.com',
      });
      const res = await fetch(sent);
      expect(res.status).toBe(200);
      expect(answer).toEqual({ protocol: 'https', hints: ['forwarded-url'] });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('a proxy that strips the base path (X-Forwarded-Prefix) before the server sees it', async () => {
    const sent = request(INTERNAL_URL, 'http://127.0.0.1:3000/api/v2/payout/1111', { 'x-forwarded-prefix': '/paynet' });
    const d = await diagnose(sent, { credentials });
    expect(ids(d)).toEqual(['base-path']);
    expect(d.hints[0]!.message).toContain('http://127.0.0.1:3000/paynet/api/v2/payout/1111');
  });

  it('a client that signed without the base path', async () => {
    const d = await diagnose(request('https://gate.example.com/api/v2/payout/1111', PUBLIC_URL), options);
    expect(ids(d)).toEqual(['base-path']);
    expect(d.hints[0]!.message).toContain('without the base path /paynet');
  });

  it('a trailing slash signed but not sent', async () => {
    const d = await diagnose(request(`${PUBLIC_URL}/`, PUBLIC_URL), options);
    expect(ids(d)).toEqual(['trailing-slash']);
  });

  it("the HMAC key given as controlKey + '&' to a library that adds its own", async () => {
    const d = await diagnose(request(PUBLIC_URL, PUBLIC_URL, {}, `${KEY}&`), options);
    expect(ids(d)).toEqual(['hmac-key-doubled-amp']);
    expect(d.hints[0]!.message).toContain('give it the control key alone');
  });

  it("a hand-rolled HMAC-SHA1 keyed 'controlKey&&', or keyed without the '&'", async () => {
    for (const [key, id] of [
      [`${KEY}&&`, 'hmac-key-doubled-amp'],
      [KEY, 'hmac-key-no-amp'],
    ] as const) {
      const sent = request(PUBLIC_URL, PUBLIC_URL);
      const auth = sent.headers.get('authorization')!;
      const params = [...auth.matchAll(/(\w+)="([^"]*)"/g)]
        .map((m) => [m[1]!, decodeURIComponent(m[2]!)] as [string, string])
        .filter(([k]) => k !== 'oauth_signature');
      const all = [...BODY, ...params]
        .map(([k, v]) => [rfc3986(k), rfc3986(v)])
        .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
      const base = `POST&${rfc3986(PUBLIC_URL)}&${rfc3986(all.map(([k, v]) => `${k}=${v}`).join('&'))}`;
      const signature = createHmac('sha1', key).update(base).digest('base64');
      const handRolled = new Request(PUBLIC_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: auth.replace(/oauth_signature="[^"]*"/, `oauth_signature="${rfc3986(signature)}"`),
        },
        body: clientForm(BODY),
      });
      const d = await diagnose(handRolled, options);
      expect(d.valid).toBe(false);
      expect(ids(d)).toEqual([id]);
    }
  });

  it("the server's credentials hold controlKey + '&'", async () => {
    const d = await diagnose(request(PUBLIC_URL, PUBLIC_URL), {
      ...options,
      credentials: () => ({ controlKey: `${KEY}&` }),
    });
    expect(ids(d)).toEqual(['hmac-key-doubled-amp']);
    expect(d.hints[0]!.message).toContain('return the control key alone');
  });

  it('a path under a base path the verifier was not given: the hint and the refusal name basePath', async () => {
    const d = await diagnose(request(PUBLIC_URL, PUBLIC_URL), { credentials });
    expect(ids(d)).toEqual(['base-path']);
    expect(d.hints[0]!.message).toContain("basePath: '/paynet'");
    const e = await verifyRequest(request(PUBLIC_URL, PUBLIC_URL), { credentials }).catch((x: unknown) => x);
    expect((e as Error).message).toContain("pass basePath: '/paynet'");
    expect((e as { code: string }).code).toBe('ERR_UNKNOWN_OPERATION');
  });
});
