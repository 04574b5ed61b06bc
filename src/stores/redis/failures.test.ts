/**
 * What the Redis store says when Redis itself refuses, without a server: a client look-alike
 * whose script call or CONFIG GET rejects with the error texts Redis and the clients give. Each
 * refusal is a NonceStoreError whose message names the cause and what to do, and quotes at most
 * 200 characters of what Redis said.
 */
import { describe, expect, it } from 'vitest';
import { RedisNonceStore } from './index.js';
import { failure, T } from '../../../test/helpers/fake-redis.js';

/** A node-redis look-alike: a healthy primary, whose check script call rejects with `checkError`. */
function refusing(checkError: unknown, configError?: unknown) {
  return {
    isOpen: true,
    eval(script: string): Promise<unknown> {
      if (script.includes("'INFO', 'replication'")) return Promise.resolve(['master', 0, Date.now(), 0]);
      return Promise.reject(checkError);
    },
    configGet: (parameter: string) =>
      configError === undefined ? Promise.resolve({ [parameter]: 'noeviction' }) : Promise.reject(configError),
  };
}

const check = (client: object) => new RedisNonceStore(client as never).check('merchant', 'n-1', T, 300);

const REPLICA =
  "Redis is a replica (read-only), not a primary: nonces recorded there never reach the primary (and a replica's data can be replaced by a re-sync), so every request is refused. Point the client at the primary";

describe('RedisNonceStore refusals by Redis', () => {
  it("names a replica from Redis's READONLY error, and a Redis whose INFO gives scripts no role", async () => {
    const readonly = await failure(check(refusing(new Error("READONLY You can't write against a read only replica."))));
    expect(readonly).toMatchObject({ code: 'ERR_NONCE_STORE', message: REPLICA });
    const noInfo = await failure(
      check(refusing(new Error('ERR user_script:20: paysig: INFO gives no role or evicted_keys script: 1f2e'))),
    );
    expect(noInfo).toMatchObject({
      code: 'ERR_NONCE_STORE',
      message:
        'Redis does not report its role and evicted_keys (INFO) to scripts, so the store cannot tell a replica or notice evictions; use a Redis that does',
    });
    // A rejection that is not an Error is not read as Redis's text.
    expect(await failure(check(refusing('READONLY')))).toMatchObject({
      message: 'Redis nonce check failed; request refused',
      cause: 'READONLY',
    });
    // Any other failure: refused, with the cause kept (not in the message).
    const other = new Error('ERR something else');
    expect(await failure(check(refusing(other)))).toMatchObject({
      code: 'ERR_NONCE_STORE',
      message: 'Redis nonce check failed; request refused',
      cause: other,
    });
  });

  it('quotes at most 200 characters of a CONFIG GET failure, for a disabled CONFIG and for any other failure', async () => {
    const long = 'x'.repeat(300);
    const disabled = await failure(check(refusing(undefined, new Error(`ERR unknown command 'CONFIG', ${long}`))));
    const quoted = `ERR unknown command 'CONFIG', ${long}`.slice(0, 200);
    expect(disabled).toMatchObject({ code: 'ERR_NONCE_STORE' });
    expect(disabled.message).toBe(
      `this Redis refuses CONFIG GET (${quoted}), so the store cannot read maxmemory-policy. Set maxmemory-policy to noeviction in your provider's settings, then pass { assumeNoEviction: true }. That option is dangerous with any other policy: evictions are then noticed only after they happen, and each one refuses fresh requests for maxFutureSkewSeconds`,
    );
    const broken = await failure(check(refusing(undefined, new Error(`ERR broken pipe ${long}`))));
    expect(broken.message).toBe(
      `cannot read maxmemory-policy: CONFIG GET failed (${`ERR broken pipe ${long}`.slice(0, 200)})`,
    );
  });
});
