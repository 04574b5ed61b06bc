/**
 * Endpoint and endpoint-group identifiers: int64 path values.
 *
 * @module
 */
import { InvalidInputError } from '../../errors/index.js';

const INT64_MAX = 9223372036854775807n;

/**
 * The canonical decimal form of an endpoint (or endpoint group) id: digits only, within int64.
 * Accepts a digit string, a safe integer or a bigint.
 *
 * @throws {@link InvalidInputError} (`ERR_INVALID_INPUT`) naming `field` otherwise.
 */
export function endpointIdString(value: unknown, field = 'endpointId'): string {
  let big: bigint;
  if (typeof value === 'string') {
    // Leading zeros are refused rather than dropped: the path and the digest must agree.
    if (!/^(?:0|[1-9][0-9]{0,18})$/.test(value)) {
      throw new InvalidInputError(
        `"${field}" must be a decimal integer (digits only, no leading zero), got ${JSON.stringify(value.slice(0, 40))}`,
        { field },
      );
    }
    // Up to 18 digits is always within int64: the string is already canonical.
    if (value.length < 19) return value;
    big = BigInt(value);
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
    big = value;
  } else {
    throw new InvalidInputError(
      `"${field}" must be a string, number or bigint, got ${value === null ? 'null' : typeof value}`,
      { field },
    );
  }
  if (big < 0n || big > INT64_MAX) throw new InvalidInputError(`"${field}" is outside int64: ${big}`, { field });
  return big.toString();
}
