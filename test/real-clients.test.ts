// verifyRequest against requests shaped exactly as the service's published clients send them
// (PHP curl, Ruby Net::HTTP, Python requests), signed without paysig (test/helpers/client-sign.ts),
// and what the verified result hands the application.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../src/errors/handling.js';
import { MemoryNonceStore } from '../src/stores/memory/index.js';
import { verifyRequest, type VerifyCredentials, type VerifyRequestOptions } from '../src/request/verify.js';
import { clientAuthorization, clientForm, sha1Hex, type ClientOAuth } from './helpers/client-sign.js';
import { refusal } from './helpers/refusal.js';

const LOGIN = 'merchantlogin';
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const HOST = 'https://gate.example.com/paynet';
const { privateKey: PRIVATE_PEM, publicKey: PUBLIC_PEM } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

/** The headers each client sends by itself, besides Content-Type and Authorization. */
const CLIENTS: Record<string, Record<string, string>> = {
  'PHP curl': { Accept: '*/*' },
  'PHP curl (User-Agent set)': { Accept: '*/*', 'User-Agent': 'curl/8.5.0' },
  'Ruby Net::HTTP': {
    Accept: '*/*',
    'Accept-Encoding': 'gzip;q=1.0,deflate;q=0.6,identity;q=0.3',
    'User-Agent': 'Ruby',
  },
  'Python requests': {
    Accept: '*/*',
    'Accept-Encoding': 'gzip, deflate',
    Connection: 'keep-alive',
    'User-Agent': 'python-requests/2.32.3',
  },
};
const FORM = 'application/x-www-form-urlencoded';

function credentials(who: {
  login?: string;
  consumerKey?: string;
  endpointId?: string;
}): VerifyCredentials | undefined {
  const id = who.login ?? who.consumerKey;
  if (id !== undefined) return id === LOGIN ? { controlKey: KEY, publicKey: PUBLIC_PEM } : undefined;
  return who.endpointId === '1111' ? { controlKey: KEY } : undefined;
}
const options = (extra: Partial<VerifyRequestOptions> = {}): VerifyRequestOptions => ({
  basePath: '/paynet',
  credentials,
  nonceStore: new MemoryNonceStore(),
  ...extra,
});

/** A control-signed sale (C-B: endpoint, client_orderid, amount in minor units, email). */
function controlSale(headers: Record<string, string>): Request {
  const fields: Array<[string, string]> = [
    ['client_orderid', 'order 42'],
    ['order_desc', 'Two tickets'],
    ['amount', '10.42'],
    ['currency', 'EUR'],
    ['email', 'john@example.com'],
  ];
  fields.push(['control', sha1Hex('1111' + 'order 42' + '1042' + 'john@example.com' + KEY)]);
  return new Request(`${HOST}/api/v2/sale/1111`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': FORM },
    body: clientForm(fields),
  });
}

/** An OAuth request to `path` with the given body (and the URL's query signed too). */
function oauthRequest(
  path: string,
  pairs: Array<[string, string]>,
  method: ClientOAuth['method'],
  headers: Record<string, string>,
  query = '',
): Request {
  const url = `${HOST}${path}${query}`;
  const authorization = clientAuthorization(url, pairs, {
    method,
    consumerKey: LOGIN,
    secret: method === 'HMAC-SHA1' ? KEY : PRIVATE_PEM,
  });
  return new Request(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': FORM, Authorization: authorization },
    body: clientForm(pairs),
  });
}

const PAYOUT: Array<[string, string]> = [
  ['client_orderid', 'p-1'],
  ['amount', '25.00'],
  ['currency', 'EUR'],
  ['destination-card-no', '4444555566661111'],
];

