/**
 * Every failure paysig reports is a {@link PaysigError}: one base class with a stable string
 * `code`, and one subclass per kind of failure. Code that handles errors should switch on
 * `code` (stable across releases) or use `instanceof`; messages are for people and may change.
 *
 * Messages name the field and the rule that was broken. They never contain a secret: no control
 * key, no private key, no HMAC key material.
 *
 * @module
 */

/** The stable codes of every {@link PaysigError} subclass. */
export type PaysigErrorCode =
  | 'ERR_INVALID_INPUT'
  | 'ERR_MISSING_FIELD'
  | 'ERR_INVALID_AMOUNT'
  | 'ERR_ENCODING'
  | 'ERR_UNSUPPORTED'
  | 'ERR_CONTROL_MISMATCH'
  | 'ERR_SIGNATURE_INVALID'
  | 'ERR_OAUTH_HEADER_MALFORMED'
  | 'ERR_OAUTH_PARAMETER'
  | 'ERR_OAUTH_UNKNOWN_CONSUMER'
  | 'ERR_OAUTH_METHOD_NOT_ALLOWED'
  | 'ERR_OAUTH_TIMESTAMP'
  | 'ERR_OAUTH_NONCE_REPLAYED'
  | 'ERR_NONCE_STORE'
  | 'ERR_KEY_INVALID'
  | 'ERR_KEY_TOO_SMALL'
  | 'ERR_UNKNOWN_OPERATION'
  | 'ERR_MEDIA_TYPE'
  | 'ERR_KEY_EXPONENT'
  | 'ERR_KEY_TOO_LARGE';

/** Base class of every error paysig throws or rejects with. */
export class PaysigError extends Error {
  /** Stable machine-readable code; see {@link PaysigErrorCode}. */
  readonly code: PaysigErrorCode;
  /** The request field, header or parameter concerned, when there is one. */
  readonly field: string | undefined;

  /** @internal */
  constructor(code: PaysigErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.field = options?.field;
  }
}

/** Options accepted by every subclass constructor. */
export interface PaysigErrorOptions {
  /** The request field, header or parameter concerned. */
  field?: string;
  /** The underlying error, when one caused this one. */
  cause?: unknown;
}

/** A value given to paysig breaks a documented rule (wrong type, out of range, bad format). */
export class InvalidInputError extends PaysigError {
  /** @param message what was wrong, naming the field and the rule */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_INVALID_INPUT', message, options);
  }
}

/** A field that a formula, operation or protocol requires is absent. */
export class MissingFieldError extends PaysigError {
  /** @param field the name of the missing field */
  constructor(field: string, message = `missing required field "${field}"`) {
    super('ERR_MISSING_FIELD', message, { field });
  }
}

/** An amount is not a plain non-negative decimal that fits the currency's minor units and int64. */
export class InvalidAmountError extends PaysigError {
  /** @param message what was wrong with the amount, quoting the value */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_INVALID_AMOUNT', message, { field: 'amount', ...options });
  }
}

/** Malformed percent-encoding, invalid UTF-8, a lone surrogate, bad Base64 or hex. */
export class EncodingError extends PaysigError {
  /** @param message what was malformed and where */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_ENCODING', message, options);
  }
}

/** Something paysig does not do: an unknown signature method, a scheme the operation lacks. */
export class UnsupportedError extends PaysigError {
  /** @param message what is unsupported */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_UNSUPPORTED', message, options);
  }
}

/** A `control` digest does not match the request and the control key. */
export class ControlMismatchError extends PaysigError {
  /** @param message which digest failed (never the expected value) */
  constructor(message = 'control digest does not match', options?: PaysigErrorOptions) {
    super('ERR_CONTROL_MISMATCH', message, { field: 'control', ...options });
  }
}

/** An OAuth signature does not verify. */
export class SignatureInvalidError extends PaysigError {
  /** @param message which signature failed (never the expected value) */
  constructor(message = 'oauth_signature does not verify', options?: PaysigErrorOptions) {
    super('ERR_SIGNATURE_INVALID', message, { field: 'oauth_signature', ...options });
  }
}

/** The `Authorization` header is not a well-formed OAuth 1.0a header. */
export class OAuthHeaderError extends PaysigError {
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
  /** @param message which parameter and what is wrong with it */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_OAUTH_PARAMETER', message, options);
  }
}

/** The `oauth_consumer_key` (or merchant login) is not known to the verifier. */
export class UnknownConsumerError extends PaysigError {
  /** @param message says the consumer is unknown */
  constructor(message = 'unknown consumer', options?: PaysigErrorOptions) {
    super('ERR_OAUTH_UNKNOWN_CONSUMER', message, { field: 'oauth_consumer_key', ...options });
  }
}

