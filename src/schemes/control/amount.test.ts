import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnitsString, toMinorUnits } from './amount.js';

describe('toMinorUnits', () => {
  it.each([
    ['10.42', 2, 1042n],
    ['0.29', 2, 29n],
    ['0.94', 2, 94n],
    ['10.15', 2, 1015n],
    ['19.99', 2, 1999n],
    ['0.07', 2, 7n],
    ['10', 2, 1000n],
    ['10.5', 2, 1050n],
    ['10.420', 2, 1042n],
    ['007.50', 2, 750n],
    ['0', 2, 0n],
    ['0.00', 2, 0n],
    ['1500', 0, 1500n],
    ['1.005', 3, 1005n],
    ['92233720368547758.07', 2, 9223372036854775807n],
  ] as const)('%s (exponent %i) -> %s', (amount, exponent, expected) => {
    expect(toMinorUnits(amount, exponent)).toBe(expected);
  });

  it.each([
    '-1',
    '',
    '1e3',
    '0x10',
    '10.425',
    'NaN',
    ' 10',
    '10 ',
    '+1',
    '.5',
    '10.',
    '1,00',
    '92233720368547758.08',
    '١٢',
  ])('refuses %j with ERR_INVALID_AMOUNT naming the value', (amount) => {
    expect(() => toMinorUnits(amount)).toThrowError(
      expect.objectContaining({
        code: 'ERR_INVALID_AMOUNT',
        field: 'amount',
        message: expect.stringContaining(JSON.stringify(amount)),
      }),
    );
  });

  it('refuses a fraction with exponent 0 and a bad exponent', () => {
    expect(() => toMinorUnits('10.5', 0)).toThrowError(expect.objectContaining({ code: 'ERR_INVALID_AMOUNT' }));
    expect(() => toMinorUnits('10', -1)).toThrowError(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
    expect(() => toMinorUnits('10', 2.5)).toThrowError(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
    expect(() => toMinorUnits(10.42 as unknown as string)).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_AMOUNT' }),
    );
  });

  it('reads amounts of 18 and 19 digits exactly and refuses one past int64', () => {
    expect(toMinorUnits('1234567890123456.78')).toBe(123456789012345678n);
    expect(toMinorUnits('92233720368547758.07')).toBe(9223372036854775807n);
    expect(() => toMinorUnits('92233720368547758.08')).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_AMOUNT' }),
    );
    expect(toMinorUnits('9.223372036854775807', 18)).toBe(9223372036854775807n);
    expect(() => toMinorUnits('9.223372036854775808', 18)).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_AMOUNT' }),
    );
  });

  it('equals BigInt arithmetic on random decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 3 }), (minor, exponent) => {
        const scale = 10n ** BigInt(exponent);
        const whole = (minor / scale).toString();
        const frac = (minor % scale).toString().padStart(exponent, '0');
        const text = exponent === 0 ? whole : `${whole}.${frac}`;
        expect(toMinorUnits(text, exponent)).toBe(minor);
      }),
    );
  });
});

// The fast path of minorUnitsString (no leading zero, exactly `exponent` fraction digits, at most
// 18 digits) must give the general path's answer for every input. Appending a "0" to the fraction
// takes the same value through the general path (one fraction digit too many, all zeros), so each
// amount is compared with that, and both with BigInt arithmetic. The digit string is compared, not
// its BigInt: the digest hashes the digits, so a leading zero left in would change it. The inputs cover each side of
// every bound of the fast path: a leading zero or not, fewer, exactly or more fraction digits than
// the exponent, 18, 19 and 20 digits in all (the last past int64), and every exponent from 0 to 18.
describe('toMinorUnits: the usual-amount fast path', () => {
  const INT64_MAX = 2n ** 63n - 1n;
  const digits = (min: number, max: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
  /** What the amount is worth in minor units by BigInt arithmetic, or undefined when it is refused. */
  function oracle(whole: string, fraction: string | undefined, exponent: number): bigint | undefined {
    const f = fraction ?? '';
    if (f.length > exponent && !/^0+$/.test(f.slice(exponent))) return undefined;
    const value = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(f.slice(0, exponent).padEnd(exponent, '0') || '0');
    return value > INT64_MAX ? undefined : value;
  }
  const outcome = (amount: string, exponent: number) => {
    try {
      return minorUnitsString(amount, exponent);
    } catch (e) {
      return (e as { code?: string }).code;
    }
  };

  it('gives the general path answer and the BigInt value for every class of amount', () => {
    const exponent = fc.integer({ min: 0, max: 18 });
    fc.assert(
      fc.property(
        exponent.chain((e) =>
          fc.record({
            exponent: fc.constant(e),
            // 1 to 20 whole digits, with a leading zero or without.
            whole: fc.oneof(
              digits(1, 20),
              fc.tuple(fc.integer({ min: 1, max: 9 }), digits(0, 19)).map(([d, r]) => d + r),
            ),
            // No point, or a point and one fewer, exactly as many or more digits than the exponent.
            fraction: fc.option(fc.oneof(digits(Math.max(1, e - 1), e + 2), digits(Math.max(1, e), Math.max(1, e))), {
              nil: undefined,
            }),
          }),
        ),
        ({ exponent, whole, fraction }) => {
          const amount = fraction === undefined ? whole : `${whole}.${fraction}`;
          const expected = oracle(whole, fraction, exponent)?.toString() ?? 'ERR_INVALID_AMOUNT';
          expect(outcome(amount, exponent)).toBe(expected);
          // The same value with one more fraction digit, a zero: never on the fast path.
          expect(outcome(`${whole}.${fraction ?? ''}0`, exponent)).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it.each([
    // exactly `exponent` fraction digits: the fast path
    ['10.42', 2, 1042n],
    ['1.500', 3, 1500n],
    ['1.000000000000000001', 18, 1000000000000000001n],
    ['12345678901234567.8', 1, 123456789012345678n],
    // one or two fraction digits short of the exponent: the general path pads them
    ['1.5', 3, 1500n],
    ['1.55', 3, 1550n],
    ['12.5', 2, 1250n],
    ['1.5', 4, 15000n],
    // 19 digits in all: the general path checks int64
    ['922337203685477580.7', 1, 9223372036854775807n],
    ['9223372036854775.807', 3, 9223372036854775807n],
    // a leading zero: dropped
    ['01.42', 2, 142n],
    ['0.42', 2, 42n],
    ['00.42', 2, 42n],
  ] as const)('%s (exponent %i) -> %s', (amount, exponent, expected) => {
    expect(minorUnitsString(amount, exponent)).toBe(expected.toString());
    expect(toMinorUnits(amount, exponent)).toBe(expected);
  });

  it.each([
    ['-1.42', 2],
    ['+1.42', 2],
    ['.42', 2],
    ['1x.42', 2],
    ['1.4x', 2],
    ['1 .42', 2],
  ] as const)('refuses %j (exponent %i), with the point where the fast path looks for it', (amount, exponent) => {
    expect(() => minorUnitsString(amount, exponent)).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_AMOUNT', message: expect.stringContaining('is not a plain') }),
    );
  });

  it.each([
    ['922337203685477580.8', 1],
    ['9999999999999999.999', 3],
    ['99999999999999999.99', 2],
    ['9.999999999999999999', 18],
  ] as const)('refuses %s (exponent %i), 19 or more digits past int64', (amount, exponent) => {
    expect(() => toMinorUnits(amount, exponent)).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_AMOUNT', message: expect.stringContaining('exceeds int64') }),
    );
  });
});
