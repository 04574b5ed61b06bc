/** Independent oracles shared by several targets (plain BigInt and string code; no paysig). */

/** Minor units of a decimal amount, or undefined when the amount is not exact in `exponent` digits or exceeds int64. */
export function minorOracle(amount: string, exponent: number): bigint | undefined {
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(amount);
  if (m === null) return undefined;
  const frac = m[2] ?? '';
  const scaled = BigInt(m[1]! + frac) * 10n ** BigInt(Math.max(0, exponent - frac.length));
  const divisor = 10n ** BigInt(Math.max(0, frac.length - exponent));
  if (scaled % divisor !== 0n) return undefined;
  const v = scaled / divisor;
  return v <= 9223372036854775807n ? v : undefined;
}
