/**
 * The README's TypeScript examples, run for real: the same calls with the same option shapes,
 * and their results checked against values computed here with node:crypto (never by paysig).
 * If one of these fails, the README is wrong (or the library changed): fix whichever is wrong.
 */
import { createHash, createHmac, createPublicKey, createVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  control,
  createVerifier,
  httpStatusOf,
  ConfigurationError,
  MemoryNonceStore,
  oauthBodyParams,
  parseForm,
  percentEncode,
  REPLAYS_NOT_CHECKED,
  signOAuth,
  signRequest,
  verifyOAuth,
  verifyRequest,
  type VerifyCredentials,
} from '../src/index.js';
import { RedisNonceStore } from '../src/stores/redis/index.js';
import { fakeNodeRedis } from './helpers/fake-redis.js';

const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const pem = readFileSync(new URL('../vectors/keys/test-only-rsa-2048-pkcs8.pem', import.meta.url), 'utf8');
const spki = readFileSync(new URL('../vectors/keys/test-only-rsa-2048-spki.pem', import.meta.url), 'utf8');
const baseUrl = 'https://gate.example.com/paynet';

/** The server's merchant table, as the README's `merchants.get(...)` expects. */
const merchants = new Map<string, VerifyCredentials & { consumerSecret?: string }>([
  ['merchant', { controlKey: CONTROL_KEY, consumerSecret: CONTROL_KEY, publicKey: spki }],
]);

/** Endpoint or group id -> login, for the formulas without a login term (C-B, C-C). */
const owners = new Map<string, string>([
  ['1111', 'merchant'],
  ['group/77', 'merchant'],
]);

const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

/** The README's server snippet: one verifier, made once, and a handler around `verifier.verify`. */
const verifier = createVerifier({
  basePath: '/paynet',
  // sale, preauth and account verification (C-B, C-C) carry no login: the path says who.
  credentials: ({ login, consumerKey, endpointId, endpointGroupId }) =>
    merchants.get(login ?? consumerKey ?? owners.get(endpointId ?? `group/${endpointGroupId}`) ?? ''),
});
async function handle(request: Request): Promise<Response> {
  try {
    const { operation, params } = await verifier.verify(request);
    return Response.json({ operation: operation.id, params });
  } catch (error) {
    return new Response(null, { status: httpStatusOf(error) });
  }
}

