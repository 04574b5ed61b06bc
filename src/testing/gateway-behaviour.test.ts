// The test gateway's options, merchant lookup, order bookkeeping, callbacks and the records of
// refusals, driven through its public API (paysig/testing) with requests signed by a client
// written without paysig (test/helpers/client-sign.ts, node:crypto). Callbacks go to a real
// loopback receiver.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAuthorization, clientForm, sha1Hex } from '../../test/helpers/client-sign.js';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from './index.js';

const ALPHA_KEY = 'A1A1A1A1-0000-4000-8000-000000000001';
const BETA_KEY = 'B2B2B2B2-0000-4000-8000-000000000002';
const ORIGIN = 'http://127.0.0.1';
const FORM = 'application/x-www-form-urlencoded';
const CLOCK = 1_700_000_000;
/** The merchant most tests use: login alpha on endpoint 1111, with a control key. */
const merchant = { login: 'alpha', endpointIds: ['1111'], controlKey: ALPHA_KEY };

let receiver: ReturnType<typeof createServer>;
let callbackUrl: string;
let received: URL[];

beforeAll(async () => {
  received = [];
  receiver = createServer((req, res) => {
    received.push(new URL(req.url ?? '/', ORIGIN));
    res.writeHead(200).end('OK');
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  callbackUrl = `${ORIGIN}:${(receiver.address() as AddressInfo).port}/callback`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

type Pairs = Array<[string, string]>;

const post = (gateway: TestGateway, path: string, body: string, headers: Record<string, string> = {}) =>
  gateway.fetch(
    new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'Content-Type': FORM, ...headers }, body }),
  );

/** A sale to `/sale/<target>` (an endpoint id, or `group/<id>`), with its C-B control. */
function saleBody(target: string, key: string, order: string, extra: Pairs = []): string {
  const pairs: Pairs = [
    ['client_orderid', order],
    ['order_desc', 'Test order'],
    ['amount', '10.42'],
    ['currency', 'EUR'],
    ['email', 'jane@example.com'],
    ...extra,
  ];
  const id = target.replace('group/', '');
  return clientForm([...pairs, ['control', sha1Hex(`${id}${order}1042jane@example.com${key}`)]]);
}
const sale = (gateway: TestGateway, target: string, key: string, order: string, extra: Pairs = []) =>
  post(gateway, `/paynet/api/v2/sale/${target}`, saleBody(target, key, order, extra));

/** A status request (C-S: login + client_orderid + orderid, empty when absent, + key). */
function status(gateway: TestGateway, login: string, key: string, order: string, orderid?: string) {
  const pairs: Pairs = [
    ['login', login],
    ['client_orderid', order],
    ...(orderid !== undefined ? ([['orderid', orderid]] as Pairs) : []),
  ];
  const control = sha1Hex(`${login}${order}${orderid ?? ''}${key}`);
  return post(gateway, '/paynet/api/v2/status/1111', clientForm([...pairs, ['control', control]]));
}

/** An OAuth HMAC-SHA1 payout by `consumerKey`, signed with `key`. */
function payout(gateway: TestGateway, consumerKey: string, key: string, extra: Pairs = [], timestamp?: number) {
  const url = `${ORIGIN}/paynet/api/v2/payout/1111`;
  const pairs: Pairs = [['client_orderid', 'payout-1'], ['amount', '4.35'], ['currency', 'EUR'], ...extra];
  const authorization = clientAuthorization(url, pairs, {
    method: 'HMAC-SHA1',
    consumerKey,
    secret: key,
    ...(timestamp !== undefined ? { timestamp } : {}),
  });
  return post(gateway, '/paynet/api/v2/payout/1111', clientForm(pairs), { Authorization: authorization });
}

const fieldsOf = async (res: Response) => new URLSearchParams(await res.text());
const orderOf = async (res: Response) => (await fieldsOf(res)).get('paynet-order-id')!;
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};
/** The callback control as the service computes it: sha1(status + orderid + client_orderid + key). */
const callbackControl = (st: string, orderid: string, merchantOrder: string, key: string) =>
  sha1Hex(`${st}${orderid}${merchantOrder}${key}`);

