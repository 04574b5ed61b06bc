/**
 * Which integrity scheme a request uses: the catalog's, or an explicit one. Internal.
 *
 * @module
 */
import { FORMULAS, type Formula } from '../schemes/control/formulas.js';
import { InvalidInputError, UnsupportedError } from '../errors/index.js';
import type { OAuthMethod, OperationAuth, Scheme } from './row.js';

export type { Scheme } from './row.js';

/** A scheme resolved against an operation. */
export type ResolvedAuth =
  | {
      /** Authenticated by a `control` digest. */
      readonly kind: 'control';
      /** The control formula to compute. */
      readonly formula: Formula;
      /** The scheme as resolved: the explicit one, or the catalog's formula. */
      readonly scheme: Scheme;
    }
  | {
      /** Authenticated by an OAuth 1.0a `Authorization` header. */
      readonly kind: 'oauth';
      /** The OAuth signature method to use. */
      readonly method: OAuthMethod;
      /** The scheme as resolved: the explicit one, or the catalog's method. */
      readonly scheme: Scheme;
    };

/**
 * Resolves the scheme of an operation, preferring an explicit one.
 *
 * @example
 * ```ts
 * resolveAuth(findOperation('sale'), undefined); // { kind: 'control', formula: 'C-B', scheme: 'C-B' }
 * resolveAuth(findOperation('payment-form'), 'HMAC-SHA1'); // { kind: 'oauth', method: 'HMAC-SHA1', ... }
 * ```
 * @throws {@link InvalidInputError} for a scheme that is neither a formula nor an OAuth method;
 *   {@link UnsupportedError} when the operation publishes none and none is given.
 */
export function resolveAuth(
  op: { readonly id: string; readonly auth: OperationAuth },
  scheme: Scheme | undefined,
): ResolvedAuth {
  if (scheme !== undefined) {
    if (scheme === 'HMAC-SHA1' || scheme === 'RSA-SHA256') return { kind: 'oauth', method: scheme, scheme };
    if (typeof scheme === 'string' && Object.hasOwn(FORMULAS, scheme))
      return { kind: 'control', formula: scheme, scheme };
    throw new InvalidInputError(
      `scheme ${JSON.stringify(String(scheme))} is neither a control formula (C-A, C-B, C-C, C-D, C-E, C-S, CARD-INFO, TRANSFER-BY-REF) nor HMAC-SHA1 or RSA-SHA256`,
      { field: 'scheme' },
    );
  }
  const a = op.auth;
  if (a.kind === 'control') return { kind: 'control', formula: a.formula, scheme: a.formula };
  if (a.kind === 'oauth') return { kind: 'oauth', method: a.method, scheme: a.method };
  throw new UnsupportedError(
    `operation "${op.id}" has no published integrity scheme: pass an explicit scheme (a control formula or HMAC-SHA1 / RSA-SHA256)`,
    { field: 'scheme' },
  );
}
