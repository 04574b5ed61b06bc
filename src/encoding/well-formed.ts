/**
 * Well-formed text: no lone surrogate, so the string has an exact UTF-8 form (UTF-8 encoders
 * would otherwise replace one silently with U+FFFD).
 *
 * @module
 */
import { EncodingError } from '../errors/index.js';

/**
 * {@link isWellFormed} for runtimes without `String.prototype.isWellFormed`: `encodeURIComponent`
 * throws a `URIError` on a lone surrogate and on nothing else. Internal.
 */
export function isWellFormedFallback(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** True when the string has no lone surrogate, so it has an exact UTF-8 form. */
export function isWellFormed(value: string): boolean {
  // The runtime's String.prototype.isWellFormed (ES2024) when present.
  type Native = string & { isWellFormed?(): boolean };
  return ('' as Native).isWellFormed ? (value as Native).isWellFormed!() : isWellFormedFallback(value);
}

/**
 * Throws an {@link EncodingError} naming `field` when the string holds a lone surrogate, which
 * UTF-8 encoders would otherwise replace silently with U+FFFD.
 */
export function assertWellFormed(value: string, field?: string): void {
  if (!isWellFormed(value)) {
    const where = field === undefined ? 'text' : `"${field}"`;
    throw new EncodingError(
      `${where} holds a lone surrogate and has no UTF-8 form`,
      field === undefined ? {} : { field },
    );
  }
}