describe('createTestGateway options', () => {
  it('refuses anything but an options object with a merchants list, naming the field', () => {
    const notOptions: unknown[] = [
      null,
      undefined,
      'merchants',
      {},
      { merchants: 'merchant' },
      // A function is no options object, even one that carries a merchants list.
      Object.assign(() => undefined, { merchants: [] }),
    ];
    for (const options of notOptions) {
      const error = thrown(() => createTestGateway(options as TestGatewayOptions));
      expect(error).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'merchants',
        message: 'createTestGateway needs { merchants: [...] }',
      });
    }
  });

  it('starts with no request recorded, and keeps one with maxRecorded: 1', async () => {
    const gateway = createTestGateway({ merchants: [], maxRecorded: 1 });
    expect(gateway.requests).toEqual([]);
    for (const path of ['/a', '/b']) await gateway.fetch(new Request(`${ORIGIN}${path}`));
    expect(gateway.requests.map((r) => new URL(r.url).pathname)).toEqual(['/b']);
  });

  it('names maxRecorded in the refusal of a bad bound', () => {
    expect(thrown(() => createTestGateway({ merchants: [], maxRecorded: 0 }))).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'maxRecorded',
      message: 'maxRecorded must be a positive whole number',
    });
  });

  it('verifies OAuth timestamps against its now option, not the system clock', async () => {
    const gateway = createTestGateway({
      merchants: [merchant],
      now: () => CLOCK,
    });
    const res = await payout(gateway, 'alpha', ALPHA_KEY, [], CLOCK - 10);
    expect(res.status).toBe(200);
  });
});

describe('which merchant the gateway finds', () => {
  const shared = () =>
    createTestGateway({
      merchants: [
        { login: 'alpha', endpointIds: ['1111'], controlKey: ALPHA_KEY },
        { login: 'beta', endpointIds: ['1111'], controlKey: BETA_KEY },
      ],
    });

  it('takes the merchant of the login field when two merchants share an endpoint', async () => {
    const res = await status(shared(), 'beta', BETA_KEY, 'st-1');
    expect(res.status).toBe(200);
    expect((await fieldsOf(res)).get('type')).toBe('status-response');
  });

  it("takes the merchant of the OAuth consumer key, and signs its callback with that merchant's key", async () => {
    const gateway = shared();
    const res = await payout(gateway, 'beta', BETA_KEY, [['server_callback_url', callbackUrl]]);
    expect(res.status).toBe(200);
    const order = await orderOf(res);
    const delivered = await gateway.sendCallback(order, 'approved');
    expect(new URL(delivered.url).searchParams.get('control')).toBe(
      callbackControl('approved', order, 'payout-1', BETA_KEY),
    );
  });

  it('accepts any endpoint and any group for a merchant that lists none', async () => {
    const gateway = createTestGateway({ merchants: [{ login: 'alpha', controlKey: ALPHA_KEY }] });
    expect((await sale(gateway, '4242', ALPHA_KEY, 'any-1')).status).toBe(200);
    expect((await sale(gateway, 'group/99', ALPHA_KEY, 'any-2')).status).toBe(200);
  });

  it('accepts the endpoints and groups a merchant lists, and refuses another group', async () => {
    const gateway = createTestGateway({
      merchants: [{ login: 'alpha', endpointIds: ['1111'], endpointGroupIds: ['77'], controlKey: ALPHA_KEY }],
    });
    expect((await sale(gateway, '1111', ALPHA_KEY, 'g-1')).status).toBe(200);
    const grouped = await sale(gateway, 'group/77', ALPHA_KEY, 'g-2');
    expect(grouped.status).toBe(200);
    expect((await fieldsOf(grouped)).get('end-point-id')).toBe('77');
    const other = await sale(gateway, 'group/88', ALPHA_KEY, 'g-3');
    expect(other.status).toBe(403);
    expect((await fieldsOf(other)).get('error-code')).toBe('ERR_UNKNOWN_MERCHANT');
  });

  it('signs callbacks with the key of the merchant that owns the endpoint or group addressed', async () => {
    const gateway = createTestGateway({
      merchants: [
        { login: 'shop', endpointIds: ['1111'], endpointGroupIds: ['71'], controlKey: ALPHA_KEY },
        { login: 'shop', endpointIds: ['2222'], endpointGroupIds: ['72'], controlKey: BETA_KEY },
      ],
    });
    for (const [target, order] of [
      ['2222', 'own-1'],
      ['group/72', 'own-2'],
    ] as const) {
      const res = await sale(gateway, target, BETA_KEY, order, [['server_callback_url', callbackUrl]]);
      expect(res.status).toBe(200);
      const id = await orderOf(res);
      const delivered = await gateway.sendCallback(id, 'approved');
      expect(new URL(delivered.url).searchParams.get('control')).toBe(callbackControl('approved', id, order, BETA_KEY));
    }
  });

  it('verifies RSA-SHA256 with the merchant public key; without a control key it cannot sign callbacks', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const gateway = createTestGateway({ merchants: [{ login: 'rsa', endpointIds: ['1111'], publicKey }] });
    const url = `${ORIGIN}/paynet/api/v4/create-card-ref/1111`;
    const pairs: Pairs = [
      ['client_orderid', 'rsa-1'],
      ['server_callback_url', callbackUrl],
    ];
    const authorization = clientAuthorization(url, pairs, {
      method: 'RSA-SHA256',
      consumerKey: 'rsa',
      secret: privateKey,
    });
    const res = await post(gateway, '/paynet/api/v4/create-card-ref/1111', clientForm(pairs), {
      Authorization: authorization,
    });
    expect(res.status).toBe(200);
    const order = await orderOf(res);
    await expect(gateway.sendCallback(order)).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'controlKey',
      message: 'the merchant has no control key to sign callbacks with',
    });
  });
});

