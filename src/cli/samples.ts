/**
 * Sample request fields for every catalog row, used by `paysig demo` and the tests. The values
 * are made up; some carry spaces and reserved characters on purpose, to exercise the encoding.
 *
 * @module
 */
import type { Scheme } from '../index.js';

/** Sample fields of one operation, and the explicit scheme for rows whose scheme is unknown. */
export interface Sample {
  readonly params: Readonly<Record<string, string | boolean>>;
  readonly scheme?: Scheme;
}

const DESC = 'Two tickets & a "gift" (50% off) + café';
const SALE = { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com', order_desc: DESC };
const BY_ORDER = { client_orderid: '902B4FF5', orderid: '840019' };
const TDS = { 'client-order-id': '902B4FF5', orderid: '840019' };

/** One sample per operation id. */
export const SAMPLES: Readonly<Record<string, Sample>> = {
  'upload-cres-result': { params: { ...TDS, cres: 'eyJhY3NUcmFuc0lEIjoiMSJ9' } },
  'upload-method-url-result': { params: { ...TDS, threeDSCompInd: 'Y' } },
  'upload-pares-result': { params: { ...TDS, PaRes: 'eJzVWNmu4kgS/ZXSfURd3jDG4pYlp/cF441de+Ze80EqDUAdK1/Oqso6W1/lYQA==' } },
  'account-verification-form': { params: { client_orderid: '902B4FF5', email: 'john.smith@gmail.com', redirect_url: 'https://shop.example/back?x=1&y=2' } },
  'account-verification': { params: { client_orderid: '902B4FF5', email: 'john.smith@gmail.com' } },
  capture: { params: { ...BY_ORDER, amount: '5.00', currency: 'EUR' } },
  'create-card-ref': { params: BY_ORDER },
  'get-card-info': { params: { cardrefid: '7654321' } },
  'make-rebill': { params: { client_orderid: '902B4FF5', cardrefid: '7654321', amount: '0.29', currency: 'USD' } },
  'payment-form': { params: SALE, scheme: 'C-B' },
  'payout-form': { params: { client_orderid: '902B4FF5', amount: '25.00', currency: 'EUR' }, scheme: 'HMAC-SHA1' },
  payout: { params: { client_orderid: '902B4FF5', amount: '25.00', currency: 'EUR', 'destination-card-no': '4444555566661111' } },
  'preauth-form': { params: SALE },
  preauth: { params: SALE },
  return: { params: BY_ORDER },
  'sale-form': { params: SALE },
  sale: { params: SALE },
  status: { params: { client_orderid: '902B4FF5' } },
  void: { params: BY_ORDER },
  'create-card-ref-v4': { params: { client_orderid: '902B4FF5', credit_card_number: '4444555566661111', expire_month: '12', expire_year: '2030' } },
  'create-recurring-payment': { params: { period: 'month', interval: '1', amount: '9.99', currency: 'EUR', email: 'john.smith@gmail.com' } },
  'payout-check': { params: { client_orderid: '902B4FF5', amount: '25.00', currency: 'EUR', phone: '+1 555 0100' } },
  'payout-pay': { params: { client_orderid: '902B4FF5', orderid: '840019' } },
  'pan-eligibility-send': { params: { 'client-order-id': '1234567890', 'sending-card-ref-id': '7654321' } },
  'transfer-v4': {
    params: {
      amount: '10.15',
      currency: 'EUR',
      client_orderid: '902B4FF5',
      deposit2card: true,
      'destination-card-no': '4444555566661111',
      order_desc: DESC,
      redirect_url: 'https://shop.example/back',
    },
  },
  'transfer-by-ref-v4': { params: { client_orderid: '902B4FF5', amount: '1.00', currency: 'EUR', 'sending-card-ref-id': '1', 'receiving-card-ref-id': '2' } },
  'payout-v4': { params: { client_orderid: '902B4FF5', amount: '25.00', currency: 'EUR' } },
};
