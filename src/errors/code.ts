/**
 * The stable error codes, as one union of string literals: the one module every error class
 * reads its code type from. codes.ts holds each code beside its class and status, and the type
 * checker holds that table and this list to the same set of codes.
 *
 * @module
 */

/**
 * The stable codes of every {@link PaysigError} subclass, one code per class (the keys of
 * {@link ERROR_CODES}). A union of string literals: `switch (error.code)` narrows, and a `default`
 * branch can assert `never` so that a new code is a compile error in your handler.
 *
 * @example
 * ```ts
 * const retryable = (code: PaysigErrorCode) => code === 'ERR_NONCE_STORE';
 * ```
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
  | 'ERR_KEY_TOO_LARGE'
  | 'ERR_KEY_EXPONENT'
  | 'ERR_UNKNOWN_OPERATION'
  | 'ERR_UNKNOWN_MERCHANT'
  | 'ERR_METHOD_NOT_ALLOWED'
  | 'ERR_MEDIA_TYPE'
  | 'ERR_NOT_ACCEPTABLE'
  | 'ERR_BODY_TOO_LARGE'
  | 'ERR_BODY_TIMEOUT'
  | 'ERR_BODY_CONSUMED'
  | 'ERR_CONFIGURATION'
  | 'ERR_STORE_CONTRACT';