describe('README: In 30 seconds', () => {
  const sign = () =>
    signRequest('sale', {
      baseUrl: 'https://gate.example.com/paynet',
      endpointId: 1111,
      params: { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' },
      credentials: { login: 'merchant', controlKey: CONTROL_KEY },
    });

  it('signs the sale with the published C-B digest', async () => {
    const sale = await sign();
    const published = '1111902B4FF51042john.smith@gmail.com' + CONTROL_KEY;
    expect(sha1(published)).toBe('c6bdd88a78834ef4b863b088827a459f039e8257');
    expect(sale.control).toBe(sha1(published));
    expect(sale.url).toBe('https://gate.example.com/paynet/api/v2/sale/1111');
    expect(sale.method).toBe('POST');
    expect(new URLSearchParams(sale.body).get('control')).toBe(sha1(published));
    const request = sale.toRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(sale.url);
  });

  it('verifies the request the merchant built, and answers 403 to a tampered one', async () => {
    const ok = await handle((await sign()).toRequest());
    expect(ok.status).toBe(200);
    const json = (await ok.json()) as { operation: string; params: Array<[string, string]> };
    expect(json.operation).toBe('sale');
    expect(json.params).toContainEqual(['email', 'john.smith@gmail.com']);

    const sale = await sign();
    const tampered = new Request(sale.url, {
      method: 'POST',
      headers: sale.headers,
      body: sale.body.replace('amount=10.42', 'amount=10.43'),
    });
    expect(sale.body).not.toBe(sale.body.replace('amount=10.42', 'amount=10.43'));
    expect((await handle(tampered)).status).toBe(403);
  });

  it('answers 403 to an unknown merchant, 404 to an unknown path, 400 to a missing field', async () => {
    const sale = await sign();
    const stranger = await signRequest('sale', {
      baseUrl,
      endpointId: 2222,
      params: { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' },
      credentials: { login: 'merchant', controlKey: CONTROL_KEY },
    });
    expect((await handle(stranger.toRequest())).status).toBe(403);
    const voided = await signRequest('void', {
      baseUrl,
      endpointId: 1111,
      params: { client_orderid: '902B4FF5', orderid: '4242' },
      credentials: { login: 'stranger', controlKey: CONTROL_KEY },
    });
    expect((await handle(voided.toRequest())).status).toBe(403);
    const own = await signRequest('void', {
      baseUrl,
      endpointId: 1111,
      params: { client_orderid: '902B4FF5', orderid: '4242' },
      credentials: { login: 'merchant', controlKey: CONTROL_KEY },
    });
    expect(new URLSearchParams(own.body).get('control')).toBe(sha1('merchant902B4FF54242' + CONTROL_KEY));
    expect((await handle(own.toRequest())).status).toBe(200);
    const lost = new Request(baseUrl + '/api/v2/no-such-thing/1111', {
      method: 'POST',
      headers: sale.headers,
      body: sale.body,
    });
    expect((await handle(lost)).status).toBe(404);
    const noEmail = new Request(sale.url, {
      method: 'POST',
      headers: sale.headers,
      body: sale.body.replace(/&email=[^&]*/, ''),
    });
    expect((await handle(noEmail)).status).toBe(400);
  });
});

describe('README: Signing, any operation', () => {
  it('signs create-card-ref-v4 with RSA-SHA256 from a PKCS#8 PEM, and the server accepts it', async () => {
    const card = await signRequest('create-card-ref-v4', {
      baseUrl,
      endpointId: 1111,
      params: {
        client_orderid: 'A-17',
        credit_card_number: '4111111111111111',
        expire_month: '12',
        expire_year: '2030',
      },
      credentials: { login: 'merchant', privateKey: pem },
    });
    expect(card.url).toBe(baseUrl + '/api/v4/create-card-ref/1111');
    expect(card.oauth).toBeDefined();
    const oauth = card.oauth!;
    expect(oauth.oauthParams['oauth_signature_method']).toBe('RSA-SHA256');
    expect(oauth.oauthParams['oauth_consumer_key']).toBe('merchant');
    // The signature checks out with node:crypto and the SPKI the merchant sends to support.
    const v = createVerify('RSA-SHA256');
    v.update(oauth.baseString, 'utf8');
    expect(v.verify(createPublicKey(spki), Buffer.from(oauth.signature, 'base64'))).toBe(true);
    // The five oauth_* values other than the signature are repeated in the body.
    const body = new URLSearchParams(card.body);
    expect(body.get('oauth_nonce')).toBe(oauth.oauthParams['oauth_nonce']);
    expect(body.has('oauth_signature')).toBe(false);
    expect((await handle(card.toRequest())).status).toBe(200);
  });

  it('signs a group path: the group id takes the endpoint id place in C-B', async () => {
    const params = { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' };
    const credentials = { login: 'merchant', controlKey: CONTROL_KEY };
    const signed = await signRequest('sale', { baseUrl, endpointGroupId: 77, params, credentials });
    expect(signed.url).toBe(baseUrl + '/api/v2/sale/group/77');
    expect(signed.control).toBe(sha1('77902B4FF51042john.smith@gmail.com' + CONTROL_KEY));
    expect((await handle(signed.toRequest())).status).toBe(200);
  });

  it('trims values, converts amounts without floating point, honours exponent, and wants a scheme for payment-form', async () => {
    const credentials = { login: 'merchant', controlKey: CONTROL_KEY };
    const trimmed = await signRequest('sale', {
      baseUrl,
      endpointId: 1111,
      params: { client_orderid: ' 902B4FF5 ', amount: '0.29', currency: 'EUR', email: 'john.smith@gmail.com\t' },
      credentials,
    });
    expect(trimmed.control).toBe(sha1('1111902B4FF529john.smith@gmail.com' + CONTROL_KEY));
    expect(new URLSearchParams(trimmed.body).get('client_orderid')).toBe('902B4FF5');
    const yen = await signRequest('sale', {
      baseUrl,
      endpointId: 1111,
      params: { client_orderid: 'J-1', amount: '1500', currency: 'JPY', email: 'a@b.example' },
      credentials,
      exponent: 0,
    });
    expect(yen.control).toBe(sha1('1111J-11500a@b.example' + CONTROL_KEY));
    await expect(
      signRequest('payment-form', {
        baseUrl,
        endpointId: 1111,
        params: { amount: '1.00', currency: 'EUR' },
        credentials,
      }),
    ).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED' });
  });
});

describe('README: the primitives', () => {
  it('control(C-B) gives the published digest', async () => {
    const digest = await control(
      'C-B',
      { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' },
      'B17F59B4-A7DC-41B4-8FF9-37D986B43D20',
    );
    expect(digest).toBe('c6bdd88a78834ef4b863b088827a459f039e8257');
    expect(digest).toBe(sha1('1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20'));
  });

  it('signOAuth HMAC-SHA1 gives the header, and oauthBodyParams the five repeated values', async () => {
    const controlKey = CONTROL_KEY;
    const signed = await signOAuth({
      method: 'POST',
      url: 'https://gate.example.com/paynet/api/v2/payout/1111',
      params: [
        ['client_orderid', 'P-1'],
        ['amount', '10.00'],
        ['currency', 'EUR'],
      ],
      consumerKey: 'merchant',
      signatureMethod: 'HMAC-SHA1',
      consumerSecret: controlKey,
    });
    expect(signed.authorization).toMatch(/^OAuth oauth_consumer_key="merchant", oauth_nonce="[^"]+", /);
    // HMAC-SHA1 with key "control key&" (the key is unreserved characters only) over the base string.
    const mac = createHmac('sha1', controlKey + '&')
      .update(signed.baseString, 'utf8')
      .digest('base64');
    expect(signed.signature).toBe(mac);
    expect(
      signed.baseString.startsWith('POST&https%3A%2F%2Fgate.example.com%2Fpaynet%2Fapi%2Fv2%2Fpayout%2F1111&'),
    ).toBe(true);
    const body = oauthBodyParams(signed);
    expect(body).toHaveLength(5);
    expect(body.map(([name]) => name).sort()).toEqual([
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature_method',
      'oauth_timestamp',
      'oauth_version',
    ]);
  });

  it('percentEncode follows RFC 3986', () => {
    expect(percentEncode('Ladies + Gentlemen!')).toBe('Ladies%20%2B%20Gentlemen%21');
  });
});

describe('README: Verifying', () => {
  async function payoutRequest() {
    const signed = await signRequest('payout', {
      baseUrl,
      endpointId: 1111,
      params: { client_orderid: 'P-1', amount: '10.00', currency: 'EUR' },
      credentials: { login: 'merchant', controlKey: CONTROL_KEY },
    });
    return signed.toRequest();
  }

  it('a verifier with a RedisNonceStore accepts once, then refuses the replay', async () => {
    const redisClient = fakeNodeRedis();
    const nonceStore = new RedisNonceStore(redisClient); // node-redis or ioredis; one memory for all servers
    await nonceStore.ready(); // at start-up: refuses an evicting Redis, writes the wipe marker
    const verifier = createVerifier({
      basePath: '/paynet',
      credentials: ({ login, consumerKey }) => merchants.get(login ?? consumerKey ?? ''), // { controlKey?, publicKey?, consumerId? }
      maxSkewSeconds: 300, // the default; at most the nonce store's window
      nonceStore, // without it: a MemoryNonceStore of this verifier's own (one process)
    });
    const check = (request: Request) => verifier.verify(request);
    const request = await payoutRequest();
    const replay = request.clone();
    const replay2 = request.clone();
    const who = await check(request);
    expect(who.consumerKey).toBe('merchant');
    expect(who.scheme).toBe('HMAC-SHA1');
    expect(redisClient.keys.size).toBe(1);
    expect([...redisClient.keys.keys()][0]).toMatch(/^paysig:nonce:n:[0-9a-f]{32}$/);
    await expect(check(replay)).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
    await expect(check(replay2)).rejects.toSatisfy((e: unknown) => httpStatusOf(e) === 403);
  });

  it('the memory store refuses a replay too, and a failing store fails closed with 503', async () => {
    const request = await payoutRequest();
    const replay = request.clone();
    const third = request.clone();
    const opts = {
      basePath: '/paynet',
      credentials: () => merchants.get('merchant'),
      nonceStore: new MemoryNonceStore(),
    };
    await expect(verifyRequest(request, opts)).resolves.toMatchObject({ consumerKey: 'merchant' });
    await expect(verifyRequest(replay, opts)).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
    const broken = new RedisNonceStore({
      isOpen: true,
      eval: () => Promise.reject(new Error('connection refused')),
    } as never);
    const error = await verifyRequest(third, { ...opts, nonceStore: broken }).catch((e: unknown) => e);
    expect(httpStatusOf(error)).toBe(503);
  });
});

describe('README: the verifier owns the rules', () => {
  async function payout() {
    const signed = await signRequest('payout', {
      baseUrl,
      endpointId: 1111,
      params: { client_orderid: 'P-2', amount: '10.00', currency: 'EUR' },
      credentials: { login: 'merchant', controlKey: CONTROL_KEY },
    });
    return signed.toRequest();
  }
  const credentials = () => merchants.get('merchant');

  it('createVerifier refuses a bad setting with a ConfigurationError naming it', () => {
    const error = (() => {
      try {
        createVerifier({ credentials, maxSkewSeconds: -1 });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'maxSkewSeconds' });
    expect(httpStatusOf(error)).toBe(500);
  });

  it('a verifier whose window exceeds its store window is refused at construction', () => {
    expect(() =>
      createVerifier({ credentials, maxSkewSeconds: 600, nonceStore: new MemoryNonceStore({ windowSeconds: 300 }) }),
    ).toThrow(ConfigurationError);
    expect(() =>
      createVerifier({ credentials, maxSkewSeconds: 600, nonceStore: new MemoryNonceStore({ windowSeconds: 600 }) }),
    ).not.toThrow();
  });

  it('verifyRequest and verifyOAuth need a nonce store for OAuth; REPLAYS_NOT_CHECKED opts out', async () => {
    await expect(verifyRequest(await payout(), { basePath: '/paynet', credentials })).rejects.toMatchObject({
      code: 'ERR_CONFIGURATION',
      field: 'nonceStore',
    });
    const request = await payout();
    const again = request.clone();
    const opts = { basePath: '/paynet', credentials, nonceStore: REPLAYS_NOT_CHECKED };
    await expect(verifyRequest(request, opts)).resolves.toMatchObject({ consumerKey: 'merchant' });
    await expect(verifyRequest(again, opts)).resolves.toMatchObject({ consumerKey: 'merchant' }); // not checked
    const captured = await payout();
    const parts = {
      method: 'POST',
      url: captured.url,
      params: parseForm(await captured.clone().text()),
      authorization: captured.headers.get('authorization') ?? '',
    };
    const controlOnly = () => ({ controlKey: CONTROL_KEY }); // verifyOAuth reads controlKey too
    const noStore = { credentials: controlOnly } as unknown as Parameters<typeof verifyOAuth>[1]; // the type requires nonceStore too
    await expect(verifyOAuth(parts, noStore)).rejects.toMatchObject({ code: 'ERR_CONFIGURATION', field: 'nonceStore' });
    await expect(
      verifyOAuth(parts, { credentials: controlOnly, nonceStore: REPLAYS_NOT_CHECKED }),
    ).resolves.toMatchObject({ consumerKey: 'merchant', signatureMethod: 'HMAC-SHA1' });
  });

  it('two verifiers share replay memory only through a store they are both given', async () => {
    const request = await payout();
    const [a, b, c] = [request.clone(), request.clone(), request.clone()];
    const store = new MemoryNonceStore();
    const first = createVerifier({ basePath: '/paynet', credentials, maxSkewSeconds: 10, nonceStore: store });
    const second = createVerifier({ basePath: '/paynet', credentials, maxSkewSeconds: 60, nonceStore: store });
    const alone = createVerifier({ basePath: '/paynet', credentials });
    await expect(first.verify(a)).resolves.toMatchObject({ consumerKey: 'merchant' });
    await expect(second.verify(b)).rejects.toMatchObject({ code: 'ERR_OAUTH_NONCE_REPLAYED' });
    await expect(alone.verify(c)).resolves.toMatchObject({ consumerKey: 'merchant' });
  });
});
