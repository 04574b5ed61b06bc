/**
 * Every failure paysig reports is a {@link PaysigError}: one base class with a stable string
 * `code`, and one subclass per kind of failure, grouped by topic in `errors/`. This module
 * re-exports them all, with the union of all classes, its guard and the HTTP mapping
 * (`handling.ts`).
 *
 * @module
 */
export * from './base.js';
export * from './input.js';
export * from './oauth.js';
export * from './keys.js';
export * from './http.js';
export * from './server.js';
export { ERROR_CODES, type ErrorCodeRow, type ErrorCodes, type PaysigErrorCode, type AnyPaysigError } from './codes.js';
export { isPaysigError, httpStatusOf, type HttpErrorStatus } from './handling.js';
