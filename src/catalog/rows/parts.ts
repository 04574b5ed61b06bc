/**
 * Pieces several catalog rows share: the amount rules, the 3DS rules, common field sets and
 * sample values.
 *
 * @module
 */
import type { FieldRule, FieldSpecs } from '../row.js';

/** `amount` goes with `currency` and is a plain decimal (spec: Fields, `amount` and `currency`). */
export const AMOUNT_RULES = [
  { kind: 'together', fields: ['amount', 'currency'], source: 'spec', fact: 'S-FIELD-CURRENCY' },
  { kind: 'decimal', field: 'amount', source: 'spec', fact: 'S-FIELD-AMOUNT' },
] as const satisfies readonly FieldRule[];

/**
 * The amount rules on operations whose fields no source lists: paysig applies them (P-AMOUNT-RULES),
 * the specification does not say so for these operations.
 */
export const INFERRED_AMOUNT_RULES = [
  { kind: 'together', fields: ['amount', 'currency'], source: 'paysig', fact: 'P-AMOUNT-RULES' },
  { kind: 'decimal', field: 'amount', source: 'paysig', fact: 'P-AMOUNT-RULES' },
] as const satisfies readonly FieldRule[];

/** The amount rules of the operations from the service's client code (K-... facts show amounts). */
export const clientAmountRules = <F extends string>(fact: F) =>
  [
    { kind: 'together', fields: ['amount', 'currency'], source: 'client-code', fact },
    { kind: 'decimal', field: 'amount', source: 'client-code', fact },
  ] as const satisfies readonly FieldRule[];

/** The 3DS uploads spell the order id `client-order-id` (spec: Formulas, rule 5), plus the amount rules. */
export const TDS_RULES = [
  { kind: 'spelling', field: 'client_orderid', use: 'client-order-id', source: 'spec', fact: 'S-CONTROL-TDS' },
  ...AMOUNT_RULES,
] as const satisfies readonly FieldRule[];

/** An optional amount with its currency. */
export const AMOUNT_FIELDS = { amount: 'optional', currency: 'optional' } as const satisfies FieldSpecs;

/** sale, preauth and their forms (C-B). */
export const SALE_FIELDS = {
  client_orderid: 'required',
  amount: 'required',
  currency: 'required',
  email: 'required',
  server_callback_url: 'optional',
  redirect_url: 'optional',
} as const satisfies FieldSpecs;

/** An operation on an existing order (C-A). */
export const ORDER_FIELDS = { client_orderid: 'required', orderid: 'required' } as const satisfies FieldSpecs;

/** The 3DS uploads (C-A with `client-order-id`). */
export const TDS_FIELDS = { 'client-order-id': 'required', orderid: 'required' } as const satisfies FieldSpecs;

/** Sample order ids and an order description with reserved characters and non-ASCII text. */
export const ORDER_ID = '902B4FF5';
/** A service order id for the samples. */
export const SERVICE_ORDER_ID = '840019';
/** A description that exercises the encoding. */
export const DESCRIPTION = 'Two tickets & a "gift" (50% off) + café';

/** Sample fields of sale, preauth and their forms. */
export const SALE_SAMPLE = [
  ['client_orderid', ORDER_ID],
  ['amount', '10.42'],
  ['currency', 'EUR'],
  ['email', 'john.smith@gmail.com'],
  ['order_desc', DESCRIPTION],
] as const;
