/**
 * Errors of the server's own making: its configuration or its callbacks got something wrong.
 * They are 500s: the client is told only that the server failed, the detail stays in the error
 * for the server's log.
 *
 * @module
 */
import { PaysigError, type PaysigErrorOptions } from './base.js';

/**
 * The server's configuration or one of its callbacks is wrong: a verifier option out of range, a
 * credentials callback that returns five keys or a `consumerId` that is not a string, a nonce
 * store whose window is shorter than the verifier's, `verifiedOf(req)` on a route no middleware
 * verified. Answered 500 with a generic body; `field` names the setting to fix.
 *
 * @example
 * ```ts
 * try {
 *   createVerifier({ credentials, maxSkewSeconds: -1 });
 * } catch (error) {
 *   if (error instanceof ConfigurationError) console.error(`fix ${error.field}: ${error.message}`);
 * }
 * ```
 */
export class ConfigurationError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_CONFIGURATION';
  /** @param message what is wrong and how to fix it */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_CONFIGURATION', message, options);
  }
}

/**
 * A nonce store broke a rule of the contract every store must keep (`assertNonceStore` of
 * `paysig/testing`): `failedRules` names each, and the message has one line per rule.
 *
 * @example
 * ```ts
 * await assertNonceStore(makeStore).catch((e) => {
 *   if (e instanceof StoreContractError) console.error(e.failedRules);
 *   throw e;
 * });
 * ```
 */
export class StoreContractError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_STORE_CONTRACT';
  /** The names of the rules the store broke. */
  readonly failedRules: readonly string[];
  /**
   * @param message one line per failed rule
   * @param failedRules the names of the failed rules
   */
  constructor(message: string, failedRules: readonly string[] = [], options?: PaysigErrorOptions) {
    super('ERR_STORE_CONTRACT', message, options);
    this.failedRules = failedRules;
  }
}
