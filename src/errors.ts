/**
 * Every failure paysig reports is a {@link PaysigError}: one base class with a stable string
 * `code`, and one subclass per kind of failure. Code that handles errors should switch on
 * `code` (stable across releases) or use `instanceof`; messages are for people and may change.
 * The union of all classes, its guard and the HTTP mapping live in `error-handling.ts`.
 *
 * Messages name the field and the rule that was broken. They never contain a secret: no control
 * key, no private key, no HMAC key material.
 *
 * @module
 */

/**
 * The stable codes of every {@link PaysigError} subclass, one code per class. A union of string
 * literals: `switch (error.code)` narrows, and a `default` branch can assert `never` so that a
 * new code is a compile error in your handler. docs/errors.md lists them all.
 */
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
  | 'ERR_UNKNOWN_MERCHANT'
  | 'ERR_METHOD_NOT_ALLOWED'
  | 'ERR_MEDIA_TYPE'
  | 'ERR_BODY_TOO_LARGE'
  | 'ERR_KEY_EXPONENT'
  | 'ERR_KEY_TOO_LARGE'
  | 'ERR_BODY_CONSUMED';

/**
 * Base class of every error paysig throws or rejects with. `instanceof` a subclass narrows `code`
 * to that subclass's literal; {@link isPaysigError} narrows to {@link AnyPaysigError}, on which
 * `switch (error.code)` narrows to the subclass.
 *
 * @example
 * ```ts
 * try {
 *   await verifyRequest(request, { credentials });
 * } catch (error) {
 *   if (!isPaysigError(error)) throw error;
 *   switch (error.code) {
 *     case 'ERR_METHOD_NOT_ALLOWED':
 *       return new Response(null, { status: 405, headers: { Allow: error.allow } });
 *     case 'ERR_BODY_TOO_LARGE':
 *       log.warn(`body over ${error.limit} bytes`);
 *       break;
 *   }
 *   return new Response(null, { status: httpStatusOf(error) });
 * }
 * ```
 */
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
  /** The stable code of this class. */ declare readonly code: 'ERR_INVALID_INPUT';
  /** @param message what was wrong, naming the field and the rule */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_INVALID_INPUT', message, options);
  }
}

/** A field that a formula, operation or protocol requires is absent. */
export class MissingFieldError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_MISSING_FIELD';
  /** @param field the name of the missing field */
  constructor(field: string, message = `missing required field "${field}"`) {
    super('ERR_MISSING_FIELD', message, { field });
  }
}

/** An amount is not a plain non-negative decimal that fits the currency's minor units and int64. */
export class InvalidAmountError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_INVALID_AMOUNT';
  /** @param message what was wrong with the amount, quoting the value */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_INVALID_AMOUNT', message, { field: 'amount', ...options });
  }
}

/** Malformed percent-encoding, invalid UTF-8, a lone surrogate, bad Base64 or hex. */
export class EncodingError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_ENCODING';
  /** @param message what was malformed and where */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_ENCODING', message, options);
  }
}

/** Something paysig does not do: an unknown signature method, a scheme the operation lacks. */
export class UnsupportedError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_UNSUPPORTED';
  /** @param message what is unsupported */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_UNSUPPORTED', message, options);
  }
}

/** A `control` digest does not match the request and the control key. */
export class ControlMismatchError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_CONTROL_MISMATCH';
  /** @param message which digest failed (never the expected value) */
  constructor(message = 'control digest does not match', options?: PaysigErrorOptions) {
    super('ERR_CONTROL_MISMATCH', message, { field: 'control', ...options });
  }
}

/** An OAuth signature does not verify. */
export class SignatureInvalidError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_SIGNATURE_INVALID';
  /** @param message which signature failed (never the expected value) */
  constructor(message = 'oauth_signature does not verify', options?: PaysigErrorOptions) {
    super('ERR_SIGNATURE_INVALID', message, { field: 'oauth_signature', ...options });
  }
}

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
export class MethodNotAllowedError extends PaysigError {
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

/** A key is malformed, encrypted, of the wrong kind, or not RSA. */
export class KeyError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_INVALID';
  /** @param message what is wrong with the key (never its contents) */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_KEY_INVALID', message, options);
  }
}

