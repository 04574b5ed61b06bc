// explain(): the one line the test gateway sends in X-Paysig-Explanation (docs/testing.md, "Every
// refusal is explained"): the refusal's code and message, what a replay or size limit means, the
// operation and scheme, the verifier's terms or base string, what the client did instead, and the
// hints, joined by "; ". The diagnoses here are written out by hand, in diagnose()'s shape.
import { describe, expect, it } from 'vitest';
import type { ControlDiagnosis, Diagnosis, OAuthDiagnosis } from '../diagnose/diagnosis.js';
import { explain } from './explain.js';

const request = { method: 'POST', url: 'http://127.0.0.1/paynet/api/v2/sale/1111' };
const mismatch = { code: 'ERR_CONTROL_MISMATCH', message: 'control digest does not match formula C-B', status: 403 };
const operation = { id: 'sale', path: '/api/v2/sale/{endpointId}', endpointId: '1111' };
const EXPECTED = 'a'.repeat(40);
const RECEIVED = 'b'.repeat(40);
const control = (c: Partial<ControlDiagnosis> = {}): ControlDiagnosis => ({
  formula: 'C-B',
  terms: [
    { name: 'endpointId', value: '1111' },
    { name: 'client_orderid', value: 'shop-1002' },
    { name: 'amount', value: '1500' },
    { name: 'email', value: 'jane@example.com' },
    { name: 'control key', value: '<control key>' },
  ],
  input: '1111shop-10021500jane@example.com<control key>',
  ...c,
});
const saleRefusal = (c: Partial<ControlDiagnosis> = {}): Diagnosis => ({
  valid: false,
  error: mismatch,
  request,
  operation,
  scheme: 'C-B',
  control: control(c),
  hints: [],
});
const TERMS =
  'the verifier hashed endpointId "1111" + client_orderid "shop-1002" + amount "1500" + email "jane@example.com" + <control key>';
const NOT_THE_DIGEST = (received: string) =>
  `received control ${received}, which is not the digest of these terms: the key or a term differs (check the control key and each value above against what the client concatenated)`;

describe('explain: control requests', () => {
  it('reads as the documented line for a tampered amount', () => {
    expect(explain(saleRefusal({ expected: EXPECTED, received: RECEIVED }))).toBe(
      `ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); ${TERMS}; ${NOT_THE_DIGEST(RECEIVED)}`,
    );
  });

  it('quotes a term whose value is the text "<control key>" only when it is the key placeholder', () => {
    const d = saleRefusal();
    const line = explain({
      ...d,
      control: { ...d.control!, terms: [{ name: 'login', value: 'merchant' }, d.control!.terms[4]!] },
    });
    expect(line).toBe(
      'ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); the verifier hashed login "merchant" + <control key>',
    );
  });

  it('says nothing of a digest when no control key was configured (no expected digest)', () => {
    expect(explain(saleRefusal({ received: RECEIVED }))).toBe(
      `ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); ${TERMS}`,
    );
  });

  it('says nothing of a digest when the request sent no control', () => {
    expect(explain(saleRefusal({ expected: EXPECTED }))).toBe(
      `ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); ${TERMS}`,
    );
  });

  it('says nothing of a digest when the digest matches (the refusal is for something else)', () => {
    const d = saleRefusal({ expected: EXPECTED, received: EXPECTED });
    const unknown = { code: 'ERR_UNKNOWN_MERCHANT', message: 'no merchant for endpoint 1111', status: 403 };
    expect(explain({ ...d, error: unknown })).toBe(
      `ERR_UNKNOWN_MERCHANT: no merchant for endpoint 1111; operation sale (C-B); ${TERMS}`,
    );
  });

  it('shows what the client hashed instead when a hint reproduced its digest', () => {
    const clientInput = '1111shop-10021500.0jane@example.com<control key>';
    const hints = [{ id: 'amount-float' as const, message: 'the amount was hashed as 1500.0' }];
    expect(explain({ ...saleRefusal({ expected: EXPECTED, received: RECEIVED, clientInput }), hints })).toBe(
      `ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); ${TERMS}; the client hashed "${clientInput}" instead; hint amount-float: the amount was hashed as 1500.0`,
    );
  });

  it("falls back to the digest sentence when the client's evident input is the verifier's own", () => {
    const d = saleRefusal({ expected: EXPECTED, received: RECEIVED, clientInput: control().input });
    expect(explain(d)).toBe(
      `ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); ${TERMS}; ${NOT_THE_DIGEST(RECEIVED)}`,
    );
  });

  it('reveals the expected and received digests only when asked', () => {
    const d = saleRefusal({ expected: EXPECTED, received: RECEIVED });
    expect(explain(d, { revealExpected: true })).toBe(
      `${explain(d)}; expected control ${EXPECTED}, received ${RECEIVED}`,
    );
    expect(explain(d, { revealExpected: false })).not.toContain(EXPECTED);
    expect(explain(saleRefusal({ expected: EXPECTED }), { revealExpected: true })).toBe(
      `ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); ${TERMS}; expected control ${EXPECTED}, received (none)`,
    );
  });

  it('reveals nothing when there is no expected digest (no control key)', () => {
    expect(explain(saleRefusal({ received: RECEIVED }), { revealExpected: true })).toBe(
      `ERR_CONTROL_MISMATCH: control digest does not match formula C-B; operation sale (C-B); ${TERMS}`,
    );
  });
});

