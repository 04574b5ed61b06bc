/**
 * What the Redis store says when it refuses: each message names the cause and what to do.
 *
 * @module
 * @internal
 */
import { NonceStoreError } from '../../errors/index.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The message of a refusal by the check script (status 2, 3, 5; anything else is unexpected). @internal */
export function refusal(status: number, epoch: number, fence: number): string {
  if (status === 2) {
    return `Redis lost its nonces at ${iso(epoch)} (new or wiped Redis, restart, restored snapshot, failover, or eviction): requests with a timestamp up to ${iso(fence)} are refused, since they could be replays; later ones are accepted`;
  }
  if (status === 3) {
    return "by Redis's clock this timestamp has already left the window nonces are kept for: the verifier's clock is ahead of Redis's (check NTP), or a verifier with a shorter maxSkewSeconds could have recorded it and its nonce expired (the window was raised recently)";
  }
  if (status === 6) {
    return 'Redis ran the nonce check after its deadline (Redis busy or paused): nothing was recorded, so the request can be retried';
  }
  if (status === 5) {
    return "by Redis's clock this timestamp is further in the future than maxFutureSkewSeconds: the verifier's clock is behind Redis's (check NTP)";
  }
  return 'Redis gave an unexpected reply to the nonce check; request refused';
}

/** Why the check script failed, when the error says. @internal */
export function scriptFailure(e: unknown): string {
  const message = e instanceof Error ? e.message : '';
  if (/CROSSSLOT/.test(message)) {
    return 'Redis Cluster refused the check: the marker and the nonce key are in different slots. Put a hash tag in the prefix, e.g. { prefix: "{paysig}:nonce:" }';
  }
  if (/INFO gives no role/.test(message)) {
    return 'Redis does not report its role and evicted_keys (INFO) to scripts, so the store cannot tell a replica or notice evictions; use a Redis that does';
  }
  if (/\bOOM\b/.test(message)) {
    return 'Redis is out of memory (OOM: maxmemory reached under noeviction), so nonces cannot be recorded and requests are refused. Raise maxmemory, or shorten the windows (a nonce is kept for the largest maxSkewSeconds any verifier uses + 1 s); do not switch to an evicting policy';
  }
  if (/READONLY/.test(message)) {
    return replicaMessage('replica (read-only)');
  }
  return 'Redis nonce check failed; request refused';
}

/** The error for a CONFIG GET that failed while the client is connected. @internal */
export function configFailure(e: unknown): NonceStoreError {
  const message = e instanceof Error ? e.message : String(e);
  if (/unknown command|unknown subcommand|NOPERM|not allowed|disabled|no config(Get)? method/i.test(message)) {
    return new NonceStoreError(
      `this Redis refuses CONFIG GET (${message.slice(0, 200)}), so the store cannot read maxmemory-policy. Set maxmemory-policy to noeviction in your provider's settings, then pass { assumeNoEviction: true }. That option is dangerous with any other policy: evictions are then noticed only after they happen, and each one refuses fresh requests for maxFutureSkewSeconds`,
      { cause: e },
    );
  }
  return new NonceStoreError(`cannot read maxmemory-policy: CONFIG GET failed (${message.slice(0, 200)})`, {
    cause: e,
  });
}

/** The refusal on a server that is not a primary. @internal */
export function replicaMessage(role: string): string {
  return `Redis is a ${role}, not a primary: nonces recorded there never reach the primary (and a replica's data can be replaced by a re-sync), so every request is refused. Point the client at the primary`;
}
