import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { control } from './digest.js';

describe('control: published worked example (C-B)', () => {
  it('matches SHA-1 of the published concatenation', async () => {
    const concatenation = '1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20';
    const expected = createHash('sha1').update(concatenation).digest('hex');
    const got = await control(
      'C-B',
      { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' },
      'B17F59B4-A7DC-41B4-8FF9-37D986B43D20',
    );
    expect(got).toBe(expected);
  });
});
