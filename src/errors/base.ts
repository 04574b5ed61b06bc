/**
 * Every failure paysig reports is a {@link PaysigError}: one base class with a stable string
 * `code`, and one subclass per kind of failure. Code that handles errors should switch on
 * `code` (stable across releases) or use `instanceof`; messages are for people and may change.
 * Every code, its class and its HTTP status stand in one table, `codes.ts`.
 *
 * Messages name the field and the rule that was broken. They never contain a secret: no control
 * key, no private key, no HMAC key material.
 *
 * @module
 */
import type { PaysigErrorCode } from './code.js';

/**
 * Base class of every error paysig throws or rejects with. `instanceof` a subclass narrows `code`
 * to that subclass's literal; {@link isPaysigError} narrows to {@link AnyPaysigError}, on which
 * `switch (error.code)` narrows to the subclass.
 *
 * @example
 * ```ts
 * try {
 *   await verifier.verify(request);
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
  declare readonly code: PaysigErrorCode;
  /** The request field, header or parameter concerned, when there is one. */
  declare readonly field: string | undefined;

  /** @internal */
  constructor(code: PaysigErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    // code, field, then name: the order of the error's own enumerable properties
    this.code = code;
    this.field = options?.field;
    this.name = new.target.name;
  }
}

/** Options accepted by every subclass constructor. */
export interface PaysigErrorOptions {
  /** The request field, header or parameter concerned. */
  field?: string;
  /** The underlying error, when one caused this one. */
  cause?: unknown;
}
