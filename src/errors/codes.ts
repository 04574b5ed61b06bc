/**
 * The one table of error codes: each code beside its class, the HTTP status a server answers and
 * what it means ({@link ErrorCodes}, and the value {@link ERROR_CODES} checked against it).
 * {@link PaysigErrorCode}, {@link AnyPaysigError} and `httpStatusOf` are derived from it, and
 * test/errors.test.ts holds docs/errors.md (the operator's page) to it. A new code is its class,
 * one line in {@link ErrorCodes} and one in {@link ERROR_CODES} (the compiler holds the two
 * together), a row in docs/errors.md, and its test.
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
import { ConfigurationError, StoreContractError } from './server.js';
import type { PaysigErrorCode } from './code.js';

/**
 * One row of {@link ERROR_CODES}: the class that carries a code, and its HTTP status.
 *
 * @example
 * ```ts
 * const row: ErrorCodeRow<typeof WeakKeyError, 500> = ERROR_CODES.ERR_KEY_TOO_SMALL;
 * ```
 */
export interface ErrorCodeRow<C, S extends number> {
  /** The `PaysigError` subclass whose instances carry the code. */
  readonly errorClass: C;
  /** The HTTP status `httpStatusOf` answers for the code. */
  readonly status: S;
}

function row<C, S extends number>(errorClass: C, status: S): ErrorCodeRow<C, S> {
  return { errorClass, status };
}

/**
 * The type of {@link ERROR_CODES}: each code with its class and status, and what it means.
 * JSR and API reports read this explicit type; the table below must agree with it.
 *
 * @example
 * ```ts
 * type Status = ErrorCodes['ERR_NOT_ACCEPTABLE']['status']; // 406
 * ```
 */
