/**
 * The one Lua script behind every nonce check, and the reading of its reply.
 *
 * Atomically, with Redis's own clock, it keeps a marker hash without expiry (one per bucket; see
 * `buckets`) and records the nonce. It calls no `INFO` (a check costs about 1.5 plain `SET`s of Redis CPU): what it
 * compares comes from the marker itself and from what the calling process remembers of it.
 *
 * The marker holds a generation `g` (an id chosen when the marker is created), a counter `c`
 * (bumped with every nonce recorded, in the same atomic step), `epoch` (Redis ms since which the
 * memory is whole), the largest future bound `f` and past bound `p` any verifier has used (ms),
 * `po`/`pt`: the past bound before the last raise and when it was raised, and `run`: the `run_id`
 * of the server that last probed it (written with a new marker, and by the out-of-band probe:
 * see {@link HEALTH_SCRIPT}; the only `INFO` a check may call is on the rare path that creates a
 * marker).
 *
 * The memory is lost, and the epoch moves to now with a new generation, when:
 *
 * - there is no marker: a wipe (FLUSHALL, restart without persistence), the marker evicted, a new
 *   Redis (unless `ready()` found the whole Redis empty: a first run, see `ready`);
 * - the caller saw this generation with a higher counter than the marker holds: the data was
 *   replaced by an older copy of itself (a restart from an older snapshot, `DEBUG RELOAD`, a
 *   re-sync from a stale replica, a failback to an older primary);
 * - the caller saw another generation, and the marker's epoch is older than that sighting: the
 *   data was replaced by a copy of another lineage (a marker created later is a loss another
 *   process already recorded, which this one adopts);
 * - the caller says so (`mode` 'loss': it saw Redis evict keys, out of band).
 *
 * A nonce accepted before the loss has a timestamp of at most `epoch + f` (the script refuses a
 * timestamp further ahead of Redis's clock than the verifier's future bound), so those timestamps
 * are refused (status 2) and nothing later is.
 *
 * The nonce is recorded with `SETNX` and then `PEXPIREAT` (atomic inside the script): `SET key 1
 * PXAT t NX` does the same in one command, but Redis rewrites that command's arguments for
 * propagation, which inside a script cost more Redis CPU than the two plain commands (measured:
 * bench/fleet-redis-cpu.mjs). Numbers reach Redis as integers (`%.17g`, exact below 2^53).
 *
 * Windows: a nonce is kept until `ts + p + 1 s` (Redis clock), `p` the largest past bound any
 * verifier has used. After `p` was raised at `pt` from `po`, a timestamp up to `pt + f` may have
 * been recorded under the shorter retention, so it is judged with `po`: refused (status 3) once
 * `ts + po + 1 s` has passed, as the verifier with the shorter window would.
 *
 * @module
 * @internal
 */
import { NonceStoreError } from '../../errors/index.js';

/**
 * KEYS[1] marker, KEYS[2] nonce key (absent: just probe the marker).
 * ARGV[1] the request's timestamp (s), ARGV[2] the verifier's past bound (ms; -1 unknown: a
 * caller without a window, which neither raises nor is judged by the recorded bound, and keeps the
 * nonce for ARGV[8] from now or the recorded bound, whichever is later), ARGV[3] its future
 * bound (ms), ARGV[4] the generation the caller last saw ('' none), ARGV[5] its counter then,
 * ARGV[6] the deadline (Redis ms, 0 none): past it the check is refused and records nothing,
 * ARGV[7] the Redis time (ms) at which the caller last saw its generation. The last three may be
 * left out (Redis parses and Lua allocates every argument, so a plain check sends seven):
 * ARGV[8] a minimum time to keep the nonce from now (ms; absent or 0 when the window is known),
 * ARGV[9] mode (absent or '' check or probe, 'first' may create a missing marker as a first run,
 * 'loss' declare a loss, 'peek' only report whether the marker exists and the database size),
 * ARGV[10] '1' to compare Redis's `evicted_keys` with the marker's on this check (only for
 * `assumeNoEviction`, whose policy is not read).
 *
 * Reply {status, epoch, fence, generation, counter, now}: 1 recorded, 0 seen before, 2 timestamp
 * at or before the fence (could have been accepted before a loss), 3 left the window (could have
 * been recorded and expired), 4 probe, 5 timestamp further ahead of Redis's clock than the future
 * bound, 6 deadline passed (nothing recorded). 'peek' replies {8, exists, dbsize}.
 */
