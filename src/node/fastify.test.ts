// The Fastify plugins and the form body parser: paysig reads the raw form body in its onRequest
// hook, so registering it on an instance that already parses forms (@fastify/formbody) is refused
// when the plugin is registered, for the verifying plugin and the callback plugin alike.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/helpers/refusal.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { createVerifier } from '../verifier/index.js';
import { createFastifyCallbackPlugin, createFastifyPlugin } from './index.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

describe('a Fastify instance with a form body parser already registered', () => {
  it.each([
    [
      'createFastifyPlugin',
      () => createFastifyPlugin(createVerifier({ basePath: '/paynet', credentials: () => undefined })),
    ],
    ['createFastifyCallbackPlugin', () => createFastifyCallbackPlugin({ controlKey: KEY })],
  ])('refuses %s when it is registered (ERR_CONFIGURATION, field fastify)', async (_name, plugin) => {
    const app = Fastify();
    // What @fastify/formbody registers: a parser that reads and parses the form body.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, new URLSearchParams(String(body))),
    );
    try {
      const registered = async () => {
        await app.register(plugin());
      };
      const e = await refusal(registered());
      expect([e.code, e.field, e.message]).toEqual([
        'ERR_CONFIGURATION',
        'fastify',
        'a body parser for application/x-www-form-urlencoded is registered (@fastify/formbody?): paysig reads the raw body itself; register paysig without it, and read verifiedOf(request).fields',
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('the Fastify plugins act on the instance they are registered on', () => {
  const verifier = () => createVerifier({ basePath: '/paynet', credentials: () => undefined });

  it('the gate hook covers routes declared outside the plugin (not encapsulated), and is named paysig', async () => {
    const app = Fastify();
    try {
      await app.register(createFastifyPlugin(verifier()));
      let ran = false;
      app.post('/paynet/api/v2/sale/1111', async () => {
        ran = true;
        return 'ran';
      });
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/paynet/api/v2/sale/1111',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'client_orderid=1&control=00',
      });
      expect(ran).toBe(false);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).toMatch(/(^|&)error-code=ERR_[A-Z_]+(&|$)/);
      expect(app.hasPlugin('paysig')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('the verifying and the callback plugin can both be registered on one instance (the form parser is added once)', async () => {
    const app = Fastify();
    try {
      await app.register(createFastifyPlugin(verifier()));
      await app.register(createFastifyCallbackPlugin({ controlKey: KEY }));
      await app.ready();
      expect(app.hasContentTypeParser('application/x-www-form-urlencoded')).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('the Fastify plugins on a request they accept', () => {
  it('a signed sale reaches the route, its form body left for paysig (the parser answers at once), on request.paysig', async () => {
    const app = Fastify();
    try {
      await app.register(
        createFastifyPlugin(
          createVerifier({
            basePath: '/paynet',
            credentials: () => ({ controlKey: KEY }),
            nonceStore: new MemoryNonceStore(),
          }),
        ),
      );
      app.post(
        '/paynet/api/v2/sale/1111',
        async (request) =>
          (request as unknown as { paysig: { fields: Record<string, string> } }).paysig.fields['client_orderid'],
      );
      await app.ready();
      expect(app.hasRequestDecorator('paysig')).toBe(true);
      const control = createHash('sha1').update(`1111902B4FF51042john.smith@gmail.com${KEY}`).digest('hex');
      const res = await app.inject({
        method: 'POST',
        url: '/paynet/api/v2/sale/1111',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_orderid=902B4FF5&amount=10.42&currency=EUR&email=john.smith%40gmail.com&control=${control}`,
      });
      expect([res.statusCode, res.body]).toEqual([200, '902B4FF5']);
    } finally {
      await app.close();
    }
  });

  it('the callback plugin decorates requests with paysigCallback', async () => {
    const app = Fastify();
    try {
      await app.register(createFastifyCallbackPlugin({ controlKey: KEY }));
      await app.ready();
      expect(app.hasRequestDecorator('paysigCallback')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
