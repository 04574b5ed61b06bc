/**
 * The one table of error codes: each code beside its class and the HTTP status a server answers.
 * {@link PaysigErrorCode}, {@link AnyPaysigError} and `httpStatusOf` are derived from it, and
 * test/errors.test.ts holds docs/errors.md (the operator's page) to it, so a new code is one row
 * here, its class, and its test.
 *
 * @module
 */
import { BodyConsumedError, BodyTimeoutError, BodyTooLargeError, HttpMethodNotAllowedError } from './http.js';
import { MediaTypeError } from './http.js';
import { NotAcceptableError, UnknownMerchantError, UnknownOperationError } from './http.js';
import { ControlMismatchError, EncodingError, InvalidAmountError, InvalidInputError } from './input.js';
import { MissingFieldError, SignatureInvalidError, UnsupportedError } from './input.js';
import { KeyError, KeyExponentError, KeyTooLargeError, WeakKeyError } from './keys.js';
import { NonceReplayedError, NonceStoreError, OAuthHeaderError, OAuthParameterError } from './oauth.js';
import { SignatureMethodNotAllowedError, TimestampError, UnknownConsumerError } from './oauth.js';

/**
 * Every error code paysig uses, with the class that carries it and the HTTP status
 * `httpStatusOf` gives it: 400 for a request that breaks a rule, 403 for an unknown merchant and
 * a failed signature, digest, timestamp or replay check (as the service answers), 404, 405, 406,
 * 408 and 413 for the HTTP-level refusals, 503 when the nonce store cannot answer, 500 for
 * server-side key and programming problems. docs/errors.md says what each means and what to do.
 *
 * @example
 * ```ts
 * import { ERROR_CODES } from 'paysig';
 *
 * for (const [code, { status }] of Object.entries(ERROR_CODES)) console.log(code, status);
 * ```
 */
export const ERROR_CODES = {
  ERR_INVALID_INPUT: { errorClass: InvalidInputError, status: 400 },
  ERR_MISSING_FIELD: { errorClass: MissingFieldError, status: 400 },
  ERR_INVALID_AMOUNT: { errorClass: InvalidAmountError, status: 400 },
  ERR_ENCODING: { errorClass: EncodingError, status: 400 },
  ERR_UNSUPPORTED: { errorClass: UnsupportedError, status: 400 },
  ERR_CONTROL_MISMATCH: { errorClass: ControlMismatchError, status: 403 },
  ERR_SIGNATURE_INVALID: { errorClass: SignatureInvalidError, status: 403 },
  ERR_OAUTH_HEADER_MALFORMED: { errorClass: OAuthHeaderError, status: 400 },
  ERR_OAUTH_PARAMETER: { errorClass: OAuthParameterError, status: 400 },
  ERR_OAUTH_UNKNOWN_CONSUMER: { errorClass: UnknownConsumerError, status: 403 },
  ERR_OAUTH_METHOD_NOT_ALLOWED: { errorClass: SignatureMethodNotAllowedError, status: 403 },
  ERR_OAUTH_TIMESTAMP: { errorClass: TimestampError, status: 403 },
  ERR_OAUTH_NONCE_REPLAYED: { errorClass: NonceReplayedError, status: 403 },
  ERR_NONCE_STORE: { errorClass: NonceStoreError, status: 503 },
  ERR_KEY_INVALID: { errorClass: KeyError, status: 500 },
  ERR_KEY_TOO_SMALL: { errorClass: WeakKeyError, status: 500 },
  ERR_KEY_TOO_LARGE: { errorClass: KeyTooLargeError, status: 500 },
  ERR_KEY_EXPONENT: { errorClass: KeyExponentError, status: 500 },
  ERR_UNKNOWN_OPERATION: { errorClass: UnknownOperationError, status: 404 },
  ERR_UNKNOWN_MERCHANT: { errorClass: UnknownMerchantError, status: 403 },
  ERR_METHOD_NOT_ALLOWED: { errorClass: HttpMethodNotAllowedError, status: 405 },
  ERR_MEDIA_TYPE: { errorClass: MediaTypeError, status: 400 },
  ERR_NOT_ACCEPTABLE: { errorClass: NotAcceptableError, status: 406 },
  ERR_BODY_TOO_LARGE: { errorClass: BodyTooLargeError, status: 413 },
  ERR_BODY_TIMEOUT: { errorClass: BodyTimeoutError, status: 408 },
  ERR_BODY_CONSUMED: { errorClass: BodyConsumedError, status: 500 },
} as const;

/**
 * The stable codes of every {@link PaysigError} subclass, one code per class: the keys of
 * {@link ERROR_CODES}. A union of string literals: `switch (error.code)` narrows, and a `default`
 * branch can assert `never` so that a new code is a compile error in your handler.
 *
 * @example
 * ```ts
 * const retryable = (code: PaysigErrorCode) => code === 'ERR_NONCE_STORE';
 * ```
 */
export type PaysigErrorCode = keyof typeof ERROR_CODES;

/**
 * Every paysig error class, as one union discriminated by `code`: after `isPaysigError`,
 * `switch (error.code)` narrows `error` to the subclass (and its own fields, such as
 * {@link HttpMethodNotAllowedError.allow}).
 *
 * @example
 * ```ts
 * function describe(error: AnyPaysigError): string {
 *   return error.code === 'ERR_METHOD_NOT_ALLOWED' ? `use ${error.allow}` : error.message;
 * }
 * ```
 */
export type AnyPaysigError = InstanceType<(typeof ERROR_CODES)[PaysigErrorCode]['errorClass']>;