describe('explain: the refusal, the operation and the problem', () => {
  it('adds what a replay means to its message', () => {
    const error = { code: 'ERR_OAUTH_NONCE_REPLAYED', message: 'nonce already used', status: 401 };
    expect(explain({ valid: false, error, request, hints: [] })).toBe(
      'ERR_OAUTH_NONCE_REPLAYED: nonce already used; a replay: the signature verifies, but this consumer already sent this oauth_nonce with this oauth_timestamp (send a fresh nonce with every request, a retry included)',
    );
  });

  it('adds what a size limit and a timeout mean', () => {
    const too = { code: 'ERR_BODY_TOO_LARGE', message: 'body over 65536 bytes', status: 413 };
    expect(explain({ valid: false, error: too, request, hints: [] })).toBe(
      'ERR_BODY_TOO_LARGE: body over 65536 bytes; a size limit: the body is over the largest the service reads; nothing else was checked',
    );
    const slow = { code: 'ERR_BODY_TIMEOUT', message: 'body timed out', status: 408 };
    expect(explain({ valid: false, error: slow, request, hints: [] })).toBe(
      'ERR_BODY_TIMEOUT: body timed out; the body did not arrive in time; nothing else was checked',
    );
  });

  it('adds no meaning to a code that has none, and names a missing scheme', () => {
    const error = { code: 'ERR_MISSING_FIELD', message: 'missing required field "control"', status: 400 };
    expect(explain({ valid: false, error, request, operation, problem: 'no control field', hints: [] })).toBe(
      'ERR_MISSING_FIELD: missing required field "control"; operation sale (no scheme); no control field',
    );
  });

  it('explains a diagnosis without an error (one that verified) from what it has', () => {
    expect(explain({ valid: true, request, operation, scheme: 'C-B', hints: [] })).toBe('operation sale (C-B)');
    expect(explain({ valid: true, request, hints: [] })).toBe('');
  });

  it('lists every hint, "; " between the parts', () => {
    const hints = [
      { id: 'trailing-slash' as const, message: 'drop the trailing slash' },
      { id: 'base-path' as const, message: 'add /paynet' },
    ];
    expect(explain({ valid: false, error: mismatch, request, hints })).toBe(
      'ERR_CONTROL_MISMATCH: control digest does not match formula C-B; hint trailing-slash: drop the trailing slash; hint base-path: add /paynet',
    );
  });
});

describe('explain: OAuth requests', () => {
  const BASE = 'POST&http%3A%2F%2F127.0.0.1%2Fpaynet%2Fapi%2Fv2%2Fpayout%2F1111&oauth_consumer_key%3Dmerchant';
  const bad = { code: 'ERR_SIGNATURE_INVALID', message: 'oauth_signature does not verify', status: 403 };
  const oauth = (o: Partial<OAuthDiagnosis> = {}): Diagnosis => ({
    valid: false,
    error: bad,
    request,
    operation: { id: 'payout', path: '/api/v2/payout/{endpointId}', endpointId: '1111' },
    scheme: 'HMAC-SHA1',
    oauth: { expectedMethod: 'HMAC-SHA1', parameters: [], maxSkewSeconds: 300, ...o },
    hints: [],
  });
  const HEAD = 'ERR_SIGNATURE_INVALID: oauth_signature does not verify; operation payout (HMAC-SHA1)';

  it("shows the verifier's base string", () => {
    expect(explain(oauth({ baseString: BASE }))).toBe(`${HEAD}; base string ${BASE}`);
  });

  it('shows no base string when the verifier built none', () => {
    expect(explain(oauth())).toBe(HEAD);
  });

  it('shows the base string the client signed when it differs', () => {
    const other = `${BASE}%26oauth_nonce%3Dx`;
    expect(explain(oauth({ baseString: BASE, clientBaseString: other }))).toBe(
      `${HEAD}; base string ${BASE}; the client signed ${other} instead`,
    );
    expect(explain(oauth({ baseString: BASE, clientBaseString: BASE }))).toBe(`${HEAD}; base string ${BASE}`);
  });

  it('reveals the expected HMAC signature only when asked, and only when there is one', () => {
    const d = oauth({ baseString: BASE, expectedSignature: 'c2lnbmF0dXJl' });
    expect(explain(d)).toBe(`${HEAD}; base string ${BASE}`);
    expect(explain(d, { revealExpected: true })).toBe(
      `${HEAD}; base string ${BASE}; expected oauth_signature c2lnbmF0dXJl`,
    );
    expect(explain(oauth({ baseString: BASE }), { revealExpected: true })).toBe(`${HEAD}; base string ${BASE}`);
  });
});
