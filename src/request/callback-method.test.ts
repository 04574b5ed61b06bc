/**
 * The one method rule of the callback entry points (`callbackInQuery`), through `verifyCallback`
 * given a Fetch `Request`: the refusal of any method but GET, HEAD and POST, what it says and the
 * `Allow` it gives. (Every entry point is compared in src/node/callback-methods.test.ts.)
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpMethodNotAllowedError } from '../errors/index.js';
import { verifyCallback } from './callback.js';

const KEY = 'test-merchant-control';
const control = createHash('sha1').update(`approved1234567S-1${KEY}`).digest('hex');
const QUERY = `status=approved&orderid=1234567&client_orderid=S-1&control=${control}`;

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('accepted'),
    (e: unknown) => e,
  );

describe('the callback method rule', () => {
  it('names the method it refuses, cut to 20 characters, and allows GET, HEAD, POST', async () => {
    const method = `X${'Y'.repeat(29)}`;
    const e = await refusal(verifyCallback(new Request(`https://shop.example/cb?${QUERY}`, { method }), KEY));
    expect(e).toBeInstanceOf(HttpMethodNotAllowedError);
    expect(e).toMatchObject({
      code: 'ERR_METHOD_NOT_ALLOWED',
      field: 'method',
      allow: 'GET, HEAD, POST',
      message: `a callback comes as a GET (its query) or a POST (its form body), got "X${'Y'.repeat(19)}"`,
    });
  });

  it('reads the query of a GET or HEAD in any letter case, and refuses a PUT before reading anything', async () => {
    for (const method of ['GET', 'HEAD', 'get', 'Head']) {
      const request = new Request(`https://shop.example/cb?${QUERY}`, { method });
      expect((await verifyCallback(request, KEY)).client_orderid).toBe('S-1');
    }
    const put = new Request(`https://shop.example/cb?${QUERY}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: QUERY,
    });
    expect(await refusal(verifyCallback(put, KEY))).toMatchObject({ code: 'ERR_METHOD_NOT_ALLOWED' });
    expect(put.bodyUsed).toBe(false);
  });

  it("refuses U+FFFD in a POST's form body, naming the field (cut to 100 characters)", async () => {
    const name = `m${'x'.repeat(119)}`;
    const post = (body: string) =>
      new Request('https://shop.example/cb', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const cut = name.slice(0, 100);
    // U+FFFD in the value, then in the name (past the cut).
    for (const body of [`${QUERY}&${name}=a%EF%BF%BDb`, `${QUERY}&${name}%EF%BF%BD=a`]) {
      expect(await refusal(verifyCallback(post(body), KEY))).toMatchObject({
        code: 'ERR_ENCODING',
        field: cut,
        message: `callback parameter "${cut}" holds U+FFFD, what an encoder writes for a lone surrogate (in a form body): a callback's fields never hold it`,
      });
    }
  });
});