/** The consumer has no credential for the signature method the request uses. */
export class MethodNotAllowedError extends PaysigError {
  /** @param message which method is not allowed for this consumer */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_OAUTH_METHOD_NOT_ALLOWED', message, { field: 'oauth_signature_method', ...options });
  }
}

/** `oauth_timestamp` lies outside the allowed clock-skew window. */
export class TimestampError extends PaysigError {
  /** @param message how far off the timestamp is */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_OAUTH_TIMESTAMP', message, { field: 'oauth_timestamp', ...options });
  }
}

/** The nonce was already used by this consumer within the window: a replay. */
export class NonceReplayedError extends PaysigError {
  /** @param message says the nonce was seen before */
  constructor(message = 'oauth_nonce was already used', options?: PaysigErrorOptions) {
    super('ERR_OAUTH_NONCE_REPLAYED', message, { field: 'oauth_nonce', ...options });
  }
}

/** The nonce store could not answer (for example Redis is unreachable); the verifier fails closed. */
export class NonceStoreError extends PaysigError {
  /** @param message what failed */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_NONCE_STORE', message, options);
  }
}

/** A key is malformed, encrypted, of the wrong kind, or not RSA. */
export class KeyError extends PaysigError {
  /** @param message what is wrong with the key (never its contents) */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_KEY_INVALID', message, options);
  }
}

/** An RSA key is shorter than 2048 bits. */
export class WeakKeyError extends PaysigError {
  /** @param bits the modulus length found */
  constructor(readonly bits: number) {
    super('ERR_KEY_TOO_SMALL', `RSA key of ${bits} bits refused: at least 2048 bits are required`);
  }
}

/** No operation of the catalog matches the name or the request path. */
export class UnknownOperationError extends PaysigError {
  /** @param message what was looked up */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_UNKNOWN_OPERATION', message, options);
  }
}

/** A request's method, `Content-Type` or `Accept` is not what the API requires. */
export class MediaTypeError extends PaysigError {
  /** @param message which header or method is wrong */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_MEDIA_TYPE', message, options);
  }
}

/**
 * An RSA key's public exponent is refused: it must be 65537. With e = 1 anyone can forge
 * signatures; an even e is not RSA; small exponents are legacy.
 */
export class KeyExponentError extends PaysigError {
  /** @param message what is wrong with the exponent and what to do (never the key itself) */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_KEY_EXPONENT', message, options);
  }
}

/** An RSA key's modulus is longer than paysig accepts (see `MAX_RSA_BITS`, 8192 bits). */
export class KeyTooLargeError extends PaysigError {
  /**
   * @param bits the modulus length found
   * @param maxBits the largest length accepted
   */
  constructor(
    readonly bits: number,
    readonly maxBits: number,
  ) {
    super(
      'ERR_KEY_TOO_LARGE',
      `RSA key of ${bits} bits refused: at most ${maxBits} bits are accepted; use a key of 2048 to ${maxBits} bits (4096 is usual)`,
    );
  }
}

const STATUS: Record<PaysigErrorCode, number> = {
  ERR_INVALID_INPUT: 400,
  ERR_MISSING_FIELD: 400,
  ERR_INVALID_AMOUNT: 400,
  ERR_ENCODING: 400,
  ERR_UNSUPPORTED: 400,
  ERR_OAUTH_HEADER_MALFORMED: 400,
  ERR_OAUTH_PARAMETER: 400,
  ERR_MEDIA_TYPE: 400,
  ERR_CONTROL_MISMATCH: 403,
  ERR_SIGNATURE_INVALID: 403,
  ERR_OAUTH_UNKNOWN_CONSUMER: 403,
  ERR_OAUTH_METHOD_NOT_ALLOWED: 403,
  ERR_OAUTH_TIMESTAMP: 403,
  ERR_OAUTH_NONCE_REPLAYED: 403,
  ERR_KEY_INVALID: 500,
  ERR_KEY_TOO_SMALL: 500,
  ERR_NONCE_STORE: 503,
  ERR_UNKNOWN_OPERATION: 404,
  ERR_KEY_EXPONENT: 500,
  ERR_KEY_TOO_LARGE: 500,
};

/**
 * The HTTP status a server should answer for an error: 400 for validation failures, 403 for a
 * signature, digest, timestamp or replay failure (as the service does), 404 for an unknown
 * operation path, 503 when the nonce store is unavailable, 500 for anything else (including
 * errors that are not paysig's, and server-side key problems).
 */
export function httpStatusOf(error: unknown): number {
  return error instanceof PaysigError ? (STATUS[error.code] ?? 500) : 500;
}
