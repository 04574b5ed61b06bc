/**
 * The contract between a verifier and a nonce store: memory of the `(consumer, nonce, timestamp)`
 * triples already accepted, so a replayed request is refused for as long as its timestamp would
 * still be accepted. Every store (memory, Redis, or one a user writes) implements
 * {@link NonceStore}; `paysig/testing` exports the suite that checks one.
 *
 * @module
 */

/**
 * What {@link verifyOAuth} knows about the window when it calls {@link NonceStore.check}: a store
 * that keeps its own clock (Redis) uses it to expire a nonce at an absolute time derived from the
 * request's timestamp rather than from the verifier's clock.
 */
export interface NonceCheckContext {
  /** The verifier's `maxSkewSeconds`: a timestamp is accepted while at most this far in the past. */
  maxSkewSeconds: number;
  /**
   * The verifier's `maxFutureSkewSeconds`: a timestamp is accepted while at most this far in the
   * future. A store that can lose its memory uses it to know which timestamps it could have seen
   * before the loss. Absent (a caller from before this field): `maxSkewSeconds` both ways.
   */
  maxFutureSkewSeconds?: number;
  /** The verifier's clock, in seconds, when it accepted the timestamp. */
  now: number;
}

/**
 * Where a verifier records nonces. {@link verifyOAuth} calls `check` only for a request whose
 * signature has verified, and fails closed: a rejected promise (or any answer other than `true`
 * or `false`) makes the request fail with {@link NonceStoreError}.
 *
 * Implementations must be atomic: of two concurrent calls with the same triple, only one may
 * resolve `true` (Redis `SET NX` gives this; see `paysig/redis`).
 *
 * @example
 * ```ts
 * const seen = new Set<string>(); // unbounded: an illustration, not a store to deploy
 * const store: NonceStore = {
 *   check: async (consumerKey, nonce, timestamp) => {
 *     const key = JSON.stringify([consumerKey, nonce, timestamp]);
 *     return seen.has(key) ? false : (seen.add(key), true);
 *   },
 * };
 * ```
 */
export interface NonceStore {
  /**
   * The largest past window, in seconds, this store remembers every nonce for: a nonce is kept
   * until its timestamp is this far in the past, whichever verifier recorded it. A verifier whose
   * `maxSkewSeconds` is larger refuses the store with a `ConfigurationError` (a nonce could be
   * forgotten while that verifier still accepts its timestamp: a replay between verifiers with
   * different windows). Absent: the store promises only what each check's `ttlSeconds` asks for,
   * and the verifier cannot check it.
   */
  readonly windowSeconds?: number;
  /**
   * Records the triple unless it is already recorded.
   *
   * @param consumerKey the consumer: the credentials' `consumerId` when given, else the
   *   `oauth_consumer_key` as sent
   * @param nonce the `oauth_nonce`
   * @param timestamp the `oauth_timestamp`, in seconds
   * @param ttlSeconds how long, from now, the triple must be remembered (a positive integer)
   * @param context the window, as {@link verifyOAuth} passes it; a store written for four
   *   arguments keeps working (the argument is optional)
   * @returns `true` when this is the first use (now recorded), `false` when it was seen before
   */
  check(
    consumerKey: string,
    nonce: string,
    timestamp: number,
    ttlSeconds: number,
    context?: NonceCheckContext,
  ): Promise<boolean>;
}

/**
 * A "store" that records nothing and answers every check with "first use": with it, **replays are
 * not checked**. For the rare caller that checks nonces elsewhere (its own database, in the same
 * transaction as the payment), or for one-off tools that verify a captured request; never for a
 * server that accepts requests. `verifyOAuth` and `verifyRequest` need a store for OAuth requests
 * and have none of their own: this is the explicit way to go without.
 *
 * @example
 * ```ts
 * // A command-line check of one captured request: nothing to replay against.
 * await verifyOAuth(captured, { credentials, nonceStore: REPLAYS_NOT_CHECKED });
 * ```
 */
export const REPLAYS_NOT_CHECKED: NonceStore = /* @__PURE__ */ Object.freeze({
  check: (): Promise<boolean> => Promise.resolve(true),
});
