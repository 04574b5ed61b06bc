import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Endpoint, SchemeWho, VerifyInput } from '../types.js';
import { controlVerifier } from './request.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');

/** A received request as the pipeline hands it to the scheme, recording who the secrets were asked for. */
function received(values: Record<string, string>, endpoint: Endpoint, asked: SchemeWho[]): VerifyInput {
  return {
    operation: { id: 'sale', orderIdField: 'client_orderid' },
    url: 'https://gate.example/paynet/api/v2/sale/1111',
    header: () => null,
    params: Object.entries(values),
    signedParams: [],
    values: { get: (name) => (Object.hasOwn(values, name) ? values[name] : undefined) },
    endpoint,
    exponent: () => 2,
    secrets(who) {
      asked.push(who);
      return { controlKey: KEY };
    },
    nonceStore: undefined,
    now: undefined,
    maxSkewSeconds: undefined,
    maxFutureSkewSeconds: undefined,
  };
}

// The scheme's results are read with exactOptionalPropertyTypes: a party or a lookup without a
// login has no `login` key at all, not one set to undefined.
describe('controlVerifier.verify: who the party is', () => {
  it('asks for the secrets and vouches without a login when the formula has none (C-B)', async () => {
    const asked: SchemeWho[] = [];
    const values = { client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' };
    const control = sha1(`1111902B4FF51042john.smith@gmail.com${KEY}`);
    const party = await controlVerifier.verify(
      { formula: 'C-B' },
      received({ ...values, control }, { endpointId: '1111' }, asked),
    );
    expect(asked).toStrictEqual([{}]);
    expect(party).toStrictEqual({ matchedKey: { index: 0 } });
    expect(Object.hasOwn(party, 'login')).toBe(false);
    expect(Object.hasOwn(asked[0]!, 'login')).toBe(false);
  });

  it('asks for the secrets by the body login and vouches for it when the formula has one (C-A)', async () => {
    const asked: SchemeWho[] = [];
    const values = { login: 'merchant', client_orderid: 'c-1', orderid: '42' };
    const control = sha1(`merchantc-142${KEY}`);
    const party = await controlVerifier.verify(
      { formula: 'C-A' },
      received({ ...values, control }, { endpointId: '1111' }, asked),
    );
    expect(asked).toStrictEqual([{ login: 'merchant' }]);
    expect(party).toStrictEqual({ login: 'merchant', matchedKey: { index: 0 } });
  });
});
