/**
 * Typed request parameters, one interface per operation where the specification or the public
 * documentation names fields. Every interface also accepts free-form extra fields (the request
 * records' other fields are not published). Amounts are decimal strings (`"10.42"`), never
 * numbers: floating point cannot hold most decimal amounts exactly.
 *
 * @module
 */

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

/** sale, preauth, sale-form, preauth-form (control formula C-B). */
export interface SaleParams extends ExtraParams {
  /** Merchant order id. */
  client_orderid: string;
  /** Decimal amount, e.g. `"10.42"`. */
  amount: string;
  /** Currency of the amount. */
  currency: string;
  /** Customer e-mail. */
  email: string;
  /** Where the final outcome is delivered. */
  server_callback_url?: string;
  /** Where the customer returns after 3DS or the hosted form. */
  redirect_url?: string;
}

/** account-verification and account-verification-form (C-C). */
export interface AccountVerificationParams extends ExtraParams {
  /** Merchant order id. */
  client_orderid: string;
  /** Customer e-mail. */
  email: string;
  /** Where the final outcome is delivered. */
  server_callback_url?: string;
}

/** capture and return (C-D): amount and currency only for a partial operation. */
export interface CaptureParams extends AmountParams {
  /** Merchant order id. */
  client_orderid: string;
  /** Service order id of the original transaction. */
  orderid: string;
}

/** void and create-card-ref v2 (C-A). No amount on void. */
export interface VoidParams extends ExtraParams {
  /** Merchant order id. */
  client_orderid: string;
  /** Service order id. */
  orderid: string;
}

/** status (C-S): by orderid, or by client_orderid alone when orderid is unavailable. */
export interface StatusParams extends ExtraParams {
  /** Merchant order id. */
  client_orderid: string;
  /** Service order id; "" in the digest when left out. */
  orderid?: string;
}

/** make-rebill (C-E). */
export interface RebillParams extends AmountParams {
  /** Merchant order id. */
  client_orderid: string;
  /** Card reference to charge. */
  cardrefid: string;
}

/** get-card-info (CARD-INFO, public documentation). */
export interface CardInfoParams extends ExtraParams {
  /** Card reference to inspect. */
  cardrefid: string;
}

/** The 3DS uploads (C-A with `client-order-id`). */
export interface TdsUploadParams extends ExtraParams {
  /** Merchant order id, spelled with hyphens on these operations. */
  'client-order-id': string;
  /** Service order id. */
  orderid: string;
}

/** upload-method-url-result. */
export interface TdsMethodUrlResultParams extends TdsUploadParams {
  /** `Y` completed, `N` not completed within 10 seconds, `U` no method URL. */
  threeDSCompInd?: 'Y' | 'N' | 'U';
}

/** create-recurring-payment (v4). */
export interface RecurringPaymentParams extends AmountParams {
  /** Recurring schedule period. */
  period?: string;
  /** Recurring schedule interval. */
  interval?: string | number;
}

/** pan-eligibility send (HMAC-SHA1 example). */
export interface PanEligibilityParams extends ExtraParams {
  /** Merchant order id. */
  'client-order-id'?: string;
  /** Card reference of the sending card. */
  'sending-card-ref-id'?: string;
}

/** v4 transfer (RSA-SHA256 example). */
export interface TransferParams extends AmountParams {
  /** Merchant order id. */
  client_orderid?: string;
  /** Whether the transfer is a deposit to a card. */
  deposit2card?: boolean;
  /** Destination card number. */
  'destination-card-no'?: string;
  /** Return address for the customer. */
  redirect_url?: string;
}

/** Which typed parameters each operation id takes. Operations not listed take {@link ExtraParams}. */
export interface OperationParamsMap {
  sale: SaleParams;
  preauth: SaleParams;
  'sale-form': SaleParams;
  'preauth-form': SaleParams;
  'account-verification': AccountVerificationParams;
  'account-verification-form': AccountVerificationParams;
  capture: CaptureParams;
  return: CaptureParams;
  void: VoidParams;
  'create-card-ref': VoidParams;
  status: StatusParams;
  'make-rebill': RebillParams;
  'get-card-info': CardInfoParams;
  'upload-cres-result': TdsUploadParams;
  'upload-pares-result': TdsUploadParams;
  'upload-method-url-result': TdsMethodUrlResultParams;
  'create-recurring-payment': RecurringPaymentParams;
  'pan-eligibility-send': PanEligibilityParams;
  'transfer-v4': TransferParams;
  payout: AmountParams;
  'payout-check': AmountParams;
  'payout-pay': AmountParams;
  'payout-v4': AmountParams;
  'transfer-by-ref-v4': AmountParams;
  'create-card-ref-v4': ExtraParams;
  'payment-form': AmountParams;
  'payout-form': AmountParams;
}

/** Every operation id of the catalog. */
export type OperationId = keyof OperationParamsMap;
