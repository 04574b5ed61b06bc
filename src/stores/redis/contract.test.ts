/**
 * RedisNonceStore meets the nonce-store contract of `paysig/testing` against a real redis-server
 * (REDIS_URL, or one started here from PATH), in real time: each rule gets its own node-redis
 * client and key prefix, and the fail-closed rule breaks the backend by destroying that client.
 * Each prefix starts from an established marker (a fresh one is a loss, refused for the future
 * bound; that is tested in loss.test.ts). The expiry rule waits about three seconds. Node project only (vitest.config.ts).
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNonceStore } from '../../testing/index.js';
import { establish, RedisServer } from '../../../test/helpers/redis-server.js';
import { RedisNonceStore } from './index.js';

let server: RedisServer | undefined;
let url = '';

beforeAll(async () => {
  if (process.env['REDIS_URL']) url = process.env['REDIS_URL'];
  else {
    server = await RedisServer.start();
    url = server.url;
  }
}, 20_000);

afterAll(async () => {
  await server?.stop();
});

describe('RedisNonceStore and the nonce-store contract', () => {
  it('meets every rule on a real redis-server (node-redis), in real time', { timeout: 60_000 }, async () => {
    const report = await assertNonceStore(async () => {
      const client = createClient({ url, socket: { reconnectStrategy: false } });
      client.on('error', () => {});
      await client.connect();
      const close = () => {
        if (client.isOpen) client.destroy();
      };
      const prefix = `contract:${randomUUID()}:`;
      // A store's first check on an empty prefix is a loss (it cannot tell a new Redis from a
      // wiped one) and refuses for the future bound: start from an established marker instead.
      await establish((args) => client.sendCommand(args), prefix);
      const store = new RedisNonceStore(client, { prefix, timeoutMs: 2000 });
      return { store, breakBackend: close, dispose: close };
    });
    expect(report.results.filter((r) => r.passed).length).toBe(7);
  });
});
