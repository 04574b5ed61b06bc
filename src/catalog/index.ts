/**
 * The API catalog: one declarative row per operation of the card-payment service (see
 * `row.ts` for what a row declares; the rows live in `rows/*.ts`, by version). Every list and
 * per-operation type of the package (`OperationId`, `OperationParamsMap`, ...) is derived from
 * these rows. The prose about each operation is in `docs.ts`, outside the signing bundle.
 *
 * @module
 */
import type {
  FieldRule,
  FieldSpecs,
  OperationAuth,
  OperationRow,
  OperationSample,
  OperationVersion,
  OrderIdField,
  Source,
} from './row.js';
import { ROWS_3DS } from './rows/3ds.js';
import { ROWS_CLIENT } from './rows/client.js';
import { ROWS_EXAMPLES } from './rows/examples.js';
import { ROWS_V2 } from './rows/v2.js';
import { ROWS_V4 } from './rows/v4.js';

export type {
  AuthSource,
  FieldRule,
  FieldSpec,
  FieldSpecs,
  OAuthMethod,
  OperationAuth,
  OperationRow,
  OperationSample,
  OperationVersion,
  OrderIdField,
  Source,
} from './row.js';

/**
 * Every row as declared (literal types kept), in the order of the specification's Endpoints table,
 * then the example-only ones, then those from the service's client code. {@link OPERATIONS} is the same table in its runtime shape; this one is
 * for type-level use (the per-operation parameter types are derived from it).
 *
 * @example
 * ```ts
 * type V4Ids = Extract<(typeof CATALOG_ROWS)[number], { version: 'v4' }>['id'];
 * ```
 *
 * @hidden Its literal type is the whole table; the documentation shows {@link OPERATIONS}.
 */
export const CATALOG_ROWS = [
  ...ROWS_3DS,
  ...ROWS_V2,
  ...ROWS_V4,
  ...ROWS_EXAMPLES,
  ...ROWS_CLIENT,
] as const satisfies readonly OperationRow[];

/**
 * The rows as a union of their declared types.
 *
 * @example
 * ```ts
 * type SaleRow = Extract<CatalogRow, { id: 'sale' }>;
 * ```
 */
export type CatalogRow = (typeof CATALOG_ROWS)[number];

/** Every operation id of the catalog. */
export type OperationId = CatalogRow['id'];

/** One operation of the API. */
export interface Operation {
  /** Unique id, e.g. `sale`, `create-card-ref` (v2), `create-card-ref-v4`, `transfer-v4`. */
  readonly id: OperationId;
  /** Path template, e.g. `/api/v2/sale/{endpointId}`. */
  readonly path: string;
  /** The same operation addressed by endpoint group: `/api/v2/sale/group/{endpointGroupId}`. */
  readonly groupPath: string;
  /** Version segment of the path. */
  readonly version: OperationVersion;
  /** The operation segment(s) between the version and the id, e.g. `sale`, `pan-eligibility/send`. */
  readonly segment: string;
  /** Internal operation name (`SALE`, `TDS_UPLOAD_CRES_RESULT`, ...); undefined when not shown. */
  readonly name: string | undefined;
  /** Request record type name; undefined when not shown. */
  readonly requestRecord: string | undefined;
  /** Success (HTTP 200) response record type name; undefined when not shown. */
  readonly successRecord: string | undefined;
  /** Integrity / authentication scheme, with its source. */
  readonly auth: OperationAuth;
  /** Where {@link Operation.auth} comes from: the same as `auth.source`. */
  readonly authSource: Source;
  /** Spelling of the merchant order-id field. */
  readonly orderIdField: OrderIdField;
  /** True for the operations seen only in signing examples (no Endpoints-table row). */
  readonly exampleOnly: boolean;
  /** Field rules checked when signing and verifying, each with its source. */
  readonly rules: readonly FieldRule[];
  /** The fields the operation's typed parameters name (typing only). */
  readonly fields: FieldSpecs;
  /** Sample fields that sign and verify (used by the demo, the tests and the vectors). */
  readonly sample: OperationSample;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function build(r: CatalogRow): Operation {
  const row: OperationRow = r;
  const prefix = `/api/${row.version}/${row.segment}`;
  return deepFreeze({
    id: r.id,
    path: `${prefix}/{endpointId}`,
    groupPath: `${prefix}/group/{endpointGroupId}`,
    version: row.version,
    segment: row.segment,
    name: row.name,
    requestRecord: row.requestRecord,
    successRecord: row.successRecord,
    auth: row.auth,
    authSource: row.auth.source,
    orderIdField: row.orderIdField ?? 'client_orderid',
    exampleOnly: row.exampleOnly ?? false,
    rules: row.rules,
    fields: row.fields,
    sample: row.sample,
  });
}

/**
 * Every operation of the API, in the order of the specification's Endpoints table, then the
 * operations seen only in signing examples.
 *
 * @example
 * ```ts
 * import { OPERATIONS } from 'paysig';
 * for (const op of OPERATIONS) console.log(op.id, op.path, op.auth.kind, op.auth.source);
 * ```
 */
export const OPERATIONS: readonly Operation[] = Object.freeze(CATALOG_ROWS.map(build));
