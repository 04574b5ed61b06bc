/**
 * `paysig/testing`: what a user of paysig needs in their own tests. The nonce-store contract
 * ({@link checkNonceStore}, {@link assertNonceStore}) checks a store written for another backend
 * (DynamoDB, Memcached, Postgres) against the rules paysig's own stores meet. Re-exports only.
 *
 * @example
 * ```ts
 * import { assertNonceStore } from 'paysig/testing';
 *
 * await assertNonceStore(async () => {
 *   const store = await MyNonceStore.connect(`test-${crypto.randomUUID()}`);
 *   return { store, breakBackend: () => store.disconnect(), dispose: () => store.drop() };
 * });
 * ```
 *
 * @module
 */
export {
  assertNonceStore,
  checkNonceStore,
  type NonceStoreContractClock,
  type NonceStoreContractOptions,
  type NonceStoreContractReport,
  type NonceStoreRule,
  type NonceStoreRuleResult,
  type StoreUnderTest,
} from './store-contract.js';
export type { NonceCheckContext, NonceStore } from '../stores/types.js';
