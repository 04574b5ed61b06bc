/**
 * Every failure paysig reports is a {@link PaysigError}: one base class with a stable string
 * `code`, and one subclass per kind of failure. Code that handles errors should switch on
 * `code` (stable across releases) or use `instanceof`; messages are for people and may change.
 * The union of all classes, its guard and the HTTP mapping live in `handling.ts`.
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
  | 'ERR_NOT_ACCEPTABLE'
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
