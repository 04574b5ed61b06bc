import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { control, controlInput, verifyControl, verifyControlKeys } from './digest.js';
import { FORMULAS, type Formula } from './formulas.js';

const nodeSha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

describe('control', () => {
  it('reproduces the published worked example (C-B)', async () => {
    const fields = { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' };
    expect(controlInput('C-B', fields)).toBe('1111902B4FF51042john.smith@gmail.com');
    expect(await control('C-B', fields, KEY)).toBe(nodeSha1('1111902B4FF51042john.smith@gmail.com' + KEY));
  });

  it('puts the terms of every formula in the order of its row', () => {
    const f = {
      login: 'L',
      endpointId: '7',
      client_orderid: 'C',
      orderid: 'O',
      amount: '1.23',
      currency: 'EUR',
      email: 'E',
      cardrefid: 'R',
      status: 'S',
      'source-card-ref-id': 'SR',
      'destination-card-ref-id': 'DR',
    };
    const expected: Record<Formula, string> = {
      'C-A': 'LCO',
      'C-B': '7C123E',
      'C-C': '7CE',
      'C-D': 'LCO123EUR',
      'C-E': 'LCR123EUR',
      'C-S': 'LCO',
      'CARD-INFO': 'LR',
      'TRANSFER-BY-REF': 'LCSRDR123EUR',
      CALLBACK: 'SOC',
      REDIRECT: 'SOC',
    };
    for (const id of Object.keys(FORMULAS) as Formula[]) expect(controlInput(id, f)).toBe(expected[id]);
  });

  it('leaves absent optional terms empty (C-D, C-E amount+currency, C-S orderid)', () => {
    expect(controlInput('C-D', { login: 'L', client_orderid: 'C', orderid: 'O' })).toBe('LCO');
    expect(controlInput('C-E', { login: 'L', client_orderid: 'C', cardrefid: 'R' })).toBe('LCR');
    expect(controlInput('C-S', { login: 'L', client_orderid: 'C' })).toBe('LC');
  });

  it('refuses an explicit empty string for a term the formula needs', async () => {
    await expect(control('C-A', { login: 'L', client_orderid: 'C', orderid: '' }, KEY)).rejects.toMatchObject({
      code: 'ERR_MISSING_FIELD',
      field: 'orderid',
    });
    await expect(
      control('C-B', { endpointId: 1, client_orderid: 'C', amount: '', email: 'e' }, KEY),
    ).rejects.toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'amount' });
    await expect(
      control(
        'TRANSFER-BY-REF',
        { login: 'L', client_orderid: 'C', 'destination-card-ref-id': '', amount: '1.00', currency: 'EUR' },
        KEY,
      ),
    ).rejects.toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'destination-card-ref-id' });
    await expect(
      control('C-D', { login: 'L', client_orderid: 'C', orderid: 'O', amount: '1.00', currency: '' }, KEY),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'currency' });
  });

  it('takes "" as absent where the formula allows an empty term', () => {
    expect(controlInput('C-S', { login: 'L', client_orderid: 'C', orderid: '' })).toBe('LC');
    expect(controlInput('C-D', { login: 'L', client_orderid: 'C', orderid: 'O', amount: '', currency: '' })).toBe(
      'LCO',
    );
    expect(
      controlInput('TRANSFER-BY-REF', {
        login: 'L',
        client_orderid: 'C',
        'destination-card-ref-id': 'D',
        amount: '1.00',
        currency: 'EUR',
      }),
    ).toBe('LCD100EUR');
  });

  it('refuses amount without currency and the reverse', () => {
    for (const f of ['C-D', 'C-E'] as const) {
      const base = { login: 'L', client_orderid: 'C', orderid: 'O', cardrefid: 'R' };
      expect(() => controlInput(f, { ...base, amount: '1.00' })).toThrowError(
        expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'currency' }),
      );
      expect(() => controlInput(f, { ...base, currency: 'EUR' })).toThrowError(
        expect.objectContaining({ code: 'ERR_INVALID_INPUT', field: 'amount' }),
      );
    }
  });

  it('names a missing required term', async () => {
    await expect(control('C-B', { endpointId: 1, client_orderid: 'C', email: 'e' }, KEY)).rejects.toMatchObject({
      code: 'ERR_MISSING_FIELD',
      field: 'amount',
    });
    await expect(control('C-A', { login: 'L', orderid: 'O' }, KEY)).rejects.toMatchObject({
      code: 'ERR_MISSING_FIELD',
      field: 'client_orderid',
    });
  });

  it('uses the group id in place of the endpoint, and refuses both at once', () => {
    expect(controlInput('C-C', { endpointGroupId: '55', client_orderid: 'C', email: 'E' })).toBe('55CE');
    expect(() =>
      controlInput('C-C', { endpointId: 1, endpointGroupId: 2, client_orderid: 'C', email: 'E' }),
    ).toThrowError(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
  });

  it('refuses an unknown formula, an empty key, a non-string field, and lone surrogates', async () => {
    await expect(control('C-Z' as Formula, {}, KEY)).rejects.toMatchObject({ code: 'ERR_INVALID_INPUT' });
    await expect(control('toString' as Formula, {}, KEY)).rejects.toMatchObject({ code: 'ERR_INVALID_INPUT' });
    await expect(control('C-A', { login: 'L', client_orderid: 'C', orderid: 'O' }, '')).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
    });
    await expect(
      control('C-A', { login: 1 as unknown as string, client_orderid: 'C', orderid: 'O' }, KEY),
    ).rejects.toMatchObject({ field: 'login' });
    await expect(control('C-A', { login: '\ud800', client_orderid: 'C', orderid: 'O' }, KEY)).rejects.toMatchObject({
      code: 'ERR_ENCODING',
    });
  });

  it('never puts the control key in an error message', async () => {
    const secret = 'SECRET-KEY-1234';
    const attempts = [
      control('C-B', { endpointId: 'x', client_orderid: 'C', amount: '1', email: 'e' }, secret),
      control('C-B', { endpointId: 1, client_orderid: 'C', amount: '1e3', email: 'e' }, secret),
      verifyControl('C-A', { login: 'L', client_orderid: 'C', orderid: 'O' }, secret, '0'.repeat(40)),
    ];
    for (const p of attempts) {
      const e = await p.then(
        () => undefined,
        (err: Error) => err,
      );
      expect(e).toBeInstanceOf(Error);
      expect(String(e?.message) + String(e?.stack)).not.toContain(secret);
    }
  });

  it('equals @noble/hashes SHA-1 of the concatenation for random fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          login: fc.string({ minLength: 1 }),
          client_orderid: fc.string({ minLength: 1 }),
          orderid: fc.string({ minLength: 1 }),
        }),
        fc.string({ minLength: 1 }),
        async (fields, key) => {
          const expected = bytesToHex(sha1(utf8ToBytes(fields.login + fields.client_orderid + fields.orderid + key)));
          expect(await control('C-A', fields, key)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('verifyControl', () => {
  const fields = { login: 'merchant', client_orderid: 'c-1', orderid: '42' };
  it('accepts the digest in either case and refuses any other', async () => {
    const good = nodeSha1('merchantc-142' + KEY);
    await expect(verifyControl('C-A', fields, KEY, good)).resolves.toBeUndefined();
    await expect(verifyControl('C-A', fields, KEY, good.toUpperCase())).resolves.toBeUndefined();
    const flipped = good.slice(0, 39) + (good[39] === '0' ? '1' : '0');
    await expect(verifyControl('C-A', fields, KEY, flipped)).rejects.toMatchObject({ code: 'ERR_CONTROL_MISMATCH' });
    await expect(verifyControl('C-A', { ...fields, orderid: '43' }, KEY, good)).rejects.toMatchObject({
      code: 'ERR_CONTROL_MISMATCH',
    });
  });
  it.each(['', 'abc', 'z'.repeat(40), '0'.repeat(41), ' ' + '0'.repeat(39)])(
    'refuses a malformed digest %j',
    async (bad) => {
      await expect(verifyControl('C-A', fields, KEY, bad)).rejects.toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'control',
      });
    },
  );
});

