/**
 * `paysig/testing`: what merchants use in their own tests. {@link signCallback} signs the
 * callbacks and customer redirects the service sends; {@link createTestGateway} stands in for the
 * service, checking signatures exactly as `verifyRequest` does, offline.
 *
 * Re-exports only; no logic here.
 *
 * @example
 * ```ts
 * import { createTestGateway, signCallback } from 'paysig/testing';
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
export {
  createTestGateway,
  type TestGateway,
  type TestGatewayOptions,
  type TestMerchant,
  type RecordedRequest,
  type DeliveredCallback,
} from './gateway.js';
