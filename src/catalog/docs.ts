/**
 * The prose about each operation of the catalog: what it does, and why its scheme is what it is
 * where that is not plain from the specification's Endpoints table. Kept out of the catalog rows
 * so that `signRequest` and `verifyRequest` do not carry it: nothing they import imports this
 * module. The CLI's `operations` listing and the docs read it.
 *
 * @module
 */
import type { OperationId } from './index.js';

/** The prose about one operation. */
export interface OperationDocs {
  /** One line on what the operation does. */
  readonly purpose: string;
  /** Why the scheme or a field is what it is, when that is not plain from the Endpoints table; '' otherwise. */
  readonly note: string;
}

const NO_SCHEME = 'Neither the specification nor the public documentation gives a scheme: pass `scheme` explicitly.';

/**
 * The prose of every catalog operation, by id.
 *
 * @example
 * ```ts
 * import { OPERATION_DOCS } from 'paysig';
 * console.log(OPERATION_DOCS['get-card-info'].purpose);
 * ```
 */
export const OPERATION_DOCS: { readonly [K in OperationId]: OperationDocs } = {
  'upload-cres-result': { purpose: 'Uploads the challenge response at the end of a 3DS 2.x challenge.', note: '' },
  'upload-method-url-result': {
    purpose: 'Uploads the result of the 3DS Method step (threeDSCompInd Y, N or U).',
    note: '',
  },
  'upload-pares-result': { purpose: 'Uploads the payer authentication response of a 3DS 1.0.2 flow.', note: '' },
  'account-verification-form': {
    purpose: 'Account verification with card data collected on the hosted page.',
    note: '',
  },
  'account-verification': {
    purpose: 'Zero-amount authorization confirming the card account is in good standing.',
    note: '',
  },
  capture: { purpose: 'Captures funds held by preauth; amount and currency for a partial capture.', note: '' },
  'create-card-ref': { purpose: 'Tokenizes cardholder data into a card-ref-id.', note: '' },
  'get-card-info': {
    purpose: 'Returns BIN, brand, masked PAN and expiration of a card reference.',
    note: 'The specification gives no formula; the public documentation gives login + cardrefid (CARD-INFO).',
  },
  'make-rebill': {
    purpose: 'Charges a card reference without the cardholder present.',
    note: "amount and currency are required: a rebill charges money (paysig's rule; the C-E primitive still allows them empty).",
  },
  'payment-form': { purpose: 'Universal hosted payment form.', note: NO_SCHEME },
  'payout-form': { purpose: 'Payout with the destination collected on the hosted form.', note: NO_SCHEME },
  payout: { purpose: 'Outgoing transfer from the merchant account to a card, account, ewallet or phone.', note: '' },
  'preauth-form': { purpose: 'Preauth with card data collected on the hosted page.', note: '' },
  preauth: { purpose: 'Reserves funds without settlement, released by capture or void.', note: '' },
  return: { purpose: 'Returns funds; amount and currency for a partial return.', note: '' },
  'sale-form': { purpose: 'Sale with card data collected on the hosted page.', note: '' },
  sale: { purpose: 'Authorization and capture in one step, with or without 3DS.', note: '' },
  status: { purpose: 'Current status of a transaction, by orderid or client_orderid.', note: '' },
  void: { purpose: 'Cancels an authorized, unsettled transaction.', note: '' },
  'create-card-ref-v4': { purpose: 'Tokenization as in v2, signed with OAuth RSA-SHA256.', note: '' },
  'create-recurring-payment': {
    purpose: 'Creates a recurring-payment subscription (period, interval, amount).',
    note: '',
  },
  'payout-check': {
    purpose: 'First step of the two-step payout: validates and registers without releasing funds.',
    note: '',
  },
  'payout-pay': {
    purpose: 'Second step of the two-step payout: executes the payout registered by payout-check.',
    note: 'The Endpoints table shows no scheme; paysig assumes RSA-SHA256 like the other v4 operations.',
  },
  'pan-eligibility-send': {
    purpose: 'PAN eligibility check (signing example).',
    note: 'Seen only as the HMAC-SHA1 signing example (fields client-order-id, sending-card-ref-id).',
  },
  'transfer-v4': {
    purpose: 'Card-to-card transfer (signing example).',
    note: 'Seen only as the RSA-SHA256 signing example; amount is sent as a decimal with a fraction part.',
  },
  'transfer-by-ref-v4': {
    purpose: 'Transfer between card references (named in an example caller).',
    note: "Named in an example caller only; v4 operations use RSA-SHA256 (Authentication, mechanism 2), and the public documentation says the login is only the oauth_consumer_key. No source lists its fields: the amount rules are paysig's.",
  },
  'transfer-by-ref': {
    purpose: 'Transfer between two card references (v2, control digest).',
    note: "From the service's client code: control over login, client_orderid, source-card-ref-id (empty when not sent), destination-card-ref-id, amount and currency (TRANSFER-BY-REF).",
  },
  'transfer-form': {
    purpose: 'Transfer with card data collected on the hosted page.',
    note: "From the service's client code: C-B, fields as sale-form.",
  },
  'sync-account-verification': {
    purpose: 'Account verification answered synchronously.',
    note: "From the service's client code: C-C, fields as account-verification; the path is sync/account-verification (the client turns the sync- prefix of the method name into a sync/ segment).",
  },
  'sale-v4': {
    purpose: 'Sale with a hosted-fields token instead of card data, v4 signing scheme.',
    note: "From the service's hosted-fields examples: OAuth RSA-SHA256; hosted_fields_token may hold + / =, which the body and base string percent-encode.",
  },
  'status-v4': {
    purpose: 'Current status of a transaction, v4 signing scheme.',
    note: "From the service's client code: OAuth RSA-SHA256 over login, client_orderid and orderid; a login sent as a field must equal the consumer key.",
  },
  'create-ephemeral-ticket': {
    purpose: 'Creates an ephemeral ticket for the hosted-fields tokenizer.',
    note: "From the service's client code: OAuth RSA-SHA256 over an empty POST body; sign with repeatOAuthInBody false to send the body empty.",
  },
  'payout-v4': {
    purpose: 'Payout, v4 signing scheme (named in an example caller).',
    note: "Named in an example caller only; v4 operations use RSA-SHA256 (Authentication, mechanism 2). No source lists its fields: the amount rules are paysig's.",
  },
};