describe('verifyControlKeys', () => {
  const fields = { login: 'merchant', client_orderid: 'c-1', orderid: '42' };
  // One key takes a path of its own; a list computes every digest. Both must give the index of the
  // first key whose digest (node:crypto here) is the one received, and refuse when none is.
  it('gives the first matching key of one to four, or refuses, as node:crypto says', async () => {
    const key = fc.constantFrom(KEY, 'other-key', 'k', '\u00e9t\u00e9');
    await fc.assert(
      fc.asyncProperty(
        fc.array(key, { minLength: 1, maxLength: 4 }),
        fc.option(key),
        fc.boolean(),
        async (keys, signer, upper) => {
          const digest = nodeSha1('merchantc-142' + (signer ?? 'nobody'));
          const received = upper ? digest.toUpperCase() : digest;
          const listed = keys.map((k, index) => ({ index, id: undefined, key: k }));
          const expected = keys.findIndex((k) => nodeSha1('merchantc-142' + k) === digest);
          const run = verifyControlKeys('C-A', fields, listed, received);
          if (expected < 0) await expect(run).rejects.toMatchObject({ code: 'ERR_CONTROL_MISMATCH' });
          else await expect(run).resolves.toBe(expected);
          if (keys.length === 1) {
            const one = verifyControl('C-A', fields, keys[0]!, received);
            if (expected < 0) await expect(one).rejects.toMatchObject({ code: 'ERR_CONTROL_MISMATCH' });
            else await expect(one).resolves.toBeUndefined();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

// A `control` that is not a string is refused before any digest is computed, even one that reads
// as the right 40 hex digits: a String object passes the hex pattern and the constant-time compare,
// so only the type check stops it.
describe('a received control that is not a string', () => {
  const fields = { login: 'merchant', client_orderid: 'c-1', orderid: '42' };
  const good = nodeSha1('merchantc-142' + KEY);
  const notStrings: [string, unknown][] = [
    ['a String object of the right digest', new String(good)],
    ['an array of the right digest', [good]],
    ['a number', 1234],
    ['undefined', undefined],
  ];
  const refusal = {
    name: 'InvalidInputError',
    code: 'ERR_INVALID_INPUT',
    field: 'control',
    message: '"control" must be 40 hexadecimal digits',
  };
  it.each(notStrings)('verifyControlKeys refuses %s as not 40 hex digits', async (_, received) => {
    const listed = [{ index: 0, id: undefined, key: KEY }];
    await expect(verifyControlKeys('C-A', fields, listed, received as string)).rejects.toMatchObject(refusal);
  });
  it.each(notStrings)('verifyControl refuses %s as not 40 hex digits', async (_, received) => {
    await expect(verifyControl('C-A', fields, KEY, received as string)).rejects.toMatchObject(refusal);
  });
  it('verifyControlKeys refuses a malformed string digest the same way', async () => {
    const listed = [{ index: 0, id: undefined, key: KEY }];
    for (const bad of ['', good.slice(1), `${good}0`, 'z'.repeat(40)])
      await expect(verifyControlKeys('C-A', fields, listed, bad)).rejects.toMatchObject(refusal);
  });
});
