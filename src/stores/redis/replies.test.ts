/**
 * The shapes of Redis's replies the store accepts, without a server, for each of its scripts: the
 * health probe {role, evicted_keys, now, lost}, `ready()`'s peek {8, exists, dbsize} and the check
 * {status, epoch, fence, generation, counter, now}. Integers may come as digit strings (up to 16
 * digits); anything else fails closed with the script's own message.
 */
import { describe, expect, it } from 'vitest';
import { RedisNonceStore } from './index.js';
import { failure, reply, T } from '../../../test/helpers/fake-redis.js';

const N = T * 1000;
const CHECK = 'Redis gave an unexpected reply to the nonce check; request refused';
const HEALTH = 'Redis gave an unexpected reply to the health probe; request refused';

/** A node-redis look-alike answering the health probe with `health` and every check with `check`. */
function answering(health: unknown, check: unknown = reply(1)) {
  return {
    isOpen: true,
    eval: (script: string) => Promise.resolve(script.includes("'INFO', 'replication'") ? health : check),
    configGet: (p: string) => Promise.resolve({ [p]: 'noeviction' }),
  };
}

const checkWith = (health: unknown, check?: unknown) =>
  new RedisNonceStore(answering(health, check)).check('c', 'n', T, 10);

describe('RedisNonceStore replies', () => {
  it('reads a health reply of a role, evicted_keys, Redis time and a lost flag, integers as numbers or digit strings', async () => {
    for (const health of [
      ['master', 0, N, 0],
      ['master', '17', String(N), '1'],
      ['master', 2 ** 40, N, 1],
      ['master', '1234567890123456', N, 0],
    ]) {
      expect(await checkWith(health), JSON.stringify(health)).toBe(true);
    }
    for (const health of [
      'OK',
      ['master', 0, N],
      ['master', 0, N, 0, 0],
      [1, 0, N, 0], // a role that is not a string
      ['master', -1, N, 0],
      ['master', 1.5, N, 0],
      ['master', 'x', N, 0],
      ['master', '12345678901234567', N, 0], // 17 digits
      ['master', '00000000000000001', N, 0], // 17 digits, however small
      ['master', 0, 0, 0], // no Redis time
      ['master', 0, -N, 0],
      ['master', 0, N, 2],
      ['master', 0, N, -1],
      ['master', 0, N, '2'],
      ['master', 0, N, true],
    ]) {
      expect(await failure(checkWith(health)), JSON.stringify(health)).toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: HEALTH,
      });
    }
  });

  it("reads ready()'s peek {8, exists 0 or 1, dbsize}, integers as numbers or digit strings", async () => {
    const ready = (peek: unknown) => {
      const client = {
        isOpen: true,
        eval: (script: string, o: { arguments: string[] }) =>
          Promise.resolve(
            script.includes("'INFO', 'replication'")
              ? ['master', 0, N, 0]
              : o.arguments[8] === 'peek'
                ? peek
                : reply(4),
          ),
        configGet: (p: string) => Promise.resolve({ [p]: 'noeviction' }),
      };
      return new RedisNonceStore(client).ready();
    };
    for (const peek of [
      [8, 0, 0],
      [8, 1, 7],
      ['8', '1', '7'],
    ]) {
      await expect(ready(peek), JSON.stringify(peek)).resolves.toBeUndefined();
    }
    for (const peek of [
      'OK',
      [8, 1],
      [8, 1, 7, 0],
      [4, 1, 7],
      ['9', 1, 7],
      [8, 2, 7],
      [8, -1, 7],
      [8, true, 7],
      [8, 1, -7],
      [8, 1, 1.5],
      [8, 1, 'x'],
    ]) {
      expect(await failure(ready(peek)), JSON.stringify(peek)).toMatchObject({
        code: 'ERR_NONCE_STORE',
        message: CHECK,
      });
    }
  });

  it('reads a generation of up to 20 digits, a dot and up to 6 digits; a reply past the deadline has none', async () => {
    const H = ['master', 0, N, 0];
    for (const g of ['1.1', '12345678901234567890.123456', '0.0']) {
      expect(await checkWith(H, [1, 0, 0, g, 1, N]), g).toBe(true);
    }
    for (const g of ['123456789012345678901.1', '1.1234567', '.1', '1.', '1', 'a.1', '1.1 ', ' 1.1', '1.1.1']) {
      expect(await failure(checkWith(H, [1, 0, 0, g, 1, N])), g).toMatchObject({ message: CHECK });
    }
    // Status 6 (past the deadline): any generation string, the epoch and fence still checked.
    await expect(checkWith(H, [6, 0, 0, '', 0, N])).rejects.toThrow(/after its deadline/);
    await expect(checkWith(H, [6, 0, 0, 'x', 0, N])).rejects.toThrow(/after its deadline/);
    await expect(checkWith(H, [6, 0, 0, '123', 0, N])).rejects.toThrow(/after its deadline/); // a string, not a number
    expect(await failure(checkWith(H, [6, 5, 4, '', 0, N]))).toMatchObject({ message: CHECK });
    expect(await failure(checkWith(H, [6, 0, 0, 7, 0, N]))).toMatchObject({ message: CHECK });
    // 16 digits is the most an integer may have.
    expect(await checkWith(H, [1, '1234567890123456', '1234567890123456', '1.1', 1, N])).toBe(true);
  });
});
