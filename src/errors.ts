/**
 * Every failure paysig reports is a {@link PaysigError}: one base class with a stable string
 * `code`, and one subclass per kind of failure, grouped by topic in `errors/`. This module
 * re-exports them all. The union of all classes, its guard and the HTTP mapping live in
 * `error-handling.ts`.
 *
 * @module
 */
export * from './errors/base.js';
export * from './errors/input.js';
export * from './errors/oauth.js';
export * from './errors/keys.js';
export * from './errors/http.js';
