/**
 * The API catalog: one declarative row per operation of the card-payment service, with its path,
 * version segment, internal operation name, request and success records, integrity scheme (and
 * where that scheme is known from), the spelling of the merchant order-id field, and the field
 * rules paysig enforces when it signs or verifies.
 *
 * Sources: the specification's Endpoints table (`spec`), the service's public documentation
 * (`public-docs`), paysig's own assumption where both are silent (`assumption`), or nothing at
 * all (`unknown`: the caller must name the scheme).
 *
 * @module
 */
import type { Formula } from '../control/formulas.js';

/** The version segment of an operation's path: `/api/<version>/...`. */
export type OperationVersion = 'v2' | 'v4' | '3ds/v1';

/** OAuth 1.0a signature methods the service uses. */
export type OAuthMethod = 'HMAC-SHA1' | 'RSA-SHA256';

/**
 * How an operation is authenticated: a `control` SHA-1 digest over a formula, an OAuth 1.0a
 * `Authorization` header, or unknown (nothing published: the caller must pass a scheme).
 */
export type OperationAuth =
  | {
      /** A `control` field: SHA-1 over the formula's terms and the control key. */
      readonly kind: 'control';
      /** The control formula the digest follows. */
      readonly formula: Formula;
    }
  | {
      /** An OAuth 1.0a `Authorization` header. */
      readonly kind: 'oauth';
      /** The OAuth signature method. */
      readonly method: OAuthMethod;
    }
  | {
      /** No published scheme: the caller must pass `scheme`. */
      readonly kind: 'unknown';
    };

/** Where an operation's integrity scheme comes from. */
export type AuthSource = 'spec' | 'public-docs' | 'assumption' | 'unknown';

/** The merchant order-id field's spelling: `client-order-id` on the 3DS uploads. */
export type OrderIdField = 'client_orderid' | 'client-order-id';

/**
 * A rule on the request fields of an operation, checked by `signRequest` and `verifyRequest`.
 * Each violation is a {@link PaysigError} naming the field.
 *
 * - `together`: the fields are sent all or none (`amount` with `currency`).
 * - `forbidden`: the field must not be sent (`amount` on void: no partial void).
 * - `oneOf`: the field, when sent, has one of the listed values.
 * - `decimal`: the field, when sent, is a plain non-negative decimal string (an amount).
 * - `spelling`: the field is spelled `use` here, never `field`.
 */
export type FieldRule =
  | {
      /** Sent all or none. */
      readonly kind: 'together';
      /** The fields that go together. */
      readonly fields: readonly string[];
    }
  | {
      /** Must not be sent (an empty value counts as not sent). */
      readonly kind: 'forbidden';
      /** The field that must not be sent. */
      readonly field: string;
      /** Why, quoted in the error message. */
      readonly reason: string;
    }
  | {
      /** Restricted to listed values. */
      readonly kind: 'oneOf';
      /** The field, checked when sent with a non-empty value. */
      readonly field: string;
      /** The allowed values, compared exactly. */
      readonly values: readonly string[];
    }
  | {
      /** A plain non-negative decimal convertible to minor units. */
      readonly kind: 'decimal';
      /** The field, checked when sent with a non-empty value. */
      readonly field: string;
    }
  | {
      /** A field with a different spelling on this operation. */
      readonly kind: 'spelling';
      /** The spelling refused on this operation (e.g. `client_orderid`). */
      readonly field: string;
      /** The spelling the operation takes (e.g. `client-order-id`). */
      readonly use: string;
    };

