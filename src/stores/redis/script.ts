/**
 * The one Lua script behind every nonce check, and the reading of its reply.
 *
 * Atomically, with Redis's own clock, it keeps a marker hash without expiry that says since when
 * the store's memory is whole (`epoch`, Redis ms) and under which conditions that holds: the
 * `run_id` of the server process that wrote it, the server's `evicted_keys` count, and the largest
 * future skew (`f`, ms) any verifier has used. The memory is lost, and the epoch moves to now,
 * when any of them no longer holds:
 *
 * - no marker: a wipe (FLUSHALL, restart without persistence), the marker evicted, or a new Redis;
 * - another `run_id`: the server restarted (from whatever snapshot) or another server took over
 *   (a promoted replica): every process, old or new, sees the same thing, since the proof is in
 *   Redis, not in a process;
 * - another `evicted_keys`: Redis evicted keys (any policy), or its statistics were reset.
 *
 * A nonce accepted before the loss has a timestamp of at most `epoch + f` (the script refuses a
 * timestamp further ahead of Redis's clock than the verifier's future bound), so those timestamps
 * are refused (status 2) and nothing later is.
 *
 * @module
 * @internal
 */
import { NonceStoreError } from '../../errors/index.js';

/**
 * KEYS[1] marker, KEYS[2] nonce key (absent: just probe the marker).
 * ARGV[1] the request's timestamp (s), ARGV[2] 'PXAT' or 'PX', ARGV[3] its value (ms),
 * ARGV[4] the verifier's future bound (ms, an integer).
 * Reply {status, epoch, fence}: 1 recorded, 0 seen before, 2 timestamp at or before the fence
 * (could have been accepted before a loss), 3 expiry already past by Redis's clock, 4 probe,
 * 5 timestamp further ahead of Redis's clock than the future bound. `fence` = epoch + f (ms).
 */
export const CHECK_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local run = string.match(redis.call('INFO', 'server'), 'run_id:(%x+)')
local ev = string.match(redis.call('INFO', 'stats'), 'evicted_keys:(%d+)')
if run == nil or ev == nil then return redis.error_reply('paysig: INFO gives no run_id or evicted_keys') end
local future = tonumber(ARGV[4])
local m = redis.call('HMGET', KEYS[1], 'epoch', 'run', 'ev', 'f')
local epoch = tonumber(m[1])
local f = tonumber(m[4]) or 0
if future > f then f = future end
if epoch == nil or m[2] ~= run or m[3] ~= ev then
  epoch = now
  redis.call('HSET', KEYS[1], 'epoch', string.format('%d', epoch), 'run', run, 'ev', ev, 'f', string.format('%d', f))
elseif f > (tonumber(m[4]) or 0) then
  redis.call('HSET', KEYS[1], 'f', string.format('%d', f))
end
local fence = epoch + f
if #KEYS < 2 then return {4, epoch, fence} end
local ts = tonumber(ARGV[1]) * 1000
if ts <= fence then return {2, epoch, fence} end
if ts > now + future then return {5, epoch, fence} end
if ARGV[2] == 'PXAT' and tonumber(ARGV[3]) <= now then return {3, epoch, fence} end
local set = redis.call('SET', KEYS[2], '1', ARGV[2], ARGV[3], 'NX')
if set == false then return {0, epoch, fence} end
if type(set) == 'table' and set['ok'] == 'OK' then return {1, epoch, fence} end
return redis.error_reply('paysig: unexpected SET NX reply')
`;

/** A reply of {@link CHECK_SCRIPT}. @internal */
export interface CheckReply {
  status: 0 | 1 | 2 | 3 | 4 | 5;
  /** Redis time (ms) since which the store's memory is whole. */
  epoch: number;
  /** Redis time (ms): a timestamp at or before it could have been accepted before a loss. */
  fence: number;
}

/** Reads a reply; anything but the script's exact shape is a failure (fail closed). @internal */
export function readReply(reply: unknown): CheckReply {
  if (Array.isArray(reply) && reply.length === 3) {
    const [status, epoch, fence] = reply.map((x) => (typeof x === 'string' && /^\d{1,16}$/.test(x) ? Number(x) : x));
    if (
      (status === 0 || status === 1 || status === 2 || status === 3 || status === 4 || status === 5) &&
      Number.isSafeInteger(epoch) &&
      (epoch as number) > 0 &&
      Number.isSafeInteger(fence) &&
      (fence as number) >= (epoch as number)
    ) {
      return { status, epoch: epoch as number, fence: fence as number };
    }
  }
  throw new NonceStoreError('Redis gave an unexpected reply to the nonce check; request refused');
}