export interface ErrorCodes {
  /** A value breaks a documented rule: a repeated or forbidden field, a bad option or argument. */
  readonly ERR_INVALID_INPUT: ErrorCodeRow<typeof InvalidInputError, 400>;
  /** A field the formula, operation or protocol needs is absent. */
  readonly ERR_MISSING_FIELD: ErrorCodeRow<typeof MissingFieldError, 400>;
  /** `amount` is not a plain decimal string that fits the currency and int64. */
  readonly ERR_INVALID_AMOUNT: ErrorCodeRow<typeof InvalidAmountError, 400>;
  /** Malformed percent-encoding, UTF-8, Base64 or hex; a lone surrogate; too many form pairs. */
  readonly ERR_ENCODING: ErrorCodeRow<typeof EncodingError, 400>;
  /** Something paysig does not do: another signature method, an operation without a scheme. */
  readonly ERR_UNSUPPORTED: ErrorCodeRow<typeof UnsupportedError, 400>;
  /** The `control` digest does not match the fields and the control key. */
  readonly ERR_CONTROL_MISMATCH: ErrorCodeRow<typeof ControlMismatchError, 403>;
  /** The OAuth signature does not verify. */
  readonly ERR_SIGNATURE_INVALID: ErrorCodeRow<typeof SignatureInvalidError, 403>;
  /** The `Authorization` header is absent or not a well-formed OAuth header. */
  readonly ERR_OAUTH_HEADER_MALFORMED: ErrorCodeRow<typeof OAuthHeaderError, 400>;
  /** An `oauth_*` parameter is missing, malformed, unsupported or repeated with another value. */
  readonly ERR_OAUTH_PARAMETER: ErrorCodeRow<typeof OAuthParameterError, 400>;
  /** No merchant for the `oauth_consumer_key`. */
  readonly ERR_OAUTH_UNKNOWN_CONSUMER: ErrorCodeRow<typeof UnknownConsumerError, 403>;
  /** The signature method is not allowed for this consumer or operation. */
  readonly ERR_OAUTH_METHOD_NOT_ALLOWED: ErrorCodeRow<typeof SignatureMethodNotAllowedError, 403>;
  /** `oauth_timestamp` is outside the allowed window. */
  readonly ERR_OAUTH_TIMESTAMP: ErrorCodeRow<typeof TimestampError, 403>;
  /** The nonce was already accepted inside the window: a replay. */
  readonly ERR_OAUTH_NONCE_REPLAYED: ErrorCodeRow<typeof NonceReplayedError, 403>;
  /** The nonce store could not answer; the verifier fails closed. */
  readonly ERR_NONCE_STORE: ErrorCodeRow<typeof NonceStoreError, 503>;
  /** A key is malformed, not strict DER, encrypted, not RSA, or of the wrong kind. */
  readonly ERR_KEY_INVALID: ErrorCodeRow<typeof KeyError, 500>;
  /** An RSA key is shorter than 2048 bits. */
  readonly ERR_KEY_TOO_SMALL: ErrorCodeRow<typeof WeakKeyError, 500>;
  /** An RSA key is longer than 8192 bits. */
  readonly ERR_KEY_TOO_LARGE: ErrorCodeRow<typeof KeyTooLargeError, 500>;
  /** An RSA key's public exponent is not 65537. */
  readonly ERR_KEY_EXPONENT: ErrorCodeRow<typeof KeyExponentError, 500>;
  /** No operation has that id or path. */
  readonly ERR_UNKNOWN_OPERATION: ErrorCodeRow<typeof UnknownOperationError, 404>;
  /** No control key for the request's login, endpoint or endpoint group. */
  readonly ERR_UNKNOWN_MERCHANT: ErrorCodeRow<typeof UnknownMerchantError, 403>;
  /** The HTTP method is not `POST` (a request), or not `GET`, `HEAD` or `POST` (a callback). */
  readonly ERR_METHOD_NOT_ALLOWED: ErrorCodeRow<typeof HttpMethodNotAllowedError, 405>;
  /** `Content-Type` or `Accept` breaks the API's rules. */
  readonly ERR_MEDIA_TYPE: ErrorCodeRow<typeof MediaTypeError, 400>;
  /** `Accept` excludes both response formats. */
  readonly ERR_NOT_ACCEPTABLE: ErrorCodeRow<typeof NotAcceptableError, 406>;
  /** The body is over the size limit. */
  readonly ERR_BODY_TOO_LARGE: ErrorCodeRow<typeof BodyTooLargeError, 413>;
  /** The body did not arrive within the read deadline (`bodyTimeoutMs` of paysig/node). */
  readonly ERR_BODY_TIMEOUT: ErrorCodeRow<typeof BodyTimeoutError, 408>;
  /** The request body was already read by something else. */
  readonly ERR_BODY_CONSUMED: ErrorCodeRow<typeof BodyConsumedError, 500>;
  /** The server's configuration or one of its callbacks is wrong (the client sees a generic 500). */
  readonly ERR_CONFIGURATION: ErrorCodeRow<typeof ConfigurationError, 500>;
  /** A nonce store broke the contract every store must keep (`assertNonceStore`). */
  readonly ERR_STORE_CONTRACT: ErrorCodeRow<typeof StoreContractError, 500>;
}

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
export const ERROR_CODES: ErrorCodes = {
  ERR_INVALID_INPUT: /* @__PURE__ */ row(InvalidInputError, 400),
  ERR_MISSING_FIELD: /* @__PURE__ */ row(MissingFieldError, 400),
  ERR_INVALID_AMOUNT: /* @__PURE__ */ row(InvalidAmountError, 400),
  ERR_ENCODING: /* @__PURE__ */ row(EncodingError, 400),
  ERR_UNSUPPORTED: /* @__PURE__ */ row(UnsupportedError, 400),
  ERR_CONTROL_MISMATCH: /* @__PURE__ */ row(ControlMismatchError, 403),
  ERR_SIGNATURE_INVALID: /* @__PURE__ */ row(SignatureInvalidError, 403),
  ERR_OAUTH_HEADER_MALFORMED: /* @__PURE__ */ row(OAuthHeaderError, 400),
  ERR_OAUTH_PARAMETER: /* @__PURE__ */ row(OAuthParameterError, 400),
  ERR_OAUTH_UNKNOWN_CONSUMER: /* @__PURE__ */ row(UnknownConsumerError, 403),
  ERR_OAUTH_METHOD_NOT_ALLOWED: /* @__PURE__ */ row(SignatureMethodNotAllowedError, 403),
  ERR_OAUTH_TIMESTAMP: /* @__PURE__ */ row(TimestampError, 403),
  ERR_OAUTH_NONCE_REPLAYED: /* @__PURE__ */ row(NonceReplayedError, 403),
  ERR_NONCE_STORE: /* @__PURE__ */ row(NonceStoreError, 503),
  ERR_KEY_INVALID: /* @__PURE__ */ row(KeyError, 500),
  ERR_KEY_TOO_SMALL: /* @__PURE__ */ row(WeakKeyError, 500),
  ERR_KEY_TOO_LARGE: /* @__PURE__ */ row(KeyTooLargeError, 500),
  ERR_KEY_EXPONENT: /* @__PURE__ */ row(KeyExponentError, 500),
  ERR_UNKNOWN_OPERATION: /* @__PURE__ */ row(UnknownOperationError, 404),
  ERR_UNKNOWN_MERCHANT: /* @__PURE__ */ row(UnknownMerchantError, 403),
  ERR_METHOD_NOT_ALLOWED: /* @__PURE__ */ row(HttpMethodNotAllowedError, 405),
  ERR_MEDIA_TYPE: /* @__PURE__ */ row(MediaTypeError, 400),
  ERR_NOT_ACCEPTABLE: /* @__PURE__ */ row(NotAcceptableError, 406),
  ERR_BODY_TOO_LARGE: /* @__PURE__ */ row(BodyTooLargeError, 413),
  ERR_BODY_TIMEOUT: /* @__PURE__ */ row(BodyTimeoutError, 408),
  ERR_BODY_CONSUMED: /* @__PURE__ */ row(BodyConsumedError, 500),
  ERR_CONFIGURATION: /* @__PURE__ */ row(ConfigurationError, 500),
  ERR_STORE_CONTRACT: /* @__PURE__ */ row(StoreContractError, 500),
};

export type { PaysigErrorCode };

/** `true` when the two types are the same set. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** The table above and the list in code.ts name the same codes: a type error here means one lacks a code. @internal */
export type CodesListed = Assert<Same<keyof ErrorCodes, PaysigErrorCode>>;

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
export type AnyPaysigError = InstanceType<ErrorCodes[PaysigErrorCode]['errorClass']>;
