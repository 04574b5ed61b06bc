// diagnose() on control requests: which terms it shows, which hints it gives and when it stays
// silent. Digests come from node:crypto over the concatenation written out here, not from paysig.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diagnose, type DiagnoseOptions } from './index.js';
import { diagnoseControl } from './control.js';
import { findOperation } from '../catalog/lookup.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const BASE = 'https://gate.example.com/paynet';
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const form = (pairs: Array<[string, string]>) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
const options = (creds: { controlKey?: string } = { controlKey: KEY }): DiagnoseOptions => ({
  basePath: '/paynet',
  credentials: () => creds,
});
const post = (path: string, pairs: Array<[string, string]>) => ({
  method: 'POST',
  url: BASE + path,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: form(pairs),
});
/** A sale for 10.42 EUR whose digest covers `amountTerm` in place of the amount's minor units. */
const sale = (amount: string, amountTerm: string, extra: Array<[string, string]> = []) =>
  post('/api/v2/sale/1111', [
    ['client_orderid', 'X1'],
    ['amount', amount],
    ['currency', 'EUR'],
    ['email', 'a@b.example'],
    ...extra,
    ['control', sha1(`1111X1${amountTerm}a@b.example${KEY}`)],
  ]);

describe('diagnose: the control terms shown', () => {
  it('reads the first non-empty value of a repeated field, as the verifier reads fields', async () => {
    const d = await diagnose(
      post('/api/v2/sale/1111', [
        ['client_orderid', 'FIRST'],
        ['client_orderid', 'SECOND'],
        ['email', ''],
        ['email', 'a@b.example'],
        ['amount', '1.00'],
      ]),
      options(),
    );
    expect(d.control?.terms.map((t) => t.value)).toEqual(['1111', 'FIRST', '100', 'a@b.example', '<control key>']);
  });

  it('names the group id on a group path, the login term, and shows an absent field as ""', async () => {
    const group = await diagnose(
      post('/api/v2/sale/group/7', [
        ['client_orderid', 'X1'],
        ['amount', '1.00'],
        ['currency', 'EUR'],
        ['email', 'a@b.example'],
        ['control', sha1(`7X1100a@b.example${KEY}`)],
      ]),
      options(),
    );
    expect(group.control?.terms[0]).toEqual({ name: 'endpointGroupId', value: '7' });
    expect(group.valid).toBe(true);

    // status is C-S: login, client_orderid, orderid ("" when not sent).
    const status = await diagnose(
      post('/api/v2/status/1111', [
        ['login', 'merchant'],
        ['client_orderid', 'X1'],
        ['control', sha1(`merchantX1${KEY}`)],
      ]),
      options(),
    );
    expect(status.valid).toBe(true);
    expect(status.control?.terms).toEqual([
      { name: 'login', value: 'merchant' },
      { name: 'client_orderid', value: 'X1' },
      { name: 'orderid', value: '' },
      { name: 'control key', value: '<control key>' },
    ]);
  });

  it('names the order id term as the operation spells it: client-order-id on the 3DS uploads', async () => {
    // C-A: login, the order id, orderid.
    const d = await diagnose(
      post('/api/3ds/v1/upload-cres-result/1111', [
        ['login', 'merchant'],
        ['client-order-id', 'X1'],
        ['orderid', '9'],
        ['cres', 'eyJhY3NUcmFuc0lEIjoiMSJ9'],
        ['control', sha1(`merchantX19${KEY}`)],
      ]),
      options(),
    );
    expect(d.valid).toBe(true);
    expect(d.control?.terms).toEqual([
      { name: 'login', value: 'merchant' },
      { name: 'client-order-id', value: 'X1' },
      { name: 'orderid', value: '9' },
      { name: 'control key', value: '<control key>' },
    ]);
  });

  it('shows an empty endpoint id when the context has neither id', async () => {
    const r = await diagnoseControl({
      op: findOperation('sale'),
      formula: 'C-B',
      raw: [],
      trimmed: [],
      endpoint: {},
      exponent: 2,
      controlKey: undefined,
    });
    expect(r.control.terms[0]).toEqual({ name: 'endpointId', value: '' });
    expect(r.control.input).toBe('<control key>');
  });

  it('shows the control received only when one was sent, and the terms even without a key', async () => {
    const sent = await diagnose(sale('10.42', '1042'), options());
    expect(sent.control?.received).toBe(sha1(`1111X11042a@b.example${KEY}`));
    const none = await diagnose(post('/api/v2/sale/1111', [['client_orderid', 'X1']]), options());
    expect(Object.keys(none.control ?? {})).not.toContain('received');
    expect(none.control?.expected).toBe(sha1(`1111X1${KEY}`));
    expect(none.hints).toEqual([]);
    expect(none.difference).toBeUndefined();

    const noKey = await diagnose(sale('10.42', '1041'), options({}));
    expect(noKey.control?.terms.map((t) => t.name)).toEqual([
      'endpointId',
      'client_orderid',
      'amount',
      'email',
      'control key',
    ]);
    expect(noKey.hints).toEqual([]);
  });
});

