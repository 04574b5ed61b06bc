/**
 * Catalog rows of the operations seen only in the specification's signing examples or named in
 * an example caller (no Endpoints-table row).
 *
 * @module
 */
import { AMOUNT_FIELDS, AMOUNT_RULES, DESCRIPTION, INFERRED_AMOUNT_RULES, ORDER_ID } from './parts.js';
import type { OperationRow } from '../row.js';

/** The example-only rows. */
export const ROWS_EXAMPLES = [
  {
    id: 'pan-eligibility-send',
    version: 'v2',
    segment: 'pan-eligibility/send',
    exampleOnly: true,
    auth: { kind: 'oauth', method: 'HMAC-SHA1', source: 'spec', fact: 'S-OP-EXAMPLES' },
    orderIdField: 'client-order-id',
    rules: AMOUNT_RULES,
    fields: { 'client-order-id': 'optional', 'sending-card-ref-id': 'optional' },
    sample: {
      params: [
        ['client-order-id', '1234567890'],
        ['sending-card-ref-id', '7654321'],
      ],
    },
  },
  {
    id: 'transfer-v4',
    version: 'v4',
    segment: 'transfer',
    exampleOnly: true,
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'spec', fact: 'S-OP-EXAMPLES' },
    rules: AMOUNT_RULES,
    fields: {
      ...AMOUNT_FIELDS,
      client_orderid: 'optional',
      deposit2card: 'boolean',
      'destination-card-no': 'optional',
      redirect_url: 'optional',
    },
    sample: {
      params: [
        ['amount', '10.15'],
        ['currency', 'EUR'],
        ['client_orderid', ORDER_ID],
        ['deposit2card', 'true'],
        ['destination-card-no', '4444555566661111'],
        ['order_desc', DESCRIPTION],
        ['redirect_url', 'https://shop.example/back'],
      ],
    },
  },
  {
    id: 'transfer-by-ref-v4',
    version: 'v4',
    segment: 'transfer-by-ref',
    exampleOnly: true,
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'spec', fact: 'S-OAUTH-USERS' },
    rules: INFERRED_AMOUNT_RULES,
    fields: AMOUNT_FIELDS,
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['amount', '1.00'],
        ['currency', 'EUR'],
        ['source-card-ref-id', '1'],
        ['destination-card-ref-id', '2'],
      ],
    },
  },
  {
    id: 'payout-v4',
    version: 'v4',
    segment: 'payout',
    exampleOnly: true,
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'spec', fact: 'S-OAUTH-USERS' },
    rules: INFERRED_AMOUNT_RULES,
    fields: AMOUNT_FIELDS,
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['amount', '25.00'],
        ['currency', 'EUR'],
      ],
    },
  },
] as const satisfies readonly OperationRow[];
