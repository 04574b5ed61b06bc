import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../errors/handling.js';
import { verifyCallback } from './callback.js';
import { refusal } from '../../test/helpers/refusal.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');
const GOOD = sha1('approved' + '840019' + '902B4FF5' + KEY);
const QUERY = `status=approved&orderid=840019&client_orderid=902B4FF5&merchant_order=902B4FF5&amount=10.42&type=sale&control=${GOOD}`;

describe('verifyCallback', () => {
  it('accepts a good callback in every input form', async () => {
    const forms = [
      QUERY,
      '?' + QUERY,
      'https://shop.example/cb?' + QUERY,
      new URL('https://shop.example/cb?' + QUERY),
      new URLSearchParams(QUERY),
      Object.fromEntries(new URLSearchParams(QUERY)),
    ];
    for (const q of forms) {
      const cb = await verifyCallback(q, KEY);
      expect(cb.status).toBe('approved');
      expect(cb.final).toBe(true);
      expect(cb.orderid).toBe('840019');
      expect(cb.client_orderid).toBe('902B4FF5');
      expect(cb.merchant_order).toBe('902B4FF5');
      expect(cb.amount).toBe('10.42');
      expect(cb.type).toBe('sale');
      expect(cb.params['control']).toBe(GOOD);
    }
  });

  it('accepts uppercase hex, reports processing as not final', async () => {
    const c = sha1('processing' + '1' + '2' + KEY).toUpperCase();
    const cb = await verifyCallback({ status: 'processing', orderid: '1', client_orderid: '2', control: c }, KEY);
    expect(cb.final).toBe(false);
    expect(cb.amount).toBeUndefined();
  });

  it('refuses a tampered status, a wrong key, and a bad digest with ERR_CONTROL_MISMATCH (403)', async () => {
    for (const [q, key] of [
      [QUERY.replace('status=approved', 'status=declined'), KEY],
      [QUERY.replace('orderid=840019', 'orderid=840018'), KEY],
      [QUERY, KEY + 'x'],
      [
        QUERY.replace(
          GOOD,
          GOOD.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        ),
        KEY,
      ],
    ] as const) {
      const e = await refusal(verifyCallback(q, key));
      expect(e.code).toBe('ERR_CONTROL_MISMATCH');
      expect(httpStatusOf(e)).toBe(403);
      expect(e.message).not.toContain(KEY);
    }
  });

  it('refuses duplicates, missing fields and malformed digests', async () => {
    expect((await refusal(verifyCallback(QUERY + '&status=approved', KEY))).code).toBe('ERR_INVALID_INPUT');
    expect((await refusal(verifyCallback(new URLSearchParams(QUERY + '&orderid=1'), KEY))).field).toBe('orderid');
    const missing = await refusal(verifyCallback(QUERY.replace(/&control=.*$/, ''), KEY));
    expect(missing.code).toBe('ERR_MISSING_FIELD');
    expect(missing.field).toBe('control');
    expect((await refusal(verifyCallback(QUERY.replace('status=approved&', ''), KEY))).field).toBe('status');
    expect((await refusal(verifyCallback(QUERY.replace(GOOD, 'zz'), KEY))).code).toBe('ERR_INVALID_INPUT');
    expect((await refusal(verifyCallback('a=%zz', KEY))).code).toBe('ERR_ENCODING');
  });
});

describe('verifyCallback refusal messages', () => {
  it('a repeated parameter is named in the message', async () => {
    const e = await refusal(verifyCallback(QUERY + '&status=approved', KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'status' });
    expect(e.message).toBe('callback parameter "status" appears more than once');
  });

  it('a missing parameter is named in the message', async () => {
    const e = await refusal(verifyCallback(QUERY.replace('orderid=840019&', ''), KEY));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'orderid' });
    expect(e.message).toBe('callback needs the parameter "orderid"');
  });

  it('without client_orderid and merchant_order, client_orderid is the one asked for', async () => {
    const q = QUERY.replace('client_orderid=902B4FF5&', '').replace('merchant_order=902B4FF5&', '');
    const e = await refusal(verifyCallback(q, KEY));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'client_orderid' });
    expect(e.message).toBe('callback needs the parameter "client_orderid"');
  });
});