/** One operation of the API. */
export interface Operation {
  /** Unique id, e.g. `sale`, `create-card-ref` (v2), `create-card-ref-v4`, `transfer-v4`. */
  readonly id: string;
  /** Path template, e.g. `/api/v2/sale/{endpointId}`. */
  readonly path: string;
  /** The same operation addressed by endpoint group: `/api/v2/sale/group/{endpointGroupId}`. */
  readonly groupPath: string;
  /** Version segment of the path. */
  readonly version: OperationVersion;
  /** The operation segment(s) between the version and the id, e.g. `sale`, `pan-eligibility/send`. */
  readonly segment: string;
  /** Internal operation name (`SALE`, `TDS_UPLOAD_CRES_RESULT`, ...); undefined when not shown. */
  readonly name: string | undefined;
  /** Request record type name; undefined when not shown. */
  readonly requestRecord: string | undefined;
  /** Success (HTTP 200) response record type name; undefined when not shown. */
  readonly successRecord: string | undefined;
  /** Integrity / authentication scheme. */
  readonly auth: OperationAuth;
  /** Where {@link Operation.auth} comes from. */
  readonly authSource: AuthSource;
  /** Why the scheme is what it is, when that is not plain from the Endpoints table. */
  readonly note: string;
  /** Spelling of the merchant order-id field. */
  readonly orderIdField: OrderIdField;
  /** True for the operations seen only in signing examples (no Endpoints-table row). */
  readonly exampleOnly: boolean;
  /** Field rules checked when signing and verifying. */
  readonly rules: readonly FieldRule[];
  /** One line on what the operation does. */
  readonly purpose: string;
}

const AMOUNT_RULES: readonly FieldRule[] = [
  { kind: 'together', fields: ['amount', 'currency'] },
  { kind: 'decimal', field: 'amount' },
];
const TDS_RULES: readonly FieldRule[] = [
  { kind: 'spelling', field: 'client_orderid', use: 'client-order-id' },
  ...AMOUNT_RULES,
];

interface RowInput {
  id: string;
  version: OperationVersion;
  segment: string;
  name?: string;
  requestRecord?: string;
  successRecord?: string;
  auth: OperationAuth;
  authSource: AuthSource;
  note?: string;
  orderIdField?: OrderIdField;
  exampleOnly?: boolean;
  rules?: readonly FieldRule[];
  purpose: string;
}

function row(r: RowInput): Operation {
  const prefix = `/api/${r.version}/${r.segment}`;
  return Object.freeze({
    id: r.id,
    path: `${prefix}/{endpointId}`,
    groupPath: `${prefix}/group/{endpointGroupId}`,
    version: r.version,
    segment: r.segment,
    name: r.name,
    requestRecord: r.requestRecord,
    successRecord: r.successRecord,
    auth: Object.freeze(r.auth),
    authSource: r.authSource,
    note: r.note ?? '',
    orderIdField: r.orderIdField ?? 'client_orderid',
    exampleOnly: r.exampleOnly ?? false,
    rules: Object.freeze(r.rules ?? AMOUNT_RULES),
    purpose: r.purpose,
  });
}

const C = (formula: Formula): OperationAuth => ({ kind: 'control', formula });
const HMAC: OperationAuth = { kind: 'oauth', method: 'HMAC-SHA1' };
const RSA: OperationAuth = { kind: 'oauth', method: 'RSA-SHA256' };
const UNKNOWN: OperationAuth = { kind: 'unknown' };