/** An RSA key is shorter than 2048 bits. */
export class WeakKeyError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_TOO_SMALL';
  /** @param bits the modulus length found */
  constructor(readonly bits: number) {
    super('ERR_KEY_TOO_SMALL', `RSA key of ${bits} bits refused: at least 2048 bits are required`);
  }
}

/** No operation of the catalog matches the name or the request path. */
export class UnknownOperationError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_UNKNOWN_OPERATION';
  /** @param message what was looked up */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_UNKNOWN_OPERATION', message, options);
  }
}

/** A request's `Content-Type` or `Accept` is not what the API requires. */
export class MediaTypeError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_MEDIA_TYPE';
  /** @param message which header is wrong */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_MEDIA_TYPE', message, options);
  }
}

/**
 * An RSA key's public exponent is refused: it must be 65537. With e = 1 anyone can forge
 * signatures; an even e is not RSA; small exponents are legacy.
 */
export class KeyExponentError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_EXPONENT';
  /** @param message what is wrong with the exponent and what to do (never the key itself) */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_KEY_EXPONENT', message, options);
  }
}

/** An RSA key's modulus is longer than paysig accepts (see `MAX_RSA_BITS`, 8192 bits). */
export class KeyTooLargeError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_KEY_TOO_LARGE';
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


/**
 * A `control` request names a merchant the verifier does not know: the `credentials` callback
 * returned no control key for the body's `login`, or for the endpoint (or endpoint group) of the
 * path when the formula has no login. (An unknown OAuth consumer is {@link UnknownConsumerError}.)
 */
export class UnknownMerchantError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_UNKNOWN_MERCHANT';
  /** @param message which identifier was unknown (`login`, `endpointId`, `endpointGroupId`) */
  constructor(message = 'unknown merchant', options?: PaysigErrorOptions) {
    super('ERR_UNKNOWN_MERCHANT', message, options);
  }
}

/** The request's HTTP method is not one the API accepts; answer 405 with an `Allow` header. */
export class HttpMethodNotAllowedError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_METHOD_NOT_ALLOWED';
  /** The value of the `Allow` response header: the methods the resource accepts (`'POST'`). */
  readonly allow: string;
  /**
   * @param allow the methods allowed, as the `Allow` header lists them
   * @param message which method was used
   */
  constructor(allow: string, message = `method not allowed: use ${allow}`, options?: PaysigErrorOptions) {
    super('ERR_METHOD_NOT_ALLOWED', message, { field: 'method', ...options });
    this.allow = allow;
  }
}

/** The request body is longer than the verifier accepts (`maxBodyBytes`). */
export class BodyTooLargeError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_BODY_TOO_LARGE';
  /** The largest body accepted, in bytes. */
  readonly limit: number;
  /** @param limit the largest body accepted, in bytes */
  constructor(limit: number, message = `request body is larger than ${limit} bytes`, options?: PaysigErrorOptions) {
    super('ERR_BODY_TOO_LARGE', message, { field: 'body', ...options });
    this.limit = limit;
  }
}

/**
 * The request body was read before paysig could read it, typically by a body parser (Express
 * `urlencoded()`/`json()`, a Koa or Fastify form parser), or a Fetch `Request` whose body was
 * used. paysig verifies the bytes as sent and never a re-serialisation of a parse (which can
 * differ from what was signed), so this is a server set-up error (500): verify before the parser
 * runs, or keep the raw bytes (`express.raw(...)`) and pass them as the `body` option.
 */
export class BodyConsumedError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_BODY_CONSUMED';
  /** @param message who read the body and how to fix the set-up */
  constructor(message = 'the request body was already read', options?: PaysigErrorOptions) {
    super('ERR_BODY_CONSUMED', message, { field: 'body', ...options });
  }
}
