/**
 * Minor-unit digits of a currency, as the caller gives them. Internal.
 *
 * @module
 */

/** Minor-unit digits: one number for every currency, or a function of the currency code. */
export type Exponent = number | ((currency: string) => number);

/** The exponent for a currency: 2 unless the caller says otherwise. */
export function exponentOf(exponent: Exponent | undefined, currency: string | undefined): number {
  if (exponent === undefined) return 2;
  if (typeof exponent === 'number') return exponent;
  return exponent(currency ?? '');
}
