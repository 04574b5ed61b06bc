/**
 * The one Lua script behind every nonce check, and the reading of its reply.
 *
 * Atomically, with Redis's own clock: it keeps a marker hash without expiry (`epoch`: when the
 * store's current memory began; `n`: a counter bumped by every call) and then records the nonce
 * with `SET key 1 PXAT expiry NX`. A missing marker (restart without persistence, FLUSHALL,
 * eviction) or a counter lower than one this process already saw (a restored snapshot, a failover
 * to a lagging replica) means nonces were lost: the epoch moves to now, and a request whose
 * timestamp is from an earlier second than the epoch is refused, since its nonce may have been recorded and lost.
 *
 * @module
 * @internal
 */
import { NonceStoreError } from '../../errors/index.js';

/**
 * KEYS[1] marker, KEYS[2] nonce key (absent: just probe the marker).
 * ARGV[1] epoch this process knows (ms, 0 for none), ARGV[2] highest counter it saw,
 * ARGV[3] the request's timestamp (s), ARGV[4] 'PXAT' or 'PX', ARGV[5] its value (ms).
 * Reply {status, epoch, n}: 1 recorded, 0 seen before, 2 timestamp before the epoch,
 * 3 expiry already past by Redis's clock, 4 probe. A timestamp in the epoch's own second is
 * not refused: else the first request after a fresh start would be, too.
 */
export const CHECK_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local epoch = tonumber(redis.call('HGET', KEYS[1], 'epoch'))
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local known = tonumber(ARGV[1])
if epoch == nil or epoch < known or (epoch == known and n <= tonumber(ARGV[2])) then
  epoch = now
  redis.call('HSET', KEYS[1], 'epoch', string.format('%d', epoch))
end
if #KEYS < 2 then return {4, epoch, n} end
if tonumber(ARGV[3]) < math.floor(epoch / 1000) then return {2, epoch, n} end
if ARGV[4] == 'PXAT' and tonumber(ARGV[5]) <= now then return {3, epoch, n} end
local set = redis.call('SET', KEYS[2], '1', ARGV[4], ARGV[5], 'NX')
if set == false then return {0, epoch, n} end
if type(set) == 'table' and set['ok'] == 'OK' then return {1, epoch, n} end
return redis.error_reply('paysig: unexpected SET NX reply')
`;

/** A reply of {@link CHECK_SCRIPT}. @internal */
export interface CheckReply {
  status: 0 | 1 | 2 | 3 | 4;
  /** Redis time (ms) since which the store's memory is whole. */
  epoch: number;
  /** The marker's counter after this call. */
  n: number;
}

/** Reads a reply; anything but the script's exact shape is a failure (fail closed). @internal */
export function readReply(reply: unknown): CheckReply {
  if (Array.isArray(reply) && reply.length === 3) {
    const [status, epoch, n] = reply.map((x) => (typeof x === 'string' && /^\d{1,16}$/.test(x) ? Number(x) : x));
    if (
      (status === 0 || status === 1 || status === 2 || status === 3 || status === 4) &&
      Number.isSafeInteger(epoch) &&
      (epoch as number) > 0 &&
      Number.isSafeInteger(n) &&
      (n as number) > 0
    ) {
      return { status, epoch: epoch as number, n: n as number };
    }
  }
  throw new NonceStoreError('Redis gave an unexpected reply to the nonce check; request refused');
}
