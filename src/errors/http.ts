/**
 * Errors about the HTTP request as a whole: path, method, media types, body size, and an unknown merchant.
 *
 * @module
 */
import { PaysigError, type PaysigErrorOptions } from './base.js';

/** No operation of the catalog matches the name or the request path. */
export class UnknownOperationError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_UNKNOWN_OPERATION';
  /** @param message what was looked up */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_UNKNOWN_OPERATION', message, options);
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
  /**
   * The value of the `Allow` response header: the methods the resource accepts (`'POST'`, or
   * `'GET, HEAD, POST'` for a callback).
   */
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

/** A request's `Content-Type` or `Accept` is not what the API requires. */
export class MediaTypeError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_MEDIA_TYPE';
  /** @param message which header is wrong */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_MEDIA_TYPE', message, options);
  }
}

/**
 * The request's `Accept` header excludes both response formats the API has
 * (`application/vnd.pay+json` and `application/x-www-form-urlencoded`), or, with
 * `accept: 'strict'`, names anything but `application/vnd.pay+json`. Answer 406.
 */
export class NotAcceptableError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_NOT_ACCEPTABLE';
  /** @param message what the `Accept` header asked for and what the API can answer */
  constructor(message: string, options?: PaysigErrorOptions) {
    super('ERR_NOT_ACCEPTABLE', message, { field: 'Accept', ...options });
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
 * The request body did not arrive within the read deadline (`bodyTimeoutMs` of `paysig/node`,
 * 30 s by default): the client sent the headers and then stalled or trickled the body. Answer 408;
 * reading stops, so a slow client cannot hold the handler.
 */
export class BodyTimeoutError extends PaysigError {
  /** The stable code of this class. */ declare readonly code: 'ERR_BODY_TIMEOUT';
  /** The deadline that passed, in milliseconds. */
  readonly timeoutMs: number;
  /** @param timeoutMs the deadline that passed, in milliseconds */
  constructor(
    timeoutMs: number,
    message = `the request body did not arrive within ${timeoutMs} ms (bodyTimeoutMs): the client stalled`,
    options?: PaysigErrorOptions,
  ) {
    super('ERR_BODY_TIMEOUT', message, { field: 'body', ...options });
    this.timeoutMs = timeoutMs;
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
