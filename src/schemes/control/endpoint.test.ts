import { describe, expect, it } from 'vitest';
import { endpointIdString } from './endpoint.js';

describe('endpointIdString', () => {
  it.each([
    ['1111', '1111'],
    [1111, '1111'],
    [1111n, '1111'],
    ['0', '0'],
    ['9223372036854775807', '9223372036854775807'],
    [9223372036854775807n, '9223372036854775807'],
  ] as const)('%s -> %s', (input, expected) => {
    expect(endpointIdString(input)).toBe(expected);
  });

  it.each([
    ['9223372036854775808'],
    ['-1'],
    ['01'],
    ['1.0'],
    [' 1'],
    [''],
    [1.5],
    [-1],
    [2 ** 53],
    [-1n],
    [2n ** 63n],
    [null],
    [{}],
  ])('refuses %s', (input) => {
    expect(() => endpointIdString(input)).toThrowError(
      expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'endpointId' }),
    );
  });
});
