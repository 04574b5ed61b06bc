/**
 * OAuth 1.0a errors: the Authorization header, its parameters, the consumer, the clock and the nonce store.
 *
 * @module
 */
import { PaysigError, type PaysigErrorOptions } from './base.js';

/** The `Authorization` header is not a well-formed OAuth 1.0a header. */
export class OAuthHeaderError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_OAUTH_HEADER_MALFORMED';
  /** @param message what is malformed */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_OAUTH_HEADER_MALFORMED', message, { field: 'Authorization', ...options });
  }
}

/**
 * An OAuth protocol parameter is missing, malformed, has an unsupported value, or the body
 * repeats it with a different value.
 */
export class OAuthParameterError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_OAUTH_PARAMETER';
  /** @param message which parameter and what is wrong with it */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_OAUTH_PARAMETER', message, options);
  }
}

/**
 * The `oauth_consumer_key` of an OAuth request is not known to the verifier. (An unknown merchant
 * on a `control` request is {@link UnknownMerchantError}.)
 */
export class UnknownConsumerError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_OAUTH_UNKNOWN_CONSUMER';
  /** @param message says the consumer is unknown */
  constructor(message = 'unknown consumer', options?: PaysigErrorOptions) {
    super('ERR_OAUTH_UNKNOWN_CONSUMER', message, { field: 'oauth_consumer_key', ...options });
  }
}

/**
 * The OAuth signature method of the request is not allowed: the consumer has no credential for
 * it, or the operation is signed with the other method. (A wrong HTTP method is
 * {@link HttpMethodNotAllowedError}.)
 */
export class SignatureMethodNotAllowedError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_OAUTH_METHOD_NOT_ALLOWED';
  /** @param message which method is not allowed for this consumer */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_OAUTH_METHOD_NOT_ALLOWED', message, { field: 'oauth_signature_method', ...options });
  }
}

/** `oauth_timestamp` lies outside the allowed clock-skew window. */
export class TimestampError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_OAUTH_TIMESTAMP';
  /** @param message how far off the timestamp is */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_OAUTH_TIMESTAMP', message, { field: 'oauth_timestamp', ...options });
  }
}

/** The nonce was already used by this consumer within the window: a replay. */
export class NonceReplayedError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_OAUTH_NONCE_REPLAYED';
  /** @param message says the nonce was seen before */
  constructor(message = 'oauth_nonce was already used', options?: PaysigErrorOptions) {
    super('ERR_OAUTH_NONCE_REPLAYED', message, { field: 'oauth_nonce', ...options });
  }
}

/** The nonce store could not answer (for example Redis is unreachable); the verifier fails closed. */
export class NonceStoreError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_NONCE_STORE';
  /** @param message what failed */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_NONCE_STORE', message, options);
  }
}
