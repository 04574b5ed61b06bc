/**
 * What an error handler needs: {@link AnyPaysigError} (every paysig error class as one union
 * discriminated by `code`), the {@link isPaysigError} guard, and {@link httpStatusOf}, the HTTP
 * status a server answers for each code.
 *
 * @module
 */
import { PaysigError, type PaysigErrorCode } from './base.js';
import type {
  ControlMismatchError,
  EncodingError,
  InvalidAmountError,
  InvalidInputError,
  MissingFieldError,
  SignatureInvalidError,
  UnsupportedError,
} from './input.js';
import type {
  MethodNotAllowedError,
  NonceReplayedError,
  NonceStoreError,
  OAuthHeaderError,
  OAuthParameterError,
  TimestampError,
  UnknownConsumerError,
} from './oauth.js';
import type { KeyError, KeyExponentError, KeyTooLargeError, WeakKeyError } from './keys.js';
import type {
  BodyConsumedError,
  BodyTooLargeError,
  HttpMethodNotAllowedError,
  MediaTypeError,
  NotAcceptableError,
  UnknownMerchantError,
  UnknownOperationError,
} from './http.js';

/**
 * Every paysig error class, as one union discriminated by `code`: after {@link isPaysigError},
 * `switch (error.code)` narrows `error` to the subclass (and its own fields, such as
 * {@link HttpMethodNotAllowedError.allow}).
 */
export type AnyPaysigError =
  | InvalidInputError
  | MissingFieldError
  | InvalidAmountError
  | EncodingError
  | UnsupportedError
  | ControlMismatchError
  | SignatureInvalidError
  | OAuthHeaderError
  | OAuthParameterError
  | UnknownConsumerError
  | MethodNotAllowedError
  | TimestampError
  | NonceReplayedError
  | NonceStoreError
  | KeyError
  | WeakKeyError
  | UnknownOperationError
  | UnknownMerchantError
  | HttpMethodNotAllowedError
  | MediaTypeError
  | BodyTooLargeError
  | KeyExponentError
  | KeyTooLargeError
  | NotAcceptableError
  | BodyConsumedError;

/**
 * Whether a value is a paysig error; narrows it to {@link AnyPaysigError}.
 *
 * @example
 * ```ts
 * if (isPaysigError(error) && error.code === 'ERR_KEY_TOO_SMALL') console.error(error.bits);
 * ```
 */
export function isPaysigError(value: unknown): value is AnyPaysigError {
  return value instanceof PaysigError;
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
  ERR_UNKNOWN_MERCHANT: 403,
  ERR_METHOD_NOT_ALLOWED: 405,
  ERR_BODY_TOO_LARGE: 413,
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
  ERR_NOT_ACCEPTABLE: 406,
  ERR_BODY_CONSUMED: 500,
};

/**
 * The HTTP status a server should answer for an error: 400 for validation failures, 403 for an
 * unknown merchant or consumer and a signature, digest, timestamp or replay failure (as the
 * service does), 404 for an unknown operation path, 405 for a method other than `POST` (set
 * `Allow` from {@link HttpMethodNotAllowedError.allow}), 406 for an `Accept` header that excludes
 * every response format, 413 for a body over the limit, 503 when
 * the nonce store is unavailable, 500 for anything else (including errors that are not paysig's,
 * and server-side key problems). docs/errors.md has the status of every code.
 *
 * @example
 * ```ts
 * return new Response(null, { status: httpStatusOf(error) });
 * ```
 */
export function httpStatusOf(error: unknown): number {
  return error instanceof PaysigError ? (STATUS[error.code] ?? 500) : 500;
}
