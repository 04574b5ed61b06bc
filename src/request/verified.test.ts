// Typed verification results: the union narrows on `operationId` (a type-level test, checked by
// `npm run typecheck`, which reads test files), `fields` holds the body's trimmed values, and
// every field a row types as required is one verification refuses to go without.
import { createHash } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FORMULAS } from '../schemes/control/formulas.js';
import { OPERATIONS } from '../catalog/index.js';
import { termFieldName } from '../schemes/control/terms.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import type { VerifiedRequest, VerifiedRequestOf } from './verified.js';
import { verifyRequest } from './verify.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

function sale(fields: Record<string, string>): Request {
  const control = createHash('sha1')
    .update(`1111${fields.client_orderid?.trim()}1042${fields.email}${KEY}`)
    .digest('hex');
  return new Request('https://gate.example.com/paynet/api/v2/sale/1111', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, control }).toString(),
  });
}

/** Verifies `req`'s URL and headers with `text` as its body (a sale with fields appended). */
function verifyText(req: Request, text: string) {
  return verifyRequest(new Request(req.url, { method: 'POST', headers: req.headers, body: text }), {
    basePath: '/paynet',
    credentials: () => ({ controlKey: KEY }),
    nonceStore: new MemoryNonceStore(),
  });
}

/** What an integrator writes: one branch per operation, each reading its typed fields. */
function handle(result: VerifiedRequest): string {
  // Before narrowing, a field required on one operation may be absent on another.
  expectTypeOf(result.fields.client_orderid).toEqualTypeOf<string | undefined>();
  switch (result.operationId) {
    case 'sale':
      expectTypeOf(result.fields.client_orderid).toEqualTypeOf<string>();
      expectTypeOf(result.fields.amount).toEqualTypeOf<string>();
      expectTypeOf(result.fields.server_callback_url).toEqualTypeOf<string | undefined>();
      expectTypeOf(result.operation.id).toEqualTypeOf<'sale'>();
      return `${result.fields.client_orderid} ${result.fields.amount} ${result.fields.currency}`;
    case 'upload-method-url-result':
      expectTypeOf(result.fields.threeDSCompInd).toEqualTypeOf<'Y' | 'N' | 'U' | undefined>();
      expectTypeOf(result.fields['client-order-id']).toEqualTypeOf<string>();
      return result.fields.threeDSCompInd ?? '';
    default:
      expectTypeOf(result.fields.anything).toEqualTypeOf<string | undefined>();
      return result.operationId;
  }
}

