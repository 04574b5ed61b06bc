import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './index.js';
import { OPERATION_DOCS } from './docs.js';
import { findOperation, matchOperationPath } from './lookup.js';

// Literal copy of the specification's Endpoints table (service-api.md), plus the operations seen
// only in signing examples. Columns: id, path, operation name, request record, success record, auth.
type Auth = string; // 'C-A' ... | 'HMAC-SHA1' | 'RSA-SHA256' | 'unknown'
const TABLE: ReadonlyArray<
  readonly [string, string, string | undefined, string | undefined, string | undefined, Auth]
> = [
  [
    'upload-cres-result',
    '/api/3ds/v1/upload-cres-result/{endpointId}',
    'TDS_UPLOAD_CRES_RESULT',
    'TdsCResResultRequest',
    'AsyncResponse',
    'C-A',
  ],
  [
    'upload-method-url-result',
    '/api/3ds/v1/upload-method-url-result/{endpointId}',
    'TDS_UPLOAD_METHOD_URL_RESULT',
    'TdsMethodUrlResultRequest',
    'AsyncResponse',
    'C-A',
  ],
  [
    'upload-pares-result',
    '/api/3ds/v1/upload-pares-result/{endpointId}',
    'TDS_UPLOAD_PARES_RESULT',
    'TdsPaResResultRequest',
    'AsyncResponse',
    'C-A',
  ],
  [
    'account-verification-form',
    '/api/v2/account-verification-form/{endpointId}',
    'ACCOUNT_VERIFICATION_FORM',
    'AccountVerificationFormRequest',
    'AsyncCheckoutFormRedirect',
    'C-C',
  ],
  [
    'account-verification',
    '/api/v2/account-verification/{endpointId}',
    'ACCOUNT_VERIFICATION',
    'AccountVerificationRequest',
    'AsyncResponse',
    'C-C',
  ],
  ['capture', '/api/v2/capture/{endpointId}', 'CAPTURE', 'CaptureRequest', 'AsyncResponse', 'C-D'],
  [
    'create-card-ref',
    '/api/v2/create-card-ref/{endpointId}',
    'CARDREF',
    'CreateCardRefRequest',
    'CardRefAsyncResponse',
    'C-A',
  ],
  [
    'get-card-info',
    '/api/v2/get-card-info/{endpointId}',
    'CARDINFO',
    'GetCardInfoRequest',
    'CardInfoAsyncResponse',
    'CARD-INFO',
  ],
  ['make-rebill', '/api/v2/make-rebill/{endpointId}', 'REBILL', 'RebillRequest', 'AsyncResponse', 'C-E'],
  [
    'payment-form',
    '/api/v2/payment-form/{endpointId}',
    'PAYMENTFORM',
    'PaymentFormRequest',
    'AsyncCheckoutFormRedirect',
    'unknown',
  ],
  [
    'payout-form',
    '/api/v2/payout-form/{endpointId}',
    'PAYOUTFORM',
    'PayoutFormRequest',
    'AsyncCheckoutFormRedirect',
    'unknown',
  ],
  ['payout', '/api/v2/payout/{endpointId}', 'PAYOUT', 'PayoutRequest', 'AsyncResponse', 'HMAC-SHA1'],
  [
    'preauth-form',
    '/api/v2/preauth-form/{endpointId}',
    'PREAUTHFORM',
    'AuthFormRequest',
    'AsyncCheckoutFormRedirect',
    'C-B',
  ],
  ['preauth', '/api/v2/preauth/{endpointId}', 'PREAUTH', 'AuthRequest', 'AsyncResponse', 'C-B'],
  ['return', '/api/v2/return/{endpointId}', 'RETURN', 'ReturnRequest', 'AsyncResponse', 'C-D'],
  ['sale-form', '/api/v2/sale-form/{endpointId}', 'SALEFORM', 'SaleFormRequest', 'AsyncCheckoutFormRedirect', 'C-B'],
  ['sale', '/api/v2/sale/{endpointId}', 'SALE', 'SaleRequest', 'AsyncResponse', 'C-B'],
  ['status', '/api/v2/status/{endpointId}', 'STATUS', 'StatusRequest', 'StatusResponse', 'C-S'],
  ['void', '/api/v2/void/{endpointId}', 'VOID', 'VoidRequest', 'AsyncResponse', 'C-A'],
  [
    'create-card-ref-v4',
    '/api/v4/create-card-ref/{endpointId}',
    'CARDREF_V4',
    'CreateCardRefV4Request',
    'CardRefV4AsyncResponse',
    'RSA-SHA256',
  ],
  [
    'create-recurring-payment',
    '/api/v4/create-recurring-payment/{endpointId}',
    'CREATE_RP_V4',
    'RecurringPaymentForCreation',
    'CreateRecurringPaymentResponse',
    'RSA-SHA256',
  ],
  [
    'payout-check',
    '/api/v4/payout-check/{endpointId}',
    'PAYOUT_V4_CHECK',
    'PayoutCheckRequest',
    'AsyncResponse',
    'RSA-SHA256',
  ],
  ['payout-pay', '/api/v4/payout-pay/{endpointId}', undefined, undefined, undefined, 'RSA-SHA256'],
  ['pan-eligibility-send', '/api/v2/pan-eligibility/send/{endpointId}', undefined, undefined, undefined, 'HMAC-SHA1'],
  ['transfer-v4', '/api/v4/transfer/{endpointId}', undefined, undefined, undefined, 'RSA-SHA256'],
  ['transfer-by-ref-v4', '/api/v4/transfer-by-ref/{endpointId}', undefined, undefined, undefined, 'RSA-SHA256'],
  ['payout-v4', '/api/v4/payout/{endpointId}', undefined, undefined, undefined, 'RSA-SHA256'],
  // the service's client code (public-docs-facts.md, "From the service's own client code")
  ['transfer-by-ref', '/api/v2/transfer-by-ref/{endpointId}', undefined, undefined, undefined, 'TRANSFER-BY-REF'],
  ['transfer-form', '/api/v2/transfer-form/{endpointId}', undefined, undefined, undefined, 'C-B'],
  [
    'sync-account-verification',
    '/api/v2/sync/account-verification/{endpointId}',
    undefined,
    undefined,
    undefined,
    'C-C',
  ],
  ['sale-v4', '/api/v4/sale/{endpointId}', undefined, undefined, undefined, 'RSA-SHA256'],
  ['status-v4', '/api/v4/status/{endpointId}', undefined, undefined, undefined, 'RSA-SHA256'],
  [
    'create-ephemeral-ticket',
    '/api/v4/tokenize/create-ephemeral-ticket/{endpointId}',
    undefined,
    undefined,
    undefined,
    'RSA-SHA256',
  ],
];