describe('diagnose: control hints', () => {
  it.each([
    ['0.29', '28', 'in floating point and truncated (0.29 -> 28)'],
    ['0.29', '28.999999999999996', 'in floating point (0.29 -> 28.999999999999996)'],
    ['10.42', '10.42', 'the decimal amount, not converted to minor units'],
    ['10.42', '1041', 'one minor unit less'],
    ['10.42', '1043', 'one minor unit more'],
  ])('says how the amount %s became the term %s', async (amount, term, how) => {
    const d = await diagnose(sale(amount, term), options());
    expect(d.hints).toHaveLength(1);
    expect(d.hints[0]!.id).toBe('amount-float');
    const right = amount === '0.29' ? '29' : '1042';
    expect(d.hints[0]!.message).toContain(`the amount term "${term}" instead of "${right}"`);
    expect(d.hints[0]!.message).toContain(how);
    expect(d.hints[0]!.message).toContain('toMinorUnits');
  });

  it('never proposes a negative amount term', async () => {
    const d = await diagnose(sale('0.00', '-1'), options());
    expect(d.hints).toEqual([]);
    expect(d.difference?.what).toBe('control digest');
  });

  it('gives no hint, and does not fail, for an amount that is no decimal or a formula without one', async () => {
    const bad = await diagnose(sale('1e3', '100000'), options());
    expect(bad.hints).toEqual([]);
    expect(bad.control?.terms[2]).toEqual({ name: 'amount', value: '1e3' });
    expect(bad.difference?.what).toBe('control digest');
    const status = await diagnose(
      post('/api/v2/status/1111', [
        ['login', 'merchant'],
        ['client_orderid', 'X1'],
        ['amount', '10.42'],
        ['control', sha1(`merchantX11042${KEY}`)],
      ]),
      options(),
    );
    expect(status.hints).toEqual([]);
    expect(status.difference).toMatchObject({ what: 'control digest', index: 0 });
  });

  it('names trimming as the cause of a digest over untrimmed values', async () => {
    const d = await diagnose(
      post('/api/v2/sale/1111', [
        ['client_orderid', ' X1 '],
        ['amount', '10.42'],
        ['email', 'a@b.example'],
        ['control', sha1(`1111 X1 1042a@b.example${KEY}`)],
      ]),
      options(),
    );
    expect(d.hints.map((h) => h.id)).toEqual(['untrimmed-values']);
    expect(d.hints[0]!.message).toContain('before trimming');
    expect(d.control?.clientInput).toBe('1111 X1 1042a@b.example<control key>');
  });

  it('compares only a control that is a digest: 40 hex digits, in either case', async () => {
    const digest = sha1(`1111X11043a@b.example${KEY}`);
    const upper = await diagnose(sale('10.42', '1043'), options());
    expect(upper.hints.map((h) => h.id)).toEqual(['amount-float']);
    for (const control of [`z${digest}`, `${digest}z`, `${digest}0`, digest.slice(1)]) {
      const d = await diagnose(
        post('/api/v2/sale/1111', [
          ['client_orderid', 'X1'],
          ['amount', '10.42'],
          ['email', 'a@b.example'],
          ['control', control],
        ]),
        options(),
      );
      expect(d.valid).toBe(false);
      expect(d.hints).toEqual([]);
      expect(d.difference).toBeUndefined();
    }
    const shouting = await diagnose(
      post('/api/v2/sale/1111', [
        ['client_orderid', 'X1'],
        ['amount', '10.42'],
        ['email', 'a@b.example'],
        ['control', digest.toUpperCase()],
      ]),
      options(),
    );
    expect(shouting.hints.map((h) => h.id)).toEqual(['amount-float']);
  });
});