/** Every operation of the API, in the order of the specification's Endpoints table. */
export const OPERATIONS: readonly Operation[] = Object.freeze([
  row({
    id: 'upload-cres-result', version: '3ds/v1', segment: 'upload-cres-result', name: 'TDS_UPLOAD_CRES_RESULT',
    requestRecord: 'TdsCResResultRequest', successRecord: 'AsyncResponse', auth: C('C-A'), authSource: 'spec',
    orderIdField: 'client-order-id', rules: TDS_RULES,
    purpose: 'Uploads the challenge response at the end of a 3DS 2.x challenge.',
  }),
  row({
    id: 'upload-method-url-result', version: '3ds/v1', segment: 'upload-method-url-result',
    name: 'TDS_UPLOAD_METHOD_URL_RESULT', requestRecord: 'TdsMethodUrlResultRequest', successRecord: 'AsyncResponse',
    auth: C('C-A'), authSource: 'spec', orderIdField: 'client-order-id',
    rules: [...TDS_RULES, { kind: 'oneOf', field: 'threeDSCompInd', values: ['Y', 'N', 'U'] }],
    purpose: 'Uploads the result of the 3DS Method step (threeDSCompInd Y, N or U).',
  }),
  row({
    id: 'upload-pares-result', version: '3ds/v1', segment: 'upload-pares-result', name: 'TDS_UPLOAD_PARES_RESULT',
    requestRecord: 'TdsPaResResultRequest', successRecord: 'AsyncResponse', auth: C('C-A'), authSource: 'spec',
    orderIdField: 'client-order-id', rules: TDS_RULES,
    purpose: 'Uploads the payer authentication response of a 3DS 1.0.2 flow.',
  }),
  row({
    id: 'account-verification-form', version: 'v2', segment: 'account-verification-form',
    name: 'ACCOUNT_VERIFICATION_FORM', requestRecord: 'AccountVerificationFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: C('C-C'), authSource: 'spec',
    purpose: 'Account verification with card data collected on the hosted page.',
  }),
  row({
    id: 'account-verification', version: 'v2', segment: 'account-verification', name: 'ACCOUNT_VERIFICATION',
    requestRecord: 'AccountVerificationRequest', successRecord: 'AsyncResponse', auth: C('C-C'), authSource: 'spec',
    purpose: 'Zero-amount authorization confirming the card account is in good standing.',
  }),
  row({
    id: 'capture', version: 'v2', segment: 'capture', name: 'CAPTURE', requestRecord: 'CaptureRequest',
    successRecord: 'AsyncResponse', auth: C('C-D'), authSource: 'spec',
    purpose: 'Captures funds held by preauth; amount and currency for a partial capture.',
  }),
  row({
    id: 'create-card-ref', version: 'v2', segment: 'create-card-ref', name: 'CARDREF',
    requestRecord: 'CreateCardRefRequest', successRecord: 'CardRefAsyncResponse', auth: C('C-A'), authSource: 'spec',
    purpose: 'Tokenizes cardholder data into a card-ref-id.',
  }),
  row({
    id: 'get-card-info', version: 'v2', segment: 'get-card-info', name: 'CARDINFO', requestRecord: 'GetCardInfoRequest',
    successRecord: 'CardInfoAsyncResponse', auth: C('CARD-INFO'), authSource: 'public-docs',
    note: 'The specification gives no formula; the public documentation gives login + cardrefid (CARD-INFO).',
    purpose: 'Returns BIN, brand, masked PAN and expiration of a card reference.',
  }),
  row({
    id: 'make-rebill', version: 'v2', segment: 'make-rebill', name: 'REBILL', requestRecord: 'RebillRequest',
    successRecord: 'AsyncResponse', auth: C('C-E'), authSource: 'spec',
    purpose: 'Charges a card reference without the cardholder present.',
  }),
  row({
    id: 'payment-form', version: 'v2', segment: 'payment-form', name: 'PAYMENTFORM', requestRecord: 'PaymentFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: UNKNOWN, authSource: 'unknown',
    note: 'Neither the specification nor the public documentation gives a scheme: pass `scheme` explicitly.',
    purpose: 'Universal hosted payment form.',
  }),
  row({
    id: 'payout-form', version: 'v2', segment: 'payout-form', name: 'PAYOUTFORM', requestRecord: 'PayoutFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: UNKNOWN, authSource: 'unknown',
    note: 'Neither the specification nor the public documentation gives a scheme: pass `scheme` explicitly.',
    purpose: 'Payout with the destination collected on the hosted form.',
  }),
  row({
    id: 'payout', version: 'v2', segment: 'payout', name: 'PAYOUT', requestRecord: 'PayoutRequest',
    successRecord: 'AsyncResponse', auth: HMAC, authSource: 'spec',
    purpose: 'Outgoing transfer from the merchant account to a card, account, ewallet or phone.',
  }),
  row({
    id: 'preauth-form', version: 'v2', segment: 'preauth-form', name: 'PREAUTHFORM', requestRecord: 'AuthFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: C('C-B'), authSource: 'spec',
    purpose: 'Preauth with card data collected on the hosted page.',
  }),
  row({
    id: 'preauth', version: 'v2', segment: 'preauth', name: 'PREAUTH', requestRecord: 'AuthRequest',
    successRecord: 'AsyncResponse', auth: C('C-B'), authSource: 'spec',
    purpose: 'Reserves funds without settlement, released by capture or void.',
  }),
  row({
    id: 'return', version: 'v2', segment: 'return', name: 'RETURN', requestRecord: 'ReturnRequest',
    successRecord: 'AsyncResponse', auth: C('C-D'), authSource: 'spec',
    purpose: 'Returns funds; amount and currency for a partial return.',
  }),
  row({
    id: 'sale-form', version: 'v2', segment: 'sale-form', name: 'SALEFORM', requestRecord: 'SaleFormRequest',
    successRecord: 'AsyncCheckoutFormRedirect', auth: C('C-B'), authSource: 'spec',
    purpose: 'Sale with card data collected on the hosted page.',
  }),
  row({
    id: 'sale', version: 'v2', segment: 'sale', name: 'SALE', requestRecord: 'SaleRequest',
    successRecord: 'AsyncResponse', auth: C('C-B'), authSource: 'spec',
    purpose: 'Authorization and capture in one step, with or without 3DS.',
  }),
  row({
    id: 'status', version: 'v2', segment: 'status', name: 'STATUS', requestRecord: 'StatusRequest',
    successRecord: 'StatusResponse', auth: C('C-S'), authSource: 'spec',
    purpose: 'Current status of a transaction, by orderid or client_orderid.',
  }),
  row({
    id: 'void', version: 'v2', segment: 'void', name: 'VOID', requestRecord: 'VoidRequest',
    successRecord: 'AsyncResponse', auth: C('C-A'), authSource: 'spec',
    rules: [
      { kind: 'forbidden', field: 'amount', reason: 'void supports no partial amount' },
      { kind: 'forbidden', field: 'currency', reason: 'void supports no partial amount' },
    ],
    purpose: 'Cancels an authorized, unsettled transaction.',
  }),
  row({
    id: 'create-card-ref-v4', version: 'v4', segment: 'create-card-ref', name: 'CARDREF_V4',
    requestRecord: 'CreateCardRefV4Request', successRecord: 'CardRefV4AsyncResponse', auth: RSA, authSource: 'spec',
    purpose: 'Tokenization as in v2, signed with OAuth RSA-SHA256.',
  }),
  row({
    id: 'create-recurring-payment', version: 'v4', segment: 'create-recurring-payment', name: 'CREATE_RP_V4',
    requestRecord: 'RecurringPaymentForCreation', successRecord: 'CreateRecurringPaymentResponse', auth: RSA,
    authSource: 'spec',
    purpose: 'Creates a recurring-payment subscription (period, interval, amount).',
  }),
  row({
    id: 'payout-check', version: 'v4', segment: 'payout-check', name: 'PAYOUT_V4_CHECK',
    requestRecord: 'PayoutCheckRequest', successRecord: 'AsyncResponse', auth: RSA, authSource: 'spec',
    purpose: 'First step of the two-step payout: validates and registers without releasing funds.',
  }),
  row({
    id: 'payout-pay', version: 'v4', segment: 'payout-pay', auth: RSA, authSource: 'assumption',
    note: 'The Endpoints table shows no scheme; paysig assumes RSA-SHA256 like the other v4 operations.',
    purpose: 'Second step of the two-step payout: executes the payout registered by payout-check.',
  }),
  row({
    id: 'pan-eligibility-send', version: 'v2', segment: 'pan-eligibility/send', auth: HMAC, authSource: 'spec',
    orderIdField: 'client-order-id', exampleOnly: true,
    note: 'Seen only as the HMAC-SHA1 signing example (fields client-order-id, sending-card-ref-id).',
    purpose: 'PAN eligibility check (signing example).',
  }),
  row({
    id: 'transfer-v4', version: 'v4', segment: 'transfer', auth: RSA, authSource: 'spec', exampleOnly: true,
    note: 'Seen only as the RSA-SHA256 signing example; amount is sent as a decimal with a fraction part.',
    purpose: 'Card-to-card transfer (signing example).',
  }),
  row({
    id: 'transfer-by-ref-v4', version: 'v4', segment: 'transfer-by-ref', auth: RSA, authSource: 'spec',
    exampleOnly: true,
    note: 'Named in an example caller only; v4 operations use RSA-SHA256 (Authentication, mechanism 2), and the public documentation says the login is only the oauth_consumer_key.',
    purpose: 'Transfer between card references (named in an example caller).',
  }),
  row({
    id: 'payout-v4', version: 'v4', segment: 'payout', auth: RSA, authSource: 'spec', exampleOnly: true,
    note: 'Named in an example caller only; v4 operations use RSA-SHA256 (Authentication, mechanism 2).',
    purpose: 'Payout, v4 signing scheme (named in an example caller).',
  }),
]);
