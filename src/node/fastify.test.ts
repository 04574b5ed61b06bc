// The Fastify plugins and the form body parser: paysig reads the raw form body in its onRequest
// hook, so registering it on an instance that already parses forms (@fastify/formbody) is refused
// when the plugin is registered, for the verifying plugin and the callback plugin alike.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/helpers/refusal.js';
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
