/**
 * Catalog rows of the 3DS upload operations (`/api/3ds/v1/...`).
 *
 * @module
 */
import { ORDER_ID, SERVICE_ORDER_ID, TDS_FIELDS, TDS_RULES } from './parts.js';
import type { OperationRow } from '../row.js';

const TDS = [
  ['client-order-id', ORDER_ID],
  ['orderid', SERVICE_ORDER_ID],
] as const;

/** The 3DS uploads, in the order of the specification's Endpoints table. */
export const ROWS_3DS = [
  {
    id: 'upload-cres-result',
    version: '3ds/v1',
    segment: 'upload-cres-result',
    name: 'TDS_UPLOAD_CRES_RESULT',
    requestRecord: 'TdsCResResultRequest',
    successRecord: 'AsyncResponse',
    auth: { kind: 'control', formula: 'C-A', source: 'spec', fact: 'S-OP-UPLOAD-CRES-RESULT' },
    orderIdField: 'client-order-id',
    rules: TDS_RULES,
    fields: TDS_FIELDS,
    sample: { params: [...TDS, ['cres', 'eyJhY3NUcmFuc0lEIjoiMSJ9']] },
  },
  {
    id: 'upload-method-url-result',
    version: '3ds/v1',
    segment: 'upload-method-url-result',
    name: 'TDS_UPLOAD_METHOD_URL_RESULT',
    requestRecord: 'TdsMethodUrlResultRequest',
    successRecord: 'AsyncResponse',
    auth: { kind: 'control', formula: 'C-A', source: 'spec', fact: 'S-OP-UPLOAD-METHOD-URL-RESULT' },
    orderIdField: 'client-order-id',
    rules: [
      ...TDS_RULES,
      {
        kind: 'oneOf',
        field: 'threeDSCompInd',
        values: ['Y', 'N', 'U'],
        source: 'spec',
        fact: 'S-FIELD-THREEDSCOMPIND',
      },
    ],
    fields: { ...TDS_FIELDS, threeDSCompInd: ['Y', 'N', 'U'] },
    sample: { params: [...TDS, ['threeDSCompInd', 'Y']] },
  },
  {
    id: 'upload-pares-result',
    version: '3ds/v1',
    segment: 'upload-pares-result',
    name: 'TDS_UPLOAD_PARES_RESULT',
    requestRecord: 'TdsPaResResultRequest',
    successRecord: 'AsyncResponse',
    auth: { kind: 'control', formula: 'C-A', source: 'spec', fact: 'S-OP-UPLOAD-PARES-RESULT' },
    orderIdField: 'client-order-id',
    rules: TDS_RULES,
    fields: TDS_FIELDS,
    sample: { params: [...TDS, ['PaRes', 'eJzVWNmu4kgS/ZXSfURd3jDG4pYlp/cF441de+Ze80EqDUAdK1/Oqso6W1/lYQA==']] },
  },
] as const satisfies readonly OperationRow[];