describe('orders and callbacks', () => {
  it('counts paynet-order-id up from 1000, and gives a status request of an unknown orderid a new one', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    expect(await orderOf(await sale(gateway, '1111', ALPHA_KEY, 'n-1'))).toBe('1000');
    expect(await orderOf(await sale(gateway, '1111', ALPHA_KEY, 'n-2'))).toBe('1001');
    expect(await orderOf(await status(gateway, 'alpha', ALPHA_KEY, 'n-3', '999999'))).toBe('1002');
  });

  it('answers the status operation with the status the last callback reported (approved by default)', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    const declined = await orderOf(
      await sale(gateway, '1111', ALPHA_KEY, 'cb-1', [['server_callback_url', callbackUrl]]),
    );
    expect((await gateway.sendCallback(declined, 'declined')).status).toBe(200);
    expect(received.at(-1)?.searchParams.get('status')).toBe('declined');
    const reply = await fieldsOf(await status(gateway, 'alpha', ALPHA_KEY, 'cb-1', declined));
    expect(reply.get('type')).toBe('status-response');
    expect(reply.get('status')).toBe('declined');
    expect(reply.get('paynet-order-id')).toBe(declined);

    const approved = await orderOf(
      await sale(gateway, '1111', ALPHA_KEY, 'cb-2', [['server_callback_url', callbackUrl]]),
    );
    const delivered = await gateway.sendCallback(approved);
    const got = received.at(-1)!;
    expect(got.searchParams.get('status')).toBe('approved');
    expect(got.searchParams.get('control')).toBe(callbackControl('approved', approved, 'cb-2', ALPHA_KEY));
    expect(delivered.status).toBe(200);
    expect(new URL(delivered.url).search).toBe(got.search);
    expect((await fieldsOf(await status(gateway, 'alpha', ALPHA_KEY, 'cb-2', approved))).get('status')).toBe(
      'approved',
    );
  });

  it('reads the 3DS spelling client-order-id as the merchant order id, in the answer and the callback', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    const pairs: Pairs = [
      ['login', 'alpha'],
      ['client-order-id', 'tds-1'],
      ['orderid', '840019'],
      ['cres', 'eyJhY3NUcmFuc0lEIjoiMSJ9'],
      ['server_callback_url', callbackUrl],
    ];
    const control = sha1Hex(`alphatds-1840019${ALPHA_KEY}`);
    const res = await post(
      gateway,
      '/paynet/api/3ds/v1/upload-cres-result/1111',
      clientForm([...pairs, ['control', control]]),
    );
    expect(res.status).toBe(200);
    const reply = await fieldsOf(res);
    expect(reply.get('merchant-order-id')).toBe('tds-1');
    const order = reply.get('paynet-order-id')!;
    await gateway.sendCallback(order, 'approved');
    expect(received.at(-1)?.searchParams.get('client_orderid')).toBe('tds-1');
    expect(received.at(-1)?.searchParams.get('control')).toBe(callbackControl('approved', order, 'tds-1', ALPHA_KEY));
  });

  it('answers an empty merchant-order-id when the request has none, and cannot sign a callback without one', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    const pairs: Pairs = [
      ['login', 'alpha'],
      ['cardrefid', '7654321'],
      ['server_callback_url', callbackUrl],
    ];
    const control = sha1Hex(`alpha7654321${ALPHA_KEY}`);
    const res = await post(gateway, '/paynet/api/v2/get-card-info/1111', clientForm([...pairs, ['control', control]]));
    expect(res.status).toBe(200);
    const reply = await fieldsOf(res);
    expect(reply.get('type')).toBe('get-card-info-response');
    expect(reply.get('merchant-order-id')).toBe('');
    // The callback's control covers client_orderid: there is none to send.
    const before = received.length;
    await expect(gateway.sendCallback(reply.get('paynet-order-id')!, 'approved')).rejects.toMatchObject({
      code: 'ERR_MISSING_FIELD',
      message: 'a callback needs "client_orderid"',
    });
    expect(received.length).toBe(before);
  });

  it('keeps ten times maxRecorded orders, forgetting the oldest first', async () => {
    const gateway = createTestGateway({ merchants: [merchant], maxRecorded: 1 });
    const body = saleBody('1111', ALPHA_KEY, 'bound');
    for (let i = 0; i < 10; i++) await post(gateway, '/paynet/api/v2/sale/1111', body);
    // Still known: it sent no server_callback_url.
    await expect(gateway.sendCallback('1000')).rejects.toThrow('that request sent no server_callback_url');
    expect(await orderOf(await post(gateway, '/paynet/api/v2/sale/1111', body))).toBe('1010');
    await expect(gateway.sendCallback('1000')).rejects.toThrow('no accepted request has paynet-order-id "1000"');
    await expect(gateway.sendCallback('1001')).rejects.toThrow('that request sent no server_callback_url');
  });

  it('says why it cannot send a callback, naming the field', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    await expect(gateway.sendCallback('nope')).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'paynetOrderId',
      message: 'no accepted request has paynet-order-id "nope"',
    });
    const none = await orderOf(await sale(gateway, '1111', ALPHA_KEY, 'why-1'));
    await expect(gateway.sendCallback(none)).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'server_callback_url',
      message: 'that request sent no server_callback_url',
    });
    const relative = await orderOf(
      await sale(gateway, '1111', ALPHA_KEY, 'why-2', [['server_callback_url', '/callback']]),
    );
    await expect(gateway.sendCallback(relative)).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'server_callback_url',
      message: 'server_callback_url is not an absolute URL',
    });
    const remote = await orderOf(
      await sale(gateway, '1111', ALPHA_KEY, 'why-3', [['server_callback_url', 'https://merchant.example/cb']]),
    );
    await expect(gateway.sendCallback(remote)).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'server_callback_url',
      message: 'the test gateway calls only loopback hosts, not "merchant.example" (option allowCallbackHost)',
    });
  });
});