export const CHECK_SCRIPT = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local mode = ARGV[9] or ''
if mode == 'peek' then return {8, redis.call('EXISTS', KEYS[1]), redis.call('DBSIZE')} end
local dl = ARGV[6] + 0
if dl > 0 and now > dl then return {6, 0, 0, '', 0, now} end
local m = redis.call('HMGET', KEYS[1], 'g', 'c', 'epoch', 'f', 'p', 'po', 'pt')
local pv = ARGV[2] + 0
local fv = ARGV[3] + 0
local kg = ARGV[4]
local g = m[1]
local c = tonumber(m[2])
local epoch = tonumber(m[3])
local f0 = tonumber(m[4]) or 0
local f = f0
if fv > f then f = fv end
local p = tonumber(m[5])
local po = tonumber(m[6])
local pt = tonumber(m[7]) or 0
local fmt = string.format
local new = false
if ARGV[10] == '1' then
  local ev = string.match(redis.call('INFO', 'stats'), 'evicted_keys:(%d+)')
  if ev == nil then return redis.error_reply('paysig: INFO gives no role or evicted_keys') end
  local mev = redis.call('HGET', KEYS[1], 'ev')
  if mev ~= false and mev ~= ev then mode = 'loss' end
  if mev ~= ev then redis.call('HSET', KEYS[1], 'ev', ev) end
end
if epoch == nil then
  new = true
  if mode == 'first' then epoch = 0 else epoch = now end
elseif g == false or c == nil then
  new = true
elseif mode == 'loss' or (kg ~= '' and ((kg == g and c < ARGV[5] + 0) or (kg ~= g and epoch < ARGV[7] + 0))) then
  new = true
  epoch = now
end
if new then
  g = t[1] .. '.' .. t[2]
  c = 0
  local run = string.match(redis.call('INFO', 'server'), 'run_id:(%x+)') or ''
  redis.call('HSET', KEYS[1], 'g', g, 'c', '0', 'epoch', fmt('%d', epoch), 'f', fmt('%d', f), 'run', run)
elseif f > f0 then
  redis.call('HSET', KEYS[1], 'f', fmt('%d', f))
end
local fence = epoch + f
if mode ~= '' and mode ~= 'loss' or #KEYS < 2 then return {4, epoch, fence, g, c, now} end
if pv >= 0 and (p == nil or new and m[3] == false) then
  p = pv
  po = pv
  pt = 0
  redis.call('HSET', KEYS[1], 'p', fmt('%d', p), 'po', fmt('%d', po), 'pt', '0')
elseif pv >= 0 and pv > p then
  if po == nil or pt == 0 or now > pt + f + p + 1000 then po = p end
  pt = now
  p = pv
  redis.call('HSET', KEYS[1], 'p', fmt('%d', p), 'po', fmt('%d', po), 'pt', fmt('%d', pt))
end
if po == nil then po = p end
local ts = ARGV[1] * 1000
if ts <= fence then return {2, epoch, fence, g, c, now} end
if ts > now + fv then return {5, epoch, fence, g, c, now} end
local at = now + (tonumber(ARGV[8]) or 0)
if p ~= nil then
  local pe = p
  if ts <= pt + f then pe = po end
  if pv >= 0 and ts + pe + 1000 <= now then return {3, epoch, fence, g, c, now} end
  if ts + p + 1000 > at then at = ts + p + 1000 end