describe('verifyRequest accepts the requests real clients send', () => {
  for (const [client, headers] of Object.entries(CLIENTS)) {
    it(`${client}: control (sale), HMAC-SHA1 (payout), RSA-SHA256 (payout-check); the response format is form`, async () => {
      const sale = await verifyRequest(controlSale(headers), options());
      expect(sale).toMatchObject({ scheme: 'C-B', endpointId: '1111', responseFormat: 'form' });
      expect(sale.params).toContainEqual(['order_desc', 'Two tickets']);
      const payout = await verifyRequest(oauthRequest('/api/v2/payout/1111', PAYOUT, 'HMAC-SHA1', headers), options());
      expect(payout).toMatchObject({ scheme: 'HMAC-SHA1', consumerKey: LOGIN, responseFormat: 'form' });
      const check = await verifyRequest(
        oauthRequest('/api/v4/payout-check/1111', PAYOUT.slice(0, 3), 'RSA-SHA256', headers),
        options(),
      );
      expect(check).toMatchObject({ scheme: 'RSA-SHA256', consumerKey: LOGIN, responseFormat: 'form' });
    });
  }

  it('a missing Accept is accepted (form); Accept: application/vnd.pay+json asks for json', async () => {
    expect((await verifyRequest(controlSale({}), options())).responseFormat).toBe('form');
    expect((await verifyRequest(controlSale({ Accept: 'application/vnd.pay+json' }), options())).responseFormat).toBe(
      'json',
    );
    const strict = await verifyRequest(
      controlSale({ Accept: 'application/vnd.pay+json' }),
      options({ accept: 'strict' }),
    );
    expect(strict.responseFormat).toBe('json');
  });

  it.each([['text/html'], ['application/vnd.pay+json;q=0'], ['*/*;q=0']])(
    'Accept: %s is refused with 406 before any lookup',
    async (accept) => {
      let looked = false;
      const e = await refusal(
        verifyRequest(controlSale({ Accept: accept }), options({ credentials: () => void (looked = true) })),
      );
      expect(e.code).toBe('ERR_NOT_ACCEPTABLE');
      expect(httpStatusOf(e)).toBe(406);
      expect(looked).toBe(false);
    },
  );

  it("accept: 'strict' refuses what real clients send, naming the option", async () => {
    for (const headers of Object.values(CLIENTS)) {
      const e = await refusal(verifyRequest(controlSale(headers), options({ accept: 'strict' })));
      expect(e.code).toBe('ERR_MEDIA_TYPE');
      expect(e.message).toContain("accept: 'strict'");
    }
  });
});

describe('the verified result is what was signed', () => {
  it('an OAuth parameter signed in the query is in signedParams with its source, params stays the body', async () => {
    const body = PAYOUT.filter(([k]) => k !== 'destination-card-no');
    const ok = await verifyRequest(
      oauthRequest(
        '/api/v2/payout/1111',
        body,
        'HMAC-SHA1',
        CLIENTS['Python requests']!,
        '?destination-card-no=4444555566661111',
      ),
      options(),
    );
    expect(ok.signedParams).toEqual([
      { name: 'destination-card-no', value: '4444555566661111', source: 'query' },
      ...body.map(([name, value]) => ({ name, value, source: 'body' })),
    ]);
    expect(ok.params).toEqual(body);
  });

  it('control operations: signedParams is the body (a query is not part of the request)', async () => {
    const r = controlSale({ Accept: '*/*' });
    const ok = await verifyRequest(new Request(r.url + '?email=other@example.com', r), options());
    expect(ok.signedParams.every((p) => p.source === 'body')).toBe(true);
    expect(ok.signedParams.map((p) => [p.name, p.value])).toEqual(ok.params);
  });

  const duplicates: Array<[string, () => Request]> = [
    [
      'OAuth: a field twice in the body',
      () => oauthRequest('/api/v2/payout/1111', [...PAYOUT, ['client_orderid', 'p-2']], 'HMAC-SHA1', {}),
    ],
    [
      'OAuth: a field in the query and the body',
      () => oauthRequest('/api/v2/payout/1111', PAYOUT, 'HMAC-SHA1', {}, '?client_orderid=p-2'),
    ],
    [
      'OAuth: a free-form field twice',
      () =>
        oauthRequest(
          '/api/v4/payout-check/1111',
          [...PAYOUT.slice(0, 3), ['note', 'a'], ['note', 'b']],
          'RSA-SHA256',
          {},
        ),
    ],
  ];
  it.each(duplicates)('%s is refused', async (_title, make) => {
    const e = await refusal(verifyRequest(make(), options()));
    expect(e.code).toBe('ERR_INVALID_INPUT');
    expect(httpStatusOf(e)).toBe(400);
  });

  it('control: a free-form field twice is refused', async () => {
    const r = controlSale({});
    const body = (await r.text()) + '&order_desc=Three+tickets';
    const e = await refusal(verifyRequest(new Request(r.url, { method: 'POST', headers: r.headers, body }), options()));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'order_desc' });
  });

  it('OAuth: a body login other than oauth_consumer_key is refused; the same login is accepted', async () => {
    const other = await refusal(
      verifyRequest(
        oauthRequest('/api/v2/payout/1111', [...PAYOUT, ['login', 'intruder']], 'HMAC-SHA1', {}),
        options(),
      ),
    );
    expect(other).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'login' });
    const inQuery = await refusal(
      verifyRequest(oauthRequest('/api/v2/payout/1111', PAYOUT, 'HMAC-SHA1', {}, '?login=intruder'), options()),
    );
    expect(inQuery).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'login' });
    const same = await verifyRequest(
      oauthRequest('/api/v2/payout/1111', [...PAYOUT, ['login', LOGIN]], 'HMAC-SHA1', {}),
      options(),
    );
    expect(same.consumerKey).toBe(LOGIN);
  });
});
