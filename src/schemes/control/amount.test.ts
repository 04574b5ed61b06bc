import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './amount.js';

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
