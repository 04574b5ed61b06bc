/**
 * `paysig/testing`: what merchants and store authors use in their own tests.
 * {@link signCallback} signs the callbacks and customer redirects the service sends;
 * {@link createTestGateway} stands in for the service, checking signatures exactly as
 * `verifyRequest` does, offline; the nonce-store contract ({@link checkNonceStore},
 * {@link assertNonceStore}) checks a store written for another backend (DynamoDB, Memcached,
 * Postgres) against the rules paysig's own stores meet.
 *
 * Re-exports only; no logic here.
 *
 * @example
 * ```ts
 * import { assertNonceStore, createTestGateway, signCallback } from 'paysig/testing';
 * ```
 *
 * @module
 */
export {
  signCallback,
  type CallbackParams,
  type SignCallbackOptions,
  type SignedCallback,
} from './callback.js';
export { createTestGateway } from './gateway.js';
export type {
  TestGateway,
  TestGatewayOptions,
  TestMerchant,
  RecordedRequest,
  DeliveredCallback,
} from './gateway-types.js';
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