end
if redis.call('SETNX', KEYS[2], '1') == 0 then return {0, epoch, fence, g, c, now} end
redis.call('PEXPIREAT', KEYS[2], at)
return {1, epoch, fence, g, redis.call('HINCRBY', KEYS[1], 'c', 1), now}
`;

/** A check or probe reply of {@link CHECK_SCRIPT}. @internal */
export interface CheckReply {
  status: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** Redis time (ms) since which the store's memory is whole (0: since the first run). */
  epoch: number;
  /** Redis time (ms): a timestamp at or before it could have been accepted before a loss. */
  fence: number;
  /** The marker's generation, and its counter after this check. */
  generation: string;
  counter: number;
  /** Redis's clock (ms) when the script ran. */
  now: number;
}

const int = (x: unknown) => (typeof x === 'string' && /^\d{1,16}$/.test(x) ? Number(x) : x);
const isInt = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** Reads a reply; anything but the script's exact shape is a failure (fail closed). @internal */
export function readReply(reply: unknown): CheckReply {
  if (Array.isArray(reply) && reply.length === 6) {
    const [status, epoch, fence, generation, counter, now] = reply.map((x, i) => (i === 3 ? x : int(x)));
    if (
      (status === 0 || status === 1 || status === 2 || status === 3 || status === 4 || status === 5 || status === 6) &&
      isInt(epoch) &&
      isInt(fence) &&
      fence >= epoch &&
      typeof generation === 'string' &&
      isInt(counter) &&
      isInt(now) &&
      now > 0 &&
      (status === 6 || /^\d{1,20}\.\d{1,6}$/.test(generation))
    ) {
      return { status, epoch, fence, generation, counter, now };
    }
  }
  throw new NonceStoreError('Redis gave an unexpected reply to the nonce check; request refused');
}

/** Reads a 'peek' reply: whether the marker exists, and how many keys the database holds. @internal */
export function readPeek(reply: unknown): { exists: boolean; dbsize: number } {
  if (Array.isArray(reply) && reply.length === 3) {
    const [status, exists, dbsize] = reply.map(int);
    if (status === 8 && (exists === 0 || exists === 1) && isInt(dbsize)) return { exists: exists === 1, dbsize };
  }
  throw new NonceStoreError('Redis gave an unexpected reply to the nonce check; request refused');
}

/**
 * The out-of-band health probe, run at `ready()` and then about once a second by each process
 * (never per check): the server's replication role, its `evicted_keys` count and its clock, and
 * whether the server restarted since a process last probed (the marker's `run` is another
 * `run_id`). After a restart the marker is judged by the caller's sighting when it has one
 * (ARGV[1] generation, ARGV[2] counter: a lower counter is a loss, the same or higher is not);
 * a caller without one (a process started after the restart) cannot tell an older snapshot from
 * the last state, and counts it a loss unless the server persists every write (AOF with
 * `appendfsync always`, ARGV[3]). KEYS[1] the marker. Reply {role, evicted_keys, now (ms), lost}.
 */
export const HEALTH_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local role = string.match(redis.call('INFO', 'replication'), 'role:(%a+)')
local ev = string.match(redis.call('INFO', 'stats'), 'evicted_keys:(%d+)')
local run = string.match(redis.call('INFO', 'server'), 'run_id:(%x+)')
local aof = string.match(redis.call('INFO', 'persistence'), 'aof_enabled:(%d)')
if role == nil or ev == nil or run == nil then return redis.error_reply('paysig: INFO gives no role or evicted_keys') end
local lost = 0
if role == 'master' then
  local m = redis.call('HMGET', KEYS[1], 'g', 'c', 'epoch', 'run')
  if m[3] ~= false and m[4] ~= run then
    if m[4] ~= false and m[4] ~= '' then
      if ARGV[1] ~= '' then
        if ARGV[1] == m[1] and tonumber(m[2]) < tonumber(ARGV[2]) then lost = 1 end
      elseif not (aof == '1' and ARGV[3] == 'always') then
        lost = 1
      end
    end
    if lost == 1 then
      redis.call('HSET', KEYS[1], 'g', t[1] .. '.' .. t[2], 'c', '0', 'epoch', string.format('%d', now))
    end
    redis.call('HSET', KEYS[1], 'run', run)
  end
end
return {role, tonumber(ev), now, lost}
`;

/** Reads a reply of {@link HEALTH_SCRIPT}. @internal */
export function readHealth(reply: unknown): { role: string; evicted: number; now: number } {
  if (Array.isArray(reply) && reply.length === 4) {
    const [role, evicted, now, lost] = [reply[0], int(reply[1]), int(reply[2]), int(reply[3])];
    if (typeof role === 'string' && isInt(evicted) && isInt(now) && now > 0 && (lost === 0 || lost === 1)) {
      return { role, evicted, now };
    }
  }
  throw new NonceStoreError('Redis gave an unexpected reply to the health probe; request refused');
}