describe('what a refusal records', () => {
  it('answers GET and HEAD 405 without reading a body, whatever Content-Length they declare', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    for (const method of ['GET', 'HEAD']) {
      const res = await gateway.fetch(
        new Request(`${ORIGIN}/paynet/api/v2/sale/1111`, { method, headers: { 'Content-Length': '100000' } }),
      );
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.get('x-paysig-explanation')).toMatch(/^ERR_METHOD_NOT_ALLOWED: /);
      expect(gateway.requests.at(-1)).toMatchObject({ method, body: '', status: 405, operationId: 'sale' });
    }
  });

  it('records a body over the limit with no diagnosis, explained by the size limit alone', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    const res = await sale(gateway, '1111', ALPHA_KEY, 'big', [['order_desc', 'x'.repeat(70 * 1024)]]);
    expect(res.status).toBe(413);
    const message = (await fieldsOf(res)).get('error-message');
    const record = gateway.requests.at(-1)!;
    expect(Object.hasOwn(record, 'diagnosis')).toBe(false);
    expect(record.explanation).toBe(
      `ERR_BODY_TOO_LARGE: ${message}; a size limit: the body is over the largest the service reads; nothing else was checked`,
    );
  });

  it('records the fields of a JSON refusal, and the operation the path named', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    const res = await post(gateway, '/paynet/api/v2/sale/1111', 'client_orderid=x&control=zz', {
      Accept: 'application/vnd.pay+json',
    });
    const json = (await res.json()) as Record<string, string>;
    expect(json['error-code']).toBe('ERR_MISSING_FIELD');
    const record = gateway.requests.at(-1)!;
    expect(record.response).toEqual(Object.entries(json));
    expect(record.operationId).toBe('sale');
  });

  it('keeps the expected digest out of the explanation by default', async () => {
    const gateway = createTestGateway({ merchants: [merchant] });
    const res = await post(gateway, '/paynet/api/v2/sale/1111', saleBody('1111', 'not the key', 'hide-1'));
    expect(res.status).toBe(403);
    expect(res.headers.get('x-paysig-explanation')).toMatch(/^ERR_CONTROL_MISMATCH: /);
    expect(res.headers.get('x-paysig-explanation')).not.toContain('expected control');
  });

  it("answers a failure of the gateway's own setup 500, explained as an internal error", async () => {
    // From untyped JavaScript: endpointIds is not a list.
    const gateway = createTestGateway({
      merchants: [{ login: 'alpha', endpointIds: null as unknown as string[], controlKey: ALPHA_KEY }],
    });
    const res = await sale(gateway, '1111', ALPHA_KEY, 'setup-1');
    expect(res.status).toBe(500);
    // The client is told no more than "internal error"; the header and the record, for the
    // developer, say that the gateway itself failed, led by the code of the answer.
    const fields = await fieldsOf(res);
    expect(fields.get('error-code')).toBe('ERR_INTERNAL');
    expect(fields.get('error-message')).toBe('internal error');
    const explanation =
      'ERR_INTERNAL: internal error: verifying failed with an error that is not a PaysigError (check the merchants option and the nonce store)';
    expect(res.headers.get('x-paysig-explanation')).toBe(explanation);
    expect(gateway.requests.at(-1)).toMatchObject({ accepted: false, status: 500, explanation });
  });

  it('explains a refusal by its own error when the diagnosis cannot be made', async () => {
    // diagnose() looks the merchant up, and the broken merchant list fails it; the 405 stands.
    const gateway = createTestGateway({
      merchants: [{ login: 'alpha', endpointIds: null as unknown as string[], controlKey: ALPHA_KEY }],
    });
    const res = await gateway.fetch(new Request(`${ORIGIN}/paynet/api/v2/sale/1111`));
    expect(res.status).toBe(405);
    const message = (await fieldsOf(res)).get('error-message');
    expect(message).toBe('method must be POST, got "GET"');
    expect(res.headers.get('x-paysig-explanation')).toBe(`ERR_METHOD_NOT_ALLOWED: ${message}`);
    const record = gateway.requests.at(-1)!;
    expect(Object.hasOwn(record, 'diagnosis')).toBe(false);
    expect(record.explanation).toBe(`ERR_METHOD_NOT_ALLOWED: ${message}`);
  });

  /** A gateway whose clock reads CLOCK, then 100 s later at each further reading. */
  const steppingGateway = () => {
    let clock = CLOCK;
    return createTestGateway({
      merchants: [merchant],
      now: () => {
        const t = clock;
        clock += 100;
        return t;
      },
    });
  };

  it("records the refusal's own error even where diagnose(), at the clock's next reading, fails otherwise", async () => {
    // A clock that advances 100 s at each reading: the request is 100 s in the future when it is
    // verified, on time when it is diagnosed (where its wrong signature is the problem).
    const gateway = steppingGateway();
    const res = await payout(gateway, 'alpha', 'not the key', [], CLOCK + 100);
    expect(res.status).toBe(403);
    const reply = await fieldsOf(res);
    expect(reply.get('error-code')).toBe('ERR_OAUTH_TIMESTAMP');
    const record = gateway.requests.at(-1)!;
    expect(record.diagnosis?.valid).toBe(false);
    expect(record.diagnosis?.error).toEqual({
      code: 'ERR_OAUTH_TIMESTAMP',
      message: reply.get('error-message'),
      status: 403,
    });
    expect(record.explanation).toMatch(/^ERR_OAUTH_TIMESTAMP: oauth_timestamp is 100 s in the future/);
  });

  it("records the refusal's own message where diagnose(), at the clock's next reading, fails the same way", async () => {
    // Verified at CLOCK, the timestamp is 200 s ahead; diagnosed at CLOCK + 100, 100 s ahead:
    // the same code, another message. The record and the header tell what the client was told.
    const gateway = steppingGateway();
    const res = await payout(gateway, 'alpha', ALPHA_KEY, [], CLOCK + 200);
    const reply = await fieldsOf(res);
    expect(reply.get('error-message')).toMatch(/^oauth_timestamp is 200 s in the future/);
    const record = gateway.requests.at(-1)!;
    expect(record.diagnosis?.error).toEqual({
      code: 'ERR_OAUTH_TIMESTAMP',
      message: reply.get('error-message'),
      status: 403,
    });
    expect(record.explanation).toMatch(/^ERR_OAUTH_TIMESTAMP: oauth_timestamp is 200 s in the future/);
    expect(res.headers.get('x-paysig-explanation')).toMatch(
      /^ERR_OAUTH_TIMESTAMP: oauth_timestamp is 200 s in the future/,
    );
  });

  it("records at most 1,000 characters of the refusal's message; the answer carries it whole", async () => {
    // A base path of 1,500 characters: the refusal of a path outside it quotes it in full.
    const basePath = `/${'p'.repeat(1500)}`;
    const gateway = createTestGateway({ merchants: [merchant], basePath });
    const res = await sale(gateway, '1111', ALPHA_KEY, 'long-1');
    const message = (await fieldsOf(res)).get('error-message')!;
    expect(message.length).toBeGreaterThan(1000);
    expect(message.startsWith('no operation at path "/paynet/api/v2/sale/1111" under basePath ')).toBe(true);
    const record = gateway.requests.at(-1)!;
    expect(record.diagnosis?.error).toEqual({
      code: 'ERR_UNKNOWN_OPERATION',
      message: message.slice(0, 1000),
      status: 404,
    });
    // The explanation leads with that cut message, then what diagnose() adds.
    expect(record.explanation?.startsWith(`ERR_UNKNOWN_OPERATION: ${message.slice(0, 1000)}; `)).toBe(true);
  });

  it('records a 500 as refused with ERR_INTERNAL even when diagnose(), run after it, finds the request valid', async () => {
    // A clock that fails at its first reading only: verifying fails (not with a PaysigError),
    // diagnosing the same well-signed request succeeds.
    let readings = 0;
    const gateway = createTestGateway({
      merchants: [merchant],
      now: () => {
        if (readings++ === 0) throw new Error('clock unavailable');
        return CLOCK;
      },
    });
    const res = await payout(gateway, 'alpha', ALPHA_KEY, [], CLOCK);
    expect(res.status).toBe(500);
    expect((await fieldsOf(res)).get('error-code')).toBe('ERR_INTERNAL');
    const record = gateway.requests.at(-1)!;
    expect(record.diagnosis).toMatchObject({ valid: false, error: { code: 'ERR_INTERNAL', status: 500 } });
    expect(record.explanation).toMatch(/^ERR_INTERNAL: internal error: verifying failed/);
    expect(record.explanation).not.toContain('clock unavailable');
  });
});
