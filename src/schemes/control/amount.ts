/**
 * Amounts to minor units, exactly, from the decimal string: no floating point anywhere
 * (`0.29 * 100` is `28.999999999999996` in JavaScript).
 *
 * @module
 */
import { InvalidAmountError, InvalidInputError } from '../../errors/index.js';

const INT64_MAX = '9223372036854775807';
const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;
/** Digits, a point, digits; no leading zero. */
const USUAL = /^[1-9][0-9]*\.[0-9]+$/;

/** True when a string of digits without leading zeros is at most int64's maximum. @internal */
export function fitsInt64(digits: string): boolean {
  return digits.length < INT64_MAX.length || (digits.length === INT64_MAX.length && digits <= INT64_MAX);
}

/**
 * The amount in minor units as a decimal digit string without leading zeros (`"10.42"` ->
 * `"1042"`, `"0.29"` -> `"29"`, `"10"` -> `"1000"`, `"0"` -> `"0"`). Internal fast path of
 * {@link toMinorUnits}.
 */
export function minorUnitsString(amount: string, exponent = 2): string {
  if (typeof amount !== 'string') {
    throw new InvalidAmountError(
      typeof amount === 'number'
        ? 'amount is a number: pass a decimal string such as "10.42" (floating point cannot hold most amounts exactly)'
        : `amount must be a decimal string such as "10.42", got ${typeof amount}`,
    );
  }
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > 18) {
    throw new InvalidInputError(`currency exponent must be an integer from 0 to 18, got ${String(exponent)}`, {
      field: 'exponent',
    });
  }
  // The usual amount, "10.42" for a two-digit currency: no leading zero, exactly `exponent`
  // fraction digits, at most 18 digits in all (so below int64's limit); its minor units are its
  // digits without the point.
  const point = amount.length - exponent - 1;
  if (point + exponent < 19 && USUAL.test(amount) && amount[point] === '.') {
    return amount.slice(0, point) + amount.slice(point + 1);
  }
  const m = DECIMAL.exec(amount);
  if (m === null) {
    throw new InvalidAmountError(
      `amount ${JSON.stringify(amount.length > 40 ? amount.slice(0, 40) + '...' : amount)} is not a plain non-negative decimal (digits, optionally "." and digits)`,
    );
  }
  const whole = m[1]!;
  let fraction = m[2] ?? '';
  if (fraction.length > exponent) {
    // Extra digits are allowed only when they are zeros: "10.420" is exactly 1042 cents.
    const extra = fraction.slice(exponent);
    if (!/^0+$/.test(extra)) {
      throw new InvalidAmountError(
        `amount ${JSON.stringify(amount)} has more fraction digits than the currency's ${exponent}`,
      );
    }
    fraction = fraction.slice(0, exponent);
  }
  // Leading zeros dropped, one digit kept: "000" is "0".
  const digits = (whole + fraction.padEnd(exponent, '0')).replace(/^0+(?=.)/, '');
  if (!fitsInt64(digits)) {
    throw new InvalidAmountError(`amount ${JSON.stringify(amount)} in minor units exceeds int64`);
  }
  return digits;
}

/**
 * Converts a decimal amount string to minor units, exactly.
 *
 * @param amount - decimal string as sent, e.g. `"10.42"`; digits, optionally `.` and digits.
 * @param exponent - the currency's number of minor-unit digits: 2 (default, e.g. EUR, USD),
 *   0 (e.g. JPY), 3 (e.g. KWD). Extra fraction digits are accepted only when they are zeros.
 * @returns the amount in minor units: `toMinorUnits("10.42")` is `1042n`.
 * @throws {@link InvalidAmountError} (`ERR_INVALID_AMOUNT`) for a negative, empty, exponent or
 *   hex form, too many fraction digits, or a value beyond int64.
 */
export function toMinorUnits(amount: string, exponent = 2): bigint {
  return BigInt(minorUnitsString(amount, exponent));
}

/** Minor-unit digits: one number for every currency, or a function of the currency code. */
export type Exponent = number | ((currency: string) => number);

/** The exponent for a currency: 2 unless the caller says otherwise. */
export function exponentOf(exponent: Exponent | undefined, currency: string | undefined): number {
  if (exponent === undefined) return 2;
  if (typeof exponent === 'number') return exponent;
  return exponent(currency ?? '');
}
