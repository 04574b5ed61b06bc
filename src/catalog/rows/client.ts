/**
 * Catalog rows of the operations the service's own client code uses and the specification's
 * Endpoints table does not list (facts `K-...` of `vectors/SOURCES.md`).
 *
 * @module
 */
import { AMOUNT_RULES, ORDER_ID, SALE_FIELDS, SALE_SAMPLE, SERVICE_ORDER_ID } from './parts.js';
import type { OperationRow } from '../row.js';

const AV_FIELDS = { client_orderid: 'required', email: 'required', server_callback_url: 'optional' } as const;

/** The client-code rows: three v2 control operations, then three v4 RSA-SHA256 operations. */
export const ROWS_CLIENT = [
  {
    id: 'transfer-by-ref',
    version: 'v2',
    segment: 'transfer-by-ref',
    auth: { kind: 'control', formula: 'TRANSFER-BY-REF', source: 'client-code', fact: 'K-TRANSFER-BY-REF' },
    rules: [
      ...AMOUNT_RULES,
      { kind: 'required', field: 'ipaddress', source: 'client-code', fact: 'K-TRANSFER-BY-REF' },
    ],
    fields: {
      client_orderid: 'required',
      amount: 'required',
      currency: 'required',
      ipaddress: 'required',
      'destination-card-ref-id': 'required',
      'source-card-ref-id': 'optional',
      order_desc: 'optional',
      cvv2: 'optional',
      redirect_url: 'optional',
      server_callback_url: 'optional',
    },
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['source-card-ref-id', '7654321'],
        ['destination-card-ref-id', '7654322'],
        ['amount', '12.34'],
        ['currency', 'EUR'],
        ['ipaddress', '203.0.113.7'],
      ],
    },
  },
  {
    id: 'transfer-form',
    version: 'v2',
    segment: 'transfer-form',
    auth: { kind: 'control', formula: 'C-B', source: 'client-code', fact: 'K-TRANSFER-FORM' },
    rules: AMOUNT_RULES,
    fields: SALE_FIELDS,
    sample: { params: SALE_SAMPLE },
  },
  {
    id: 'sync-account-verification',
    version: 'v2',
    segment: 'sync/account-verification',
    auth: { kind: 'control', formula: 'C-C', source: 'client-code', fact: 'K-SYNC-ACCOUNT-VERIFICATION' },
    rules: AMOUNT_RULES,
    fields: AV_FIELDS,
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['email', 'john.smith@gmail.com'],
        ['ipaddress', '203.0.113.7'],
      ],
    },
  },
  {
    id: 'sale-v4',
    version: 'v4',
    segment: 'sale',
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'client-code', fact: 'K-SALE-V4' },
    rules: AMOUNT_RULES,
    fields: {
      client_orderid: 'optional',
      order_desc: 'optional',
      amount: 'optional',
      currency: 'optional',
      hosted_fields_token: 'optional',
      email: 'optional',
      ipaddress: 'optional',
      redirect_url: 'optional',
    },
    sample: {
      params: [
        ['client_orderid', 'hf-1'],
        ['amount', '1.00'],
        ['currency', 'EUR'],
        ['hosted_fields_token', 'hf+tok/AbC9=='],
        ['email', 'john.smith@gmail.com'],
      ],
    },
  },
  {
    id: 'status-v4',
    version: 'v4',
    segment: 'status',
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'client-code', fact: 'K-STATUS-V4' },
    rules: AMOUNT_RULES,
    fields: { login: 'optional', client_orderid: 'optional', orderid: 'optional' },
    sample: {
      params: [
        ['client_orderid', ORDER_ID],
        ['orderid', SERVICE_ORDER_ID],
      ],
    },
  },
  {
    id: 'create-ephemeral-ticket',
    version: 'v4',
    segment: 'tokenize/create-ephemeral-ticket',
    auth: { kind: 'oauth', method: 'RSA-SHA256', source: 'client-code', fact: 'K-CREATE-EPHEMERAL-TICKET' },
    rules: AMOUNT_RULES,
    fields: {},
    sample: { params: [] },
  },
] as const satisfies readonly OperationRow[];
