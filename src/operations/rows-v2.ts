/**
 * Catalog rows of the v2 operations of the specification's Endpoints table (`/api/v2/...`).
 *
 * @module
 */
import {
  AMOUNT_FIELDS, AMOUNT_RULES, ORDER_FIELDS, ORDER_ID, SALE_FIELDS, SALE_SAMPLE, SERVICE_ORDER_ID,
} from './row-parts.js';
import type { OperationRow } from './row.js';

const BY_ORDER = [['client_orderid', ORDER_ID], ['orderid', SERVICE_ORDER_ID]] as const;
const EMAIL = ['email', 'john.smith@gmail.com'] as const;
const AV_FIELDS = { client_orderid: 'required', email: 'required', server_callback_url: 'optional' } as const;
const PARTIAL_FIELDS = { ...AMOUNT_FIELDS, ...ORDER_FIELDS } as const;
const NO_PARTIAL_VOID = 'void supports no partial amount';

/** The v2 rows, in the order of the specification's Endpoints table. */
export const ROWS_V2 = [
  {
    id: 'account-verification-form', version: 'v2', segment: 'account-verification-form',
    name: 'ACCOUNT_VERIFICATION_FORM', requestRecord: 'AccountVerificationFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: { kind: 'control', formula: 'C-C', source: 'spec', fact: 'S-OP-ACCOUNT-VERIFICATION-FORM' },
    rules: AMOUNT_RULES, fields: AV_FIELDS,
    sample: { params: [['client_orderid', ORDER_ID], EMAIL, ['redirect_url', 'https://shop.example/back?x=1&y=2']] },
  },
  {
    id: 'account-verification', version: 'v2', segment: 'account-verification', name: 'ACCOUNT_VERIFICATION',
    requestRecord: 'AccountVerificationRequest', successRecord: 'AsyncResponse',
    auth: { kind: 'control', formula: 'C-C', source: 'spec', fact: 'S-OP-ACCOUNT-VERIFICATION' }, rules: AMOUNT_RULES, fields: AV_FIELDS,
    sample: { params: [['client_orderid', ORDER_ID], EMAIL] },
  },
  {
    id: 'capture', version: 'v2', segment: 'capture', name: 'CAPTURE', requestRecord: 'CaptureRequest',
    successRecord: 'AsyncResponse', auth: { kind: 'control', formula: 'C-D', source: 'spec', fact: 'S-OP-CAPTURE' },
    rules: AMOUNT_RULES, fields: PARTIAL_FIELDS,
    sample: { params: [...BY_ORDER, ['amount', '5.00'], ['currency', 'EUR']] },
  },
  {
    id: 'create-card-ref', version: 'v2', segment: 'create-card-ref', name: 'CARDREF',
    requestRecord: 'CreateCardRefRequest', successRecord: 'CardRefAsyncResponse',
    auth: { kind: 'control', formula: 'C-A', source: 'spec', fact: 'S-OP-CREATE-CARD-REF' }, rules: AMOUNT_RULES, fields: ORDER_FIELDS,
    sample: { params: BY_ORDER },
  },
  {
    id: 'get-card-info', version: 'v2', segment: 'get-card-info', name: 'CARDINFO', requestRecord: 'GetCardInfoRequest',
    successRecord: 'CardInfoAsyncResponse', auth: { kind: 'control', formula: 'CARD-INFO', source: 'public-docs', fact: 'D-CARD-INFO' },
    rules: AMOUNT_RULES, fields: { cardrefid: 'required' },
    sample: { params: [['cardrefid', '7654321']] },
  },
  {
    id: 'make-rebill', version: 'v2', segment: 'make-rebill', name: 'REBILL', requestRecord: 'RebillRequest',
    successRecord: 'AsyncResponse', auth: { kind: 'control', formula: 'C-E', source: 'spec', fact: 'S-OP-MAKE-REBILL' },
    rules: [
      ...AMOUNT_RULES,
      { kind: 'required', field: 'amount', source: 'paysig', fact: 'P-REBILL-AMOUNT' },
      { kind: 'required', field: 'currency', source: 'paysig', fact: 'P-REBILL-AMOUNT' },
    ],
    fields: { client_orderid: 'required', cardrefid: 'required', amount: 'required', currency: 'required' },
    sample: { params: [['client_orderid', ORDER_ID], ['cardrefid', '7654321'], ['amount', '0.29'], ['currency', 'USD']] },
  },
  {
    id: 'payment-form', version: 'v2', segment: 'payment-form', name: 'PAYMENTFORM', requestRecord: 'PaymentFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: { kind: 'unknown', source: 'spec', fact: 'S-OP-PAYMENT-FORM' },
    rules: AMOUNT_RULES, fields: AMOUNT_FIELDS,
    sample: { params: SALE_SAMPLE, scheme: 'C-B' },
  },
  {
    id: 'payout-form', version: 'v2', segment: 'payout-form', name: 'PAYOUTFORM', requestRecord: 'PayoutFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: { kind: 'unknown', source: 'spec', fact: 'S-OP-PAYOUT-FORM' },
    rules: AMOUNT_RULES, fields: AMOUNT_FIELDS,
    sample: { params: [['client_orderid', ORDER_ID], ['amount', '25.00'], ['currency', 'EUR']], scheme: 'HMAC-SHA1' },
  },
  {
    id: 'payout', version: 'v2', segment: 'payout', name: 'PAYOUT', requestRecord: 'PayoutRequest',
    successRecord: 'AsyncResponse', auth: { kind: 'oauth', method: 'HMAC-SHA1', source: 'spec', fact: 'S-OP-PAYOUT' },
    rules: AMOUNT_RULES, fields: AMOUNT_FIELDS,
    sample: {
      params: [['client_orderid', ORDER_ID], ['amount', '25.00'], ['currency', 'EUR'], ['destination-card-no', '4444555566661111']],
    },
  },
  {
    id: 'preauth-form', version: 'v2', segment: 'preauth-form', name: 'PREAUTHFORM', requestRecord: 'AuthFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: { kind: 'control', formula: 'C-B', source: 'spec', fact: 'S-OP-PREAUTH-FORM' },
    rules: AMOUNT_RULES, fields: SALE_FIELDS, sample: { params: SALE_SAMPLE },
  },
  {
    id: 'preauth', version: 'v2', segment: 'preauth', name: 'PREAUTH', requestRecord: 'AuthRequest',
    successRecord: 'AsyncResponse', auth: { kind: 'control', formula: 'C-B', source: 'spec', fact: 'S-OP-PREAUTH' },
    rules: AMOUNT_RULES, fields: SALE_FIELDS, sample: { params: SALE_SAMPLE },
  },
  {
    id: 'return', version: 'v2', segment: 'return', name: 'RETURN', requestRecord: 'ReturnRequest',
    successRecord: 'AsyncResponse', auth: { kind: 'control', formula: 'C-D', source: 'spec', fact: 'S-OP-RETURN' },
    rules: AMOUNT_RULES, fields: PARTIAL_FIELDS, sample: { params: BY_ORDER },
  },
  {
    id: 'sale-form', version: 'v2', segment: 'sale-form', name: 'SALEFORM', requestRecord: 'SaleFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: { kind: 'control', formula: 'C-B', source: 'spec', fact: 'S-OP-SALE-FORM' },
    rules: AMOUNT_RULES, fields: SALE_FIELDS, sample: { params: SALE_SAMPLE },
  },
  {
    id: 'sale', version: 'v2', segment: 'sale', name: 'SALE', requestRecord: 'SaleRequest',
    successRecord: 'AsyncResponse', auth: { kind: 'control', formula: 'C-B', source: 'spec', fact: 'S-OP-SALE' },
    rules: AMOUNT_RULES, fields: SALE_FIELDS, sample: { params: SALE_SAMPLE },
  },
  {
    id: 'status', version: 'v2', segment: 'status', name: 'STATUS', requestRecord: 'StatusRequest',
    successRecord: 'StatusResponse', auth: { kind: 'control', formula: 'C-S', source: 'spec', fact: 'S-OP-STATUS' },
    rules: AMOUNT_RULES, fields: { client_orderid: 'required', orderid: 'optional' },
    sample: { params: [['client_orderid', ORDER_ID]] },
  },
  {
    id: 'void', version: 'v2', segment: 'void', name: 'VOID', requestRecord: 'VoidRequest',
    successRecord: 'AsyncResponse', auth: { kind: 'control', formula: 'C-A', source: 'spec', fact: 'S-OP-VOID' },
    rules: [
      { kind: 'forbidden', field: 'amount', reason: NO_PARTIAL_VOID, source: 'spec', fact: 'S-STAGE-VOID' },
      { kind: 'forbidden', field: 'currency', reason: NO_PARTIAL_VOID, source: 'spec', fact: 'S-STAGE-VOID' },
    ],
    fields: ORDER_FIELDS, sample: { params: BY_ORDER },
  },
] as const satisfies readonly OperationRow[];
