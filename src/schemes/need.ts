/**
 * A credential the caller must give to sign: present, and a non-empty string.
 *
 * @module
 */
import { InvalidInputError, MissingFieldError } from '../errors/index.js';

/** `value` when it is a non-empty string; else the error that names `field`. @internal */
export function nonEmpty(value: unknown, field: string, what: string): string {
  if (value === undefined) throw new MissingFieldError(field, `${what} is required: ${field} is missing`);
  if (typeof value !== 'string' || value === '') {
    throw new InvalidInputError(`${what} must be a non-empty string`, { field });
  }
  return value;
}

/** Whether a value is a promise-like: a synchronous lookup is used as it is (an await would only add a turn). @internal */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
