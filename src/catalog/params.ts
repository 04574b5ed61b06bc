/**
 * Typed request parameters, derived from the `fields` of each catalog row: `required` fields are
 * strings that must be given, the others optional. Every parameter type also accepts free-form
 * extra fields (the request records' other fields are not published). Amounts are decimal
 * strings (`"10.42"`), never numbers: floating point cannot hold most decimal amounts exactly.
 *
 * @module
 */
import type { CatalogRow } from './index.js';
import type { FieldSpec } from './row.js';

export type { OperationId } from './index.js';

/** A parameter value: strings are trimmed (the service trims every input); numbers must be safe integers; booleans become `true`/`false`. */
export type ParamValue = string | number | boolean | undefined;

/** Free-form request fields; `undefined` values are left out. */
export interface ExtraParams {
  [field: string]: ParamValue;
}

/** Fields of an operation that takes an optional amount (with its currency). */
export interface AmountParams extends ExtraParams {
  /** Decimal amount as a string, e.g. `"10.42"`. Sent together with `currency`. */
  amount?: string;
  /** Currency of `amount`, e.g. `"EUR"`. Sent together with `amount`. */
  currency?: string;
}

/** The TypeScript type of a field declared with `spec`. */
export type FieldValueOf<S extends FieldSpec> = S extends readonly (infer V)[]
  ? V
  : S extends 'boolean'
    ? boolean
    : S extends 'integer'
      ? string | number
      : string;

/**
 * The parameters object of declared fields `F`, with free-form extra fields.
 *
 * @example
 * ```ts
 * type P = ParamsOf<{ client_orderid: 'required'; orderid: 'optional' }>;
 * const p: P = { client_orderid: '902B4FF5', order_desc: 'extra fields are allowed' };
 * ```
 */
export type ParamsOf<F extends { readonly [field: string]: FieldSpec }> = {
  -readonly [K in keyof F as F[K] extends 'required' ? K : never]: FieldValueOf<F[K]>;
} & {
  -readonly [K in keyof F as F[K] extends 'required' ? never : K]?: FieldValueOf<F[K]>;
} & ExtraParams;

/** Which typed parameters each operation id takes, derived from the catalog rows' `fields`. */
export type OperationParamsMap = {
  [R in CatalogRow as R['id']]: ParamsOf<R['fields']>;
};

/** sale, preauth, sale-form, preauth-form (control formula C-B). */
export type SaleParams = OperationParamsMap['sale'];
/** account-verification and account-verification-form (C-C). */
export type AccountVerificationParams = OperationParamsMap['account-verification'];
/** capture and return (C-D): amount and currency only for a partial operation. */
export type CaptureParams = OperationParamsMap['capture'];
/** void and create-card-ref v2 (C-A). No amount on void. */
export type VoidParams = OperationParamsMap['void'];
/** status (C-S): by orderid, or by client_orderid alone when orderid is unavailable. */
export type StatusParams = OperationParamsMap['status'];
/** make-rebill (C-E). */
export type RebillParams = OperationParamsMap['make-rebill'];
/** get-card-info (CARD-INFO, public documentation). */
export type CardInfoParams = OperationParamsMap['get-card-info'];
/** The 3DS uploads (C-A with `client-order-id`). */
export type TdsUploadParams = OperationParamsMap['upload-cres-result'];
/** upload-method-url-result: `threeDSCompInd` is `Y`, `N` or `U`. */
export type TdsMethodUrlResultParams = OperationParamsMap['upload-method-url-result'];
/** create-recurring-payment (v4). */
export type RecurringPaymentParams = OperationParamsMap['create-recurring-payment'];
/** pan-eligibility send (HMAC-SHA1 example). */
export type PanEligibilityParams = OperationParamsMap['pan-eligibility-send'];
/** v4 transfer (RSA-SHA256 example). */
export type TransferParams = OperationParamsMap['transfer-v4'];
