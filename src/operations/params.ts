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
  /** `/api/v2/sale`: authorization and capture in one step (C-B). */
  sale: SaleParams;
  /** `/api/v2/preauth`: reserves funds, released by capture or void (C-B). */
  preauth: SaleParams;
  /** `/api/v2/sale-form`: sale with card data collected on the hosted page (C-B). */
  'sale-form': SaleParams;
  /** `/api/v2/preauth-form`: preauth with card data collected on the hosted page (C-B). */
  'preauth-form': SaleParams;
  /** `/api/v2/account-verification`: zero-amount check of the card account (C-C). */
  'account-verification': AccountVerificationParams;
  /** `/api/v2/account-verification-form`: account verification on the hosted page (C-C). */
  'account-verification-form': AccountVerificationParams;
  /** `/api/v2/capture`: captures a preauth, partly when amount and currency are sent (C-D). */
  capture: CaptureParams;
  /** `/api/v2/return`: returns funds, partly when amount and currency are sent (C-D). */
  return: CaptureParams;
  /** `/api/v2/void`: cancels an unsettled transaction; no amount (C-A). */
  void: VoidParams;
  /** `/api/v2/create-card-ref`: tokenizes a card into a card reference (C-A). */
  'create-card-ref': VoidParams;
  /** `/api/v2/status`: a transaction's current status (C-S). */
  status: StatusParams;
  /** `/api/v2/make-rebill`: charges a card reference without the cardholder (C-E). */
  'make-rebill': RebillParams;
  /** `/api/v2/get-card-info`: BIN, brand, masked PAN and expiry of a card reference (CARD-INFO). */
  'get-card-info': CardInfoParams;
  /** `/api/3ds/v1/upload-cres-result`: 3DS 2.x challenge response (C-A, `client-order-id`). */
  'upload-cres-result': TdsUploadParams;
  /** `/api/3ds/v1/upload-pares-result`: 3DS 1.0.2 payer authentication response (C-A, `client-order-id`). */
  'upload-pares-result': TdsUploadParams;
  /** `/api/3ds/v1/upload-method-url-result`: result of the 3DS Method step (C-A, `client-order-id`). */
  'upload-method-url-result': TdsMethodUrlResultParams;
  /** `/api/v4/create-recurring-payment`: creates a recurring-payment subscription (RSA-SHA256). */
  'create-recurring-payment': RecurringPaymentParams;
  /** `/api/v2/pan-eligibility/send`: PAN eligibility check (HMAC-SHA1). */
  'pan-eligibility-send': PanEligibilityParams;
  /** `/api/v4/transfer`: card-to-card transfer (RSA-SHA256). */
  'transfer-v4': TransferParams;
  /** `/api/v2/payout`: payout from the merchant account (HMAC-SHA1). */
  payout: AmountParams;
  /** `/api/v4/payout-check`: first step of the two-step payout (RSA-SHA256). */
  'payout-check': AmountParams;
  /** `/api/v4/payout-pay`: second step of the two-step payout (RSA-SHA256, assumed). */
  'payout-pay': AmountParams;
  /** `/api/v4/payout`: payout with the v4 scheme (RSA-SHA256). */
  'payout-v4': AmountParams;
  /** `/api/v4/transfer-by-ref`: transfer between card references (RSA-SHA256). */
  'transfer-by-ref-v4': AmountParams;
  /** `/api/v4/create-card-ref`: tokenization as in v2 (RSA-SHA256). */
  'create-card-ref-v4': ExtraParams;
  /** `/api/v2/payment-form`: universal hosted payment form; no published scheme, pass `scheme`. */
  'payment-form': AmountParams;
  /** `/api/v2/payout-form`: payout on the hosted form; no published scheme, pass `scheme`. */
  'payout-form': AmountParams;
}

/** Every operation id of the catalog. */
export type OperationId = keyof OperationParamsMap;