const SOURCES: Record<string, string> = {
  'get-card-info': 'public-docs',
  'payout-pay': 'paysig',
  'transfer-by-ref': 'client-code',
  'transfer-form': 'client-code',
  'sync-account-verification': 'client-code',
  'sale-v4': 'client-code',
  'status-v4': 'client-code',
  'create-ephemeral-ticket': 'client-code',
};

describe('catalog', () => {
  it('has exactly the rows of the table, with unique ids', () => {
    expect(OPERATIONS.map((o) => o.id).sort()).toEqual(TABLE.map((r) => r[0]).sort());
    expect(new Set(OPERATIONS.map((o) => o.id)).size).toBe(OPERATIONS.length);
  });

  for (const [id, path, name, req, res, auth] of TABLE) {
    it(`row ${id} matches the specification`, () => {
      const op = findOperation(id);
      expect(op.path).toBe(path);
      expect(op.groupPath).toBe(path.replace('{endpointId}', 'group/{endpointGroupId}'));
      expect(op.version).toBe(path.split('/')[2] === '3ds' ? '3ds/v1' : path.split('/')[2]);
      expect(op.name).toBe(name);
      expect(op.requestRecord).toBe(req);
      expect(op.successRecord).toBe(res);
      const a = op.auth;
      const got = a.kind === 'control' ? a.formula : a.kind === 'oauth' ? a.method : 'unknown';
      expect(got).toBe(auth);
      expect(op.authSource).toBe(SOURCES[id] ?? 'spec');
      expect(op.auth.source).toBe(op.authSource);
      if (op.authSource !== 'spec' || auth === 'unknown') expect(OPERATION_DOCS[op.id].note.length).toBeGreaterThan(10);
      expect(op.orderIdField).toBe(
        id.startsWith('upload-') || id === 'pan-eligibility-send' ? 'client-order-id' : 'client_orderid',
      );
      if (name !== undefined) expect(findOperation(name)).toBe(op);
      expect(Object.isFrozen(op)).toBe(true);
    });
  }

  it('refuses unknown operations with ERR_UNKNOWN_OPERATION', () => {
    expect(() => findOperation('refund')).toThrow(expect.objectContaining({ code: 'ERR_UNKNOWN_OPERATION' }));
    expect(() => findOperation('toString')).toThrow(expect.objectContaining({ code: 'ERR_UNKNOWN_OPERATION' }));
  });

  it('field rules: 3DS spelling, threeDSCompInd values, no amount on void', () => {
    expect(findOperation('upload-cres-result').rules).toContainEqual({
      kind: 'spelling',
      field: 'client_orderid',
      use: 'client-order-id',
      source: 'spec',
      fact: 'S-CONTROL-TDS',
    });
    expect(findOperation('upload-method-url-result').rules).toContainEqual({
      kind: 'oneOf',
      field: 'threeDSCompInd',
      values: ['Y', 'N', 'U'],
      source: 'spec',
      fact: 'S-FIELD-THREEDSCOMPIND',
    });
    expect(
      findOperation('void')
        .rules.filter((r) => r.kind === 'forbidden')
        .map((r) => (r as { field: string }).field),
    ).toEqual(['amount', 'currency']);
  });

  it("labels inferred rules as paysig's: make-rebill amounts, the fields of the v4 operations named only in an example caller", () => {
    const rebill = findOperation('make-rebill').rules.filter((r) => r.kind === 'required');
    expect(rebill.map((r) => [(r as { field: string }).field, r.source, r.fact])).toEqual([
      ['amount', 'paysig', 'P-REBILL-AMOUNT'],
      ['currency', 'paysig', 'P-REBILL-AMOUNT'],
    ]);
    for (const id of ['transfer-by-ref-v4', 'payout-v4']) {
      for (const r of findOperation(id).rules) expect([r.source, r.fact]).toEqual(['paysig', 'P-AMOUNT-RULES']);
    }
  });

  it('matches request paths, direct and by group, under a base path', () => {
    for (const [id, path] of TABLE) {
      const m = matchOperationPath('/paynet' + path.replace('{endpointId}', '42'), '/paynet/');
      expect(m?.operation.id).toBe(id);
      expect(m?.endpointId).toBe('42');
      const g = matchOperationPath(path.replace('{endpointId}', 'group/7'));
      expect(g?.operation.id).toBe(id);
      expect(g?.endpointGroupId).toBe('7');
      expect(g?.endpointId).toBeUndefined();
    }
    expect(matchOperationPath('/api/v2/sale/')).toBeUndefined();
    expect(matchOperationPath('/api/v2/refund/1')).toBeUndefined();
    expect(matchOperationPath('/api/v3/sale/1')).toBeUndefined();
    expect(matchOperationPath('/x/api/v2/sale/1')).toBeUndefined();
    expect(matchOperationPath('/api/v2/sale/1', '/x')).toBeUndefined();
  });
});
