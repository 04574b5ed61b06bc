/**
 * Endpoint and endpoint-group identifiers: int64 path values.
 *
 * @module
 */
import { InvalidInputError } from '../../errors/index.js';
import { fitsInt64 } from './amount.js';

/**
 * The canonical decimal form of an endpoint (or endpoint group) id: digits only, within int64.
 * Accepts a digit string, a safe integer or a bigint.
 *
 * @throws {@link InvalidInputError} (`ERR_INVALID_INPUT`) naming `field` otherwise.
 */
export function endpointIdString(value: unknown, field = 'endpointId'): string {
  let digits: string;
  if (typeof value === 'string') {
    // Leading zeros are refused rather than dropped: the path and the digest must agree.
    if (!/^(?:0|[1-9][0-9]{0,18})$/.test(value)) {
      throw new InvalidInputError(
        `"${field}" must be a decimal integer (digits only, no leading zero), got ${JSON.stringify(value.slice(0, 40))}`,
        { field },
      );
    }
    // Canonical already: only its size is left to check.
    digits = value;
  } else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new InvalidInputError(
        `"${field}" must be a non-negative safe integer when given as a number (use a string or bigint beyond 2^53), got ${value}`,
        { field },
      );
    }
    // A safe integer is below 2^53, well within int64; String() of it is plain digits.
    return String(value);
  } else if (typeof value === 'bigint') {
    digits = String(value);
  } else {
    throw new InvalidInputError(
      `"${field}" must be a string, number or bigint, got ${value === null ? 'null' : typeof value}`,
      { field },
    );
  }
  if (digits[0] === '-' || !fitsInt64(digits)) {
    throw new InvalidInputError(`"${field}" is outside int64: ${digits}`, { field });
  }
  return digits;
}
