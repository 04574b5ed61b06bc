/**
 * What an error handler needs: the {@link isPaysigError} guard, and {@link httpStatusOf}, the
 * HTTP status a server answers for each code (read from the table in `codes.ts`).
 *
 * @module
 */
import { PaysigError } from './base.js';
import { type AnyPaysigError, ERROR_CODES, type ErrorCodes } from './codes.js';

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

/**
 * Every status {@link httpStatusOf} can return: the statuses of {@link ERROR_CODES}, and 500.
 * A union of number literals, so frameworks that type their status argument (Hono's
 * `c.body(null, status)`) accept it.
 *
 * @example
 * ```ts
 * const status: HttpErrorStatus = httpStatusOf(error);
 * ```
 */
export type HttpErrorStatus = ErrorCodes[keyof ErrorCodes]['status'] | 500;

/**
 * The HTTP status a server should answer for an error: 400 for validation failures, 403 for an
 * unknown merchant or consumer and a signature, digest, timestamp or replay failure (as the
 * service does), 404 for an unknown operation path, 405 for a method other than `POST` (set
 * `Allow` from {@link HttpMethodNotAllowedError.allow}), 406 for an `Accept` header that excludes
 * every response format, 408 for a body that did not arrive in time (`paysig/node`), 413 for a
 * body over the limit, 503 when
 * the nonce store is unavailable, 500 for anything else (including errors that are not paysig's,
 * and server-side key problems). docs/errors.md has the status of every code.
 *
 * @example
 * ```ts
 * return new Response(null, { status: httpStatusOf(error) });
 * ```
 */

export function httpStatusOf(error: unknown): HttpErrorStatus {
  return error instanceof PaysigError ? (ERROR_CODES[error.code]?.status ?? 500) : 500;
}