describe('typed verification results', () => {
  it('narrows on operationId and keeps the pairs', () => {
    expectTypeOf<VerifiedRequestOf<'sale'>['fields']['email']>().toEqualTypeOf<string>();
    expectTypeOf<VerifiedRequest['params']>().toEqualTypeOf<Array<[string, string]>>();
    expectTypeOf<VerifiedRequest['operationId']>().toEqualTypeOf<VerifiedRequest['operation']['id']>();
  });

  it('fields holds the trimmed body values by name, an empty one left out', async () => {
    const r = await verifyRequest(
      sale({
        client_orderid: ' 902B4FF5 ',
        amount: '10.42',
        currency: 'EUR',
        email: 'john.smith@gmail.com',
        order_desc: '',
      }),
      { basePath: '/paynet', credentials: () => ({ controlKey: KEY }), nonceStore: new MemoryNonceStore() },
    );
    expect(r.operationId).toBe('sale');
    expect(r.operation.id).toBe('sale');
    expect(handle(r)).toBe('902B4FF5 10.42 EUR');
    expect(r.fields).toEqual({
      client_orderid: '902B4FF5',
      amount: '10.42',
      currency: 'EUR',
      email: 'john.smith@gmail.com',
      control: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(r.params.find(([k]) => k === 'order_desc')).toEqual(['order_desc', '']);
  });

  it('a field named __proto__ is an own field, not a prototype', async () => {
    const body = new URLSearchParams({ client_orderid: 'X', amount: '10.42', currency: 'EUR', email: 'e@x.y' });
    const req = sale(Object.fromEntries(body));
    const text = `${await req.text()}&__proto__=p`;
    const r = await verifyText(req, text);
    expect(Object.getPrototypeOf(r.fields)).toBe(Object.prototype);
    expect(Object.hasOwn(r.fields, '__proto__')).toBe(true);
    // an ordinary field: a value that can be read, listed, changed and deleted like any other
    expect(Object.getOwnPropertyDescriptor(r.fields, '__proto__')).toEqual({
      value: 'p',
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(Object.keys(r.fields)).toEqual(['client_orderid', 'amount', 'currency', 'email', 'control', '__proto__']);
    expect(JSON.stringify(r.fields)).toMatch(/,"__proto__":"p"}$/);
  });

  it('a field named toString is an own field where Object.prototype.toString is read-only (a frozen prototype, SES)', async () => {
    const body = new URLSearchParams({ client_orderid: 'X', amount: '10.42', currency: 'EUR', email: 'e@x.y' });
    const req = sale(Object.fromEntries(body));
    const text = `${await req.text()}&toString=t`;
    const own = Object.getOwnPropertyDescriptor(Object.prototype, 'toString')!;
    // What freezing does to this one property: assigning a name the prototype holds read-only throws.
    Object.defineProperty(Object.prototype, 'toString', { ...own, writable: false });
    let r: Awaited<ReturnType<typeof verifyRequest>>;
    try {
      r = await verifyText(req, text);
    } finally {
      Object.defineProperty(Object.prototype, 'toString', own);
    }
    expect(Object.getOwnPropertyDescriptor(r.fields, 'toString')).toEqual({
      value: 't',
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });

  it('a field named as a setter some code put on Object.prototype is an own field, and the setter is never called', async () => {
    const body = new URLSearchParams({ client_orderid: 'X', amount: '10.42', currency: 'EUR', email: 'e@x.y' });
    const req = sale(Object.fromEntries(body));
    const text = `${await req.text()}&paysigPolluted=v`;
    const calls: unknown[] = [];
    Object.defineProperty(Object.prototype, 'paysigPolluted', {
      set: (v: unknown) => calls.push(v),
      configurable: true,
    });
    let r: Awaited<ReturnType<typeof verifyRequest>>;
    try {
      r = await verifyText(req, text);
    } finally {
      delete (Object.prototype as Record<string, unknown>).paysigPolluted;
    }
    expect(calls).toEqual([]);
    expect(Object.getOwnPropertyDescriptor(r.fields, 'paysigPolluted')?.value).toBe('v');
    expect(r.fields.client_orderid).toBe('X');
  });

  // The types promise a string for every `required` field: verification must refuse a request
  // without it (a `required` rule, a required term of the control formula, or `currency`, which
  // goes together with a required amount).
  it.each(OPERATIONS.map((op) => [op.id, op] as const))('%s: every typed-required field is enforced', (_id, op) => {
    const required = new Set(op.rules.flatMap((r) => (r.kind === 'required' ? [r.field] : [])));
    if (op.auth.kind === 'control') {
      for (const t of FORMULAS[op.auth.formula].terms)
        if (t.presence === 'required') required.add(termFieldName(op, t.field));
    }
    const together = op.rules.flatMap((r) =>
      r.kind === 'together' && r.fields.some((f) => required.has(f)) ? r.fields : [],
    );
    for (const f of together) required.add(f);
    const typed = Object.entries(op.fields).flatMap(([f, spec]) => (spec === 'required' ? [f] : []));
    expect(typed.filter((f) => !required.has(f))).toEqual([]);
    for (const [f, spec] of Object.entries(op.fields)) {
      if (typeof spec === 'string') continue;
      expect(op.rules.some((r) => r.kind === 'oneOf' && r.field === f && r.values.join() === spec.join())).toBe(true);
    }
  });
});
