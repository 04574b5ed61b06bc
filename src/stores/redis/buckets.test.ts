/**
 * The `buckets` option and the prefix's hash tag, without a server: which values are refused (with
 * the field and the rule), which prefixes hold a hash tag (`{` then at least one character then
 * `}`), how many buckets a client gets by default, and which bucket and keys a merchant lands in,
 * recomputed here with node:crypto. The cluster behaviour itself is in cluster.test.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RedisNonceStore } from './index.js';
import { fakeIORedis, fakeNodeRedis } from '../../../test/helpers/fake-redis.js';

const BUCKETS_RULE = '"buckets" must be an integer from 1 to 16384';
const TAG_RULE =
  '"buckets" above 1 puts a hash tag per bucket in every key, so the prefix must not hold one (drop the {...} from it)';

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');
/** An ioredis Cluster look-alike: ioredis's `isCluster` flag on the fake client. */
const clusterClient = () => Object.assign(fakeIORedis(), { isCluster: true });

describe('RedisNonceStore buckets', () => {
  it('refuses a bucket count that is not an integer from 1 to 16384, naming the field; both bounds are accepted', () => {
    for (const buckets of [0, -1, 1.5, 16384.5, 16385, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY, '2', null]) {
      expect(() => new RedisNonceStore(fakeNodeRedis(), { buckets } as never), String(buckets)).toThrow(
        expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'buckets', message: BUCKETS_RULE }),
      );
    }
    for (const buckets of [1, 2, 16383, 16384]) {
      expect(new RedisNonceStore(fakeNodeRedis(), { buckets }).buckets).toBe(buckets);
    }
  });

  it('refuses more than one bucket with a prefix that holds a hash tag, and only then', () => {
    // `{` followed, after at least one character, by `}`: anywhere in the prefix.
    for (const prefix of ['{paysig}:nonce:', '{x}', 'a:{b}:', '}{x}', '{{}', 'x{ab}}']) {
      expect(() => new RedisNonceStore(fakeNodeRedis(), { prefix, buckets: 2 }), prefix).toThrow(
        expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'prefix', message: TAG_RULE }),
      );
    }
    // No hash tag: no `{`, an empty `{}`, a `}` only before the `{`, or a `{` never closed.
    for (const prefix of ['paysig:nonce:', '', 'a}', 'xy}z', '{}', '{}x', 'a}{', '{abc', '}}{']) {
      expect(new RedisNonceStore(fakeNodeRedis(), { prefix, buckets: 2 }).buckets, prefix).toBe(2);
    }
    // One bucket keeps everything under the prefix, hash tag or not.
    expect(new RedisNonceStore(fakeNodeRedis(), { prefix: '{paysig}:', buckets: 1 }).buckets).toBe(1);
  });

  it('gives a cluster client 1024 buckets unless its prefix holds a hash tag; a single-node client one', () => {
    expect(new RedisNonceStore(clusterClient()).buckets).toBe(1024);
    expect(new RedisNonceStore(clusterClient(), { prefix: 'app:{}:' }).buckets).toBe(1024);
    expect(new RedisNonceStore(clusterClient(), { prefix: 'app}:' }).buckets).toBe(1024);
    expect(new RedisNonceStore(clusterClient(), { prefix: '{app}:' }).buckets).toBe(1);
    expect(new RedisNonceStore(clusterClient(), { buckets: 7 }).buckets).toBe(7);
    expect(new RedisNonceStore(fakeNodeRedis()).buckets).toBe(1);
    expect(new RedisNonceStore(fakeIORedis()).buckets).toBe(1);
  });

  it("puts a merchant's nonces and marker in the bucket SHA-1 gives it: prefix{b}n:<32 hex> and prefix{b}marker", async () => {
    const merchants = ['merchant:login', 'ß-shop', '', 'a"b\\c', '0'];
    for (const buckets of [2, 3, 1024, 16384]) {
      const store = new RedisNonceStore(fakeNodeRedis(), { prefix: 'p:', buckets });
      for (const consumer of merchants) {
        const b = Number.parseInt(sha1(JSON.stringify(consumer)).slice(0, 8), 16) % buckets;
        const key = `p:{${b}}n:${sha1(JSON.stringify([consumer, 'n-ñ', 1_700_000_000])).slice(0, 32)}`;
        expect(await store.key(consumer, 'n-ñ', 1_700_000_000)).toBe(key);
        expect(await store.markerKey(consumer)).toBe(`p:{${b}}marker`);
      }
    }
    // The merchants do spread: 5 merchants over 1024 buckets land in more than one.
    const store = new RedisNonceStore(fakeNodeRedis(), { buckets: 1024 });
    const markers = new Set(await Promise.all(merchants.map((m) => store.markerKey(m))));
    expect(markers.size).toBeGreaterThan(1);
    // One bucket: no hash tag, the keys of before.
    const one = new RedisNonceStore(fakeNodeRedis(), { prefix: 'p:' });
    expect(await one.markerKey('merchant:login')).toBe('p:marker');
    expect(await one.key('merchant:login', 'n', 1)).toBe(`p:n:${sha1('["merchant:login","n",1]').slice(0, 32)}`);
  });
});
