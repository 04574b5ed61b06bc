/**
 * Signed OAuth requests and verifications for the Redis fault tests (src/stores/redis/faults,
 * loss and ha tests): requests with a chosen clock offset, verification with a chosen window, and
 * clients that are closed after the file's tests.
 */
import { Redis as IORedis } from 'ioredis';
import { createClient } from 'redis';
import { signOAuth } from '../../src/schemes/oauth/sign.js';
import { verifyOAuth, type VerifyOAuthOptions } from '../../src/schemes/oauth/verify.js';
import type { NonceStore } from '../../src/stores/types.js';

export const SECRET = 'control-key';
/** Closed by {@link closeClients}. */
const closers: Array<() => unknown> = [];

export async function nodeRedis(url: string): Promise<ReturnType<typeof createClient>> {
  const c = createClient({ url, socket: { reconnectStrategy: 50 } });
  c.on('error', () => {});
  await c.connect();
  closers.push(() => c.destroy());
  return c;
}

export function ioRedis(url: string): IORedis {
  const c = new IORedis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  c.on('error', () => {});
  closers.push(() => c.disconnect());
  return c;
}

export async function closeClients(): Promise<void> {
  for (const close of closers.splice(0)) await close();
}

export type SignedRequest = Awaited<ReturnType<typeof request>>;

let counter = 0;
/** A signed request; `aheadSeconds` is how far the client's clock runs ahead of this one. */
export async function request(aheadSeconds = 0, nonce = `n${counter++}-${Math.random()}`) {
  const url = 'https://api.example.com/v2/payout/1';
  const params: Array<[string, string]> = [['client_orderid', String(counter)]];
  const timestamp = Math.floor(Date.now() / 1000) + aheadSeconds;
  const r = await signOAuth({
    method: 'POST',
    url,
    params,
    consumerKey: 'merchant',
    consumerSecret: SECRET,
    signatureMethod: 'HMAC-SHA1',
    nonce,
    timestamp,
  });
  return { method: 'POST', url, params, authorization: r.authorization, timestamp };
}

/** 'accepted', or the code it was refused with. */
export const verify = async (req: SignedRequest, nonceStore: NonceStore, extra: Partial<VerifyOAuthOptions> = {}) =>
  verifyOAuth(req, { credentials: () => ({ consumerSecret: SECRET }), nonceStore, ...extra }).then(
    () => 'accepted',
    (e: { code?: string; message?: string; cause?: { message?: string } }) => {
      if (process.env['PAYSIG_DEBUG_VERIFY']) console.error('refused:', e.code, e.message, e.cause?.message);
      return e.code ?? 'thrown';
    },
  );

/** Sends a fresh request every 50 ms until one is accepted: how long that took, and how many were refused. */
export async function refusedFor(
  fresh: () => Promise<SignedRequest>,
  nonceStore: NonceStore,
  extra: Partial<VerifyOAuthOptions> = {},
  ms = 10_000,
): Promise<{ ms: number; refused: number }> {
  const t0 = Date.now();
  let refused = 0;
  while (Date.now() - t0 < ms) {
    if ((await verify(await fresh(), nonceStore, extra)) === 'accepted') return { ms: Date.now() - t0, refused };
    refused++;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fresh requests still refused after ${ms} ms`);
}

/** Prints a measured figure when PAYSIG_REDIS_FIGURES is set (docs/verifying.md quotes them). */
export function figure(label: string, value: string): void {
  if (process.env['PAYSIG_REDIS_FIGURES']) process.stdout.write(`figure: ${label}: ${value}\n`);
}
