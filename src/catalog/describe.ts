/**
 * The catalog as plain JSON data, for `vectors/catalog.json`: what other languages' runners and
 * the vector generator read instead of a table of their own. Not imported by signing or
 * verifying.
 *
 * @module
 */
import { OPERATIONS, type Operation } from './index.js';
import { OPERATION_DOCS } from './docs.js';
import type { FieldRule, FieldSpec, Source } from './row.js';

/** One operation as JSON. */
export interface CatalogJsonRow {
  readonly id: string;
  /** Always `POST`. */
  readonly method: 'POST';
  readonly path: string;
  readonly groupPath: string;
  readonly version: string;
  readonly segment: string;
  readonly name: string | null;
  readonly requestRecord: string | null;
  readonly successRecord: string | null;
  /** `kind` (`control`, `oauth`, `unknown`), `method` for OAuth, and where the scheme comes from. */
  readonly auth: { readonly kind: string; readonly method?: string; readonly source: Source; readonly fact: string };
  /** The control formula, or null for OAuth and unknown schemes. */
  readonly formula: string | null;
  /** The scheme signing uses without an explicit one: the formula or the OAuth method; null when none is published. */
  readonly scheme: string | null;
  readonly orderIdField: string;
  readonly exampleOnly: boolean;
  readonly fields: { readonly [field: string]: FieldSpec };
  readonly rules: readonly FieldRule[];
  readonly sample: { readonly params: ReadonlyArray<readonly [string, string]>; readonly scheme?: string };
  readonly purpose: string;
  readonly note: string;
}

/** The whole `vectors/catalog.json` document. */
export interface CatalogJson {
  /** Format version of the vector files: 2. */
  readonly format: 2;
  readonly description: string;
  readonly operations: readonly CatalogJsonRow[];
}

function rowJson(op: Operation): CatalogJsonRow {
  const a = op.auth;
  const formula = a.kind === 'control' ? a.formula : null;
  const docs = OPERATION_DOCS[op.id];
  return {
    id: op.id,
    method: 'POST',
    path: op.path,
    groupPath: op.groupPath,
    version: op.version,
    segment: op.segment,
    name: op.name ?? null,
    requestRecord: op.requestRecord ?? null,
    successRecord: op.successRecord ?? null,
    auth:
      a.kind === 'oauth'
        ? { kind: a.kind, method: a.method, source: a.source, fact: a.fact }
        : { kind: a.kind, source: a.source, fact: a.fact },
    formula,
    scheme: a.kind === 'oauth' ? a.method : formula,
    orderIdField: op.orderIdField,
    exampleOnly: op.exampleOnly,
    fields: op.fields,
    rules: op.rules,
    sample: op.sample,
    purpose: docs.purpose,
    note: docs.note,
  };
}

/** The catalog as JSON data, every row in catalog order. */
export function describeCatalog(): CatalogJson {
  return {
    format: 2,
    description:
      'Every operation of the paysig catalog, written from src/operations (do not edit: run `npm run vectors`). ' +
      'path and groupPath are URL templates under the service base address; scheme is the control formula or OAuth ' +
      'method used when the caller names none (null: none published, the caller must name one); orderIdField is the ' +
      'spelling of the merchant order id, which formula terms named client_orderid read; rules are checked on every ' +
      'request (together, forbidden, oneOf, decimal, spelling, required); fields type the parameters; sample holds request ' +
      'fields that sign and verify. Every source is spec, public-docs, client-code or paysig (a choice paysig made ' +
      'where no source speaks), and every fact is an id of vectors/SOURCES.md.',
    operations: OPERATIONS.map(rowJson),
  };
}
