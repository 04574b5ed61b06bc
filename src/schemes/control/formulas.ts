/**
 * The `control` formulas, one row each. A row lists the terms concatenated before the merchant
 * control key, and says where the formula comes from.
 *
 * @module
 */

/** The formulas of the specification's Endpoints table. */
export type SpecFormula = 'C-A' | 'C-B' | 'C-C' | 'C-D' | 'C-E' | 'C-S';

/**
 * Formulas the specification does not give, taken from the service's public documentation:
 * `CARD-INFO` (get-card-info), `TRANSFER-BY-REF` (v2 transfer-by-ref), `CALLBACK` (server
 * callback to `server_callback_url`) and `REDIRECT` (final browser redirect to `redirect_url`).
 */
export type DocsFormula = 'CARD-INFO' | 'TRANSFER-BY-REF' | 'CALLBACK' | 'REDIRECT';

/** Every formula paysig computes. */
export type Formula = SpecFormula | DocsFormula;

/** A field a formula term reads. */
export type TermField =
  | 'login'
  | 'endpointId'
  | 'client_orderid'
  | 'orderid'
  | 'amount'
  | 'currency'
  | 'email'
  | 'cardrefid'
  | 'status'
  | 'source-card-ref-id'
  | 'destination-card-ref-id';

/**
 * How a term behaves when its field is absent: `required` is an error; `empty` becomes `""`;
 * `pair` (amount and currency) becomes `""` only when both are absent.
 */
export type TermPresence = 'required' | 'empty' | 'pair';

/** One term of a formula. `amount` terms are converted to minor units. */
export interface FormulaTerm {
  /** The field whose value is concatenated (`endpointId` stands for the group id on group paths). */
  readonly field: TermField;
  /** What happens when the field is absent. */
  readonly presence: TermPresence;
}

/** One formula: its terms (the control key follows them) and where it is defined. */
export interface FormulaRow {
  /** The formula's name, e.g. `C-B`; also its key in {@link FORMULAS}. */
  readonly id: Formula;
  /** The terms, in concatenation order; the control key follows the last one. */
  readonly terms: readonly FormulaTerm[];
  /** `spec` (service-api.md, Endpoints) or `public-docs` (public-docs-facts.md). */
  readonly source: 'spec' | 'public-docs';
}

const req = (field: TermField): FormulaTerm => ({ field, presence: 'required' });
const empty = (field: TermField): FormulaTerm => ({ field, presence: 'empty' });
const pair = (field: TermField): FormulaTerm => ({ field, presence: 'pair' });

/**
 * The formula table. The control key is always appended after the terms.
 *
 * | formula | terms before the key | used by |
 * |---|---|---|
 * | C-A | login, client_orderid (`client-order-id` on 3DS uploads), orderid | void, create-card-ref v2, 3DS uploads |
 * | C-B | endpointId (or group id), client_orderid, amount (minor units), email | sale, preauth and their forms |
 * | C-C | endpointId (or group id), client_orderid, email | account verification and its form |
 * | C-D | login, client_orderid, orderid, amount, currency (both "" when not sent) | capture, return |
 * | C-E | login, client_orderid, cardrefid, amount, currency (both "" when not sent) | make-rebill |
 * | C-S | login, client_orderid, orderid ("" when not sent) | status |
 * | CARD-INFO | login, cardrefid | get-card-info (public documentation; the spec gives none) |
 * | TRANSFER-BY-REF | login, client_orderid, source-card-ref-id ("" when not sent), destination-card-ref-id, amount, currency | v2 transfer-by-ref (public documentation, client code) |
 * | CALLBACK, REDIRECT | status, orderid, client_orderid | server callback, final browser redirect (public documentation) |
 */
export const FORMULAS: Readonly<Record<Formula, FormulaRow>> = {
  'C-A': {
    id: 'C-A',
    terms: [req('login'), req('client_orderid'), req('orderid')],
    source: 'spec',
  },
  'C-B': {
    id: 'C-B',
    terms: [req('endpointId'), req('client_orderid'), req('amount'), req('email')],
    source: 'spec',
  },
  'C-C': {
    id: 'C-C',
    terms: [req('endpointId'), req('client_orderid'), req('email')],
    source: 'spec',
  },
  'C-D': {
    id: 'C-D',
    terms: [req('login'), req('client_orderid'), req('orderid'), pair('amount'), pair('currency')],
    source: 'spec',
  },
  'C-E': {
    id: 'C-E',
    terms: [req('login'), req('client_orderid'), req('cardrefid'), pair('amount'), pair('currency')],
    source: 'spec',
  },
  'C-S': {
    id: 'C-S',
    terms: [req('login'), req('client_orderid'), empty('orderid')],
    source: 'spec',
  },
  'CARD-INFO': {
    id: 'CARD-INFO',
    terms: [req('login'), req('cardrefid')],
    source: 'public-docs',
  },
  'TRANSFER-BY-REF': {
    id: 'TRANSFER-BY-REF',
    terms: [
      req('login'),
      req('client_orderid'),
      empty('source-card-ref-id'),
      req('destination-card-ref-id'),
      req('amount'),
      req('currency'),
    ],
    source: 'public-docs',
  },
  CALLBACK: {
    id: 'CALLBACK',
    terms: [req('status'), req('orderid'), req('client_orderid')],
    source: 'public-docs',
  },
  REDIRECT: {
    id: 'REDIRECT',
    terms: [req('status'), req('orderid'), req('client_orderid')],
    source: 'public-docs',
  },
};
