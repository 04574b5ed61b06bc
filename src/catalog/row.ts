/**
 * The vocabulary of a catalog row: what one operation declares (path, names, scheme, field rules,
 * fields, sample) and where each claim comes from.
 *
 * @module
 */
import type { Formula } from '../schemes/control/formulas.js';

/** The version segment of an operation's path: `/api/<version>/...`. */
export type OperationVersion = 'v2' | 'v4' | '3ds/v1';

/** OAuth 1.0a signature methods the service uses. */
export type OAuthMethod = 'HMAC-SHA1' | 'RSA-SHA256';

/**
 * An explicit integrity scheme: a control formula (`C-A` ... `C-S`, `CARD-INFO`, ...) or an
 * OAuth signature method. Required for the operations whose scheme is unknown
 * (`payment-form`, `payout-form`); on the others it overrides the catalog.
 */
export type Scheme = Formula | OAuthMethod;

/**
 * Where a claim of the catalog comes from: the specification (`spec`), the service's public
 * documentation (`public-docs`), the service's own client code (`client-code`), or a choice
 * paysig made where no source speaks (`paysig`).
 */
export type Source = 'spec' | 'public-docs' | 'client-code' | 'paysig';

/** Where an operation's integrity scheme comes from: the {@link Source} of its `auth`. */
export type AuthSource = Source;

/**
 * How an operation is authenticated, and where that is known from: a `control` SHA-1 digest over
 * a formula, an OAuth 1.0a `Authorization` header, or unknown (nothing published: the caller
 * must pass a scheme).
 */
export type OperationAuth =
  | {
      /** A `control` field: SHA-1 over the formula's terms and the control key. */
      readonly kind: 'control';
      /** The control formula the digest follows. */
      readonly formula: Formula;
      /** Where the formula comes from. */
      readonly source: Source;
      /** The fact in `vectors/SOURCES.md` that says so, e.g. `S-OP-SALE`. */
      readonly fact: string;
    }
  | {
      /** An OAuth 1.0a `Authorization` header. */
      readonly kind: 'oauth';
      /** The OAuth signature method. */
      readonly method: OAuthMethod;
      /** Where the method comes from. */
      readonly source: Source;
      /** The fact in `vectors/SOURCES.md` that says so, e.g. `S-OP-SALE`. */
      readonly fact: string;
    }
  | {
      /** No published scheme: the caller must pass `scheme`. */
      readonly kind: 'unknown';
      /** Who decided that the caller names the scheme. */
      readonly source: Source;
      /** The fact in `vectors/SOURCES.md` that says so, e.g. `S-OP-SALE`. */
      readonly fact: string;
    };

/** The merchant order-id field's spelling: `client-order-id` on the 3DS uploads. */
export type OrderIdField = 'client_orderid' | 'client-order-id';

/**
 * A rule on the request fields of an operation, checked by `signRequest` and `verifyRequest`.
 * Each violation is a {@link PaysigError} naming the field. Every rule says where it comes from.
 *
 * - `together`: the fields are sent all or none (`amount` with `currency`).
 * - `forbidden`: the field must not be sent (`amount` on void: no partial void).
 * - `oneOf`: the field, when sent, has one of the listed values.
 * - `decimal`: the field, when sent, is a plain non-negative decimal string (an amount).
 * - `spelling`: the field is spelled `use` here, never `field`.
 * - `required`: the field must be sent, with a non-empty value.
 *
 * Each rule names its {@link Source} and the fact id in `vectors/SOURCES.md` it rests on.
 */
export type FieldRule = (
  | {
      /** Sent all or none. */
      readonly kind: 'together';
      /** The fields that go together. */
      readonly fields: readonly string[];
    }
  | {
      /** Must not be sent (an empty value counts as not sent). */
      readonly kind: 'forbidden';
      /** The field that must not be sent. */
      readonly field: string;
      /** Why, quoted in the error message. */
      readonly reason: string;
    }
  | {
      /** Restricted to listed values. */
      readonly kind: 'oneOf';
      /** The field, checked when sent with a non-empty value. */
      readonly field: string;
      /** The allowed values, compared exactly. */
      readonly values: readonly string[];
    }
  | {
      /** A plain non-negative decimal convertible to minor units. */
      readonly kind: 'decimal';
      /** The field, checked when sent with a non-empty value. */
      readonly field: string;
    }
  | {
      /** A field with a different spelling on this operation. */
      readonly kind: 'spelling';
      /** The spelling refused on this operation (e.g. `client_orderid`). */
      readonly field: string;
      /** The spelling the operation takes (e.g. `client-order-id`). */
      readonly use: string;
    }
  | {
      /** Must be sent with a non-empty value. */
      readonly kind: 'required';
      /** The field that must be sent. */
      readonly field: string;
    }
) & {
  /** Where the rule comes from. */
  readonly source: Source;
  /** The fact in `vectors/SOURCES.md` that says so, e.g. `S-FIELD-CURRENCY`. */
  readonly fact: string;
};

/**
 * How a named field is typed in the operation's parameters: `required` (a string), `optional`
 * (a string), `boolean`, `integer` (a string or a safe integer), or a list of allowed strings.
 * All but `required` are optional. Typing only: the runtime checks are the {@link FieldRule}s.
 */
export type FieldSpec = 'required' | 'optional' | 'boolean' | 'integer' | readonly string[];

/** The fields an operation names, with their typing. */
export type FieldSpecs = { readonly [field: string]: FieldSpec };

/** Sample request fields of an operation: signed and verified by the demo, the tests and the vectors. */
export interface OperationSample {
  /** Ordered `[name, value]` pairs, before trimming. */
  readonly params: ReadonlyArray<readonly [string, string]>;
  /** The explicit scheme to sign with, for operations whose scheme is unknown. */
  readonly scheme?: Scheme;
}

/**
 * What one catalog row declares. Everything else about an operation is derived from it (see
 * CONTRIBUTING.md, "How to add an operation").
 *
 * @example
 * ```ts
 * const row = {
 *   id: 'status', version: 'v2', segment: 'status',
 *   auth: { kind: 'control', formula: 'C-S', source: 'spec', fact: 'S-OP-STATUS' },
 *   rules: [], fields: { client_orderid: 'required', orderid: 'optional' },
 *   sample: { params: [['client_orderid', '902B4FF5']] },
 * } as const satisfies OperationRow;
 * ```
 */
export interface OperationRow {
  /** Unique id, e.g. `sale`, `create-card-ref-v4`. */
  readonly id: string;
  /** Version segment of the path. */
  readonly version: OperationVersion;
  /** The operation segment(s) between the version and the id, e.g. `sale`, `pan-eligibility/send`. */
  readonly segment: string;
  /** Internal operation name (`SALE`, ...), when shown. */
  readonly name?: string;
  /** Request record type name, when shown. */
  readonly requestRecord?: string;
  /** Success (HTTP 200) response record type name, when shown. */
  readonly successRecord?: string;
  /** Integrity scheme and its source. */
  readonly auth: OperationAuth;
  /** Spelling of the merchant order-id field (default `client_orderid`). */
  readonly orderIdField?: OrderIdField;
  /** True for operations seen only in signing examples (no Endpoints-table row). */
  readonly exampleOnly?: boolean;
  /** Field rules checked when signing and verifying, each with its source. */
  readonly rules: readonly FieldRule[];
  /** The fields the typed parameters name. */
  readonly fields: FieldSpecs;
  /** Sample fields that sign and verify. */
  readonly sample: OperationSample;
}
