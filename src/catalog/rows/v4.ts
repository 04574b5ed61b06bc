/**
 * Catalog rows of the v4 operations of the specification's Endpoints table (`/api/v4/...`),
 * signed with OAuth RSA-SHA256.
 *
 * @module
 */
import { AMOUNT_FIELDS, AMOUNT_RULES, ORDER_ID, SERVICE_ORDER_ID } from './parts.js';
import type { OperationRow } from '../row.js';

/** The v4 rows, in the order of the specification's Endpoints table. */
export const ROWS_V4 = [
  {
    id: 'create-card-ref-v4',
    version: 'v4',
    segment: 'create-card-ref',
    name: 'CARDREF_V4',
    requestRecord: 'CreateCardRefV4Request',
    successRecord: 'CardRefV4AsyncResponse',
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'spec', fact: 'S-OP-CREATE-CARD-REF-V4' },
    rules: AMOUNT_RULES,
    fields: {},
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['credit_card_number', '4444555566661111'],
        ['expire_month', '12'],
        ['expire_year', '2030'],
      ],
    },
  },
  {
    id: 'create-recurring-payment',
    version: 'v4',
    segment: 'create-recurring-payment',
    name: 'CREATE_RP_V4',
    requestRecord: 'RecurringPaymentForCreation',
    successRecord: 'CreateRecurringPaymentResponse',
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'spec', fact: 'S-OP-CREATE-RECURRING-PAYMENT' },
    rules: AMOUNT_RULES,
    fields: { ...AMOUNT_FIELDS, period: 'optional', interval: 'integer' },
    sample: {
      params: [
        ['period', 'month'],
        ['interval', '1'],
        ['amount', '9.99'],
        ['currency', 'EUR'],
        ['email', 'john.smith@gmail.com'],
      ],
    },
  },
  {
    id: 'payout-check',
    version: 'v4',
    segment: 'payout-check',
    name: 'PAYOUT_V4_CHECK',
    requestRecord: 'PayoutCheckRequest',
    successRecord: 'AsyncResponse',
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'spec', fact: 'S-OP-PAYOUT-CHECK' },
    rules: AMOUNT_RULES,
    fields: AMOUNT_FIELDS,
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['amount', '25.00'],
        ['currency', 'EUR'],
        ['phone', '+1 555 0100'],
      ],
    },
  },
  {
    id: 'payout-pay',
    version: 'v4',
    segment: 'payout-pay',
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'paysig', fact: 'P-PAYOUT-PAY-RSA' },
    rules: AMOUNT_RULES,
    fields: AMOUNT_FIELDS,
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['orderid', SERVICE_ORDER_ID],
      ],
    },
  },
] as const satisfies readonly OperationRow[];
