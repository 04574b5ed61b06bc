/**
 * What `verifyRequest` resolves with: a union discriminated by the operation id, each member with
 * the operation's declared fields typed as the catalog declares them.
 *
 * @module
 */
import type { CatalogRow, Operation, OperationId } from '../catalog/index.js';
import type { FieldSpec } from '../catalog/row.js';
import type { Scheme } from '../catalog/scheme.js';
import type { MatchedKey } from '../keys/list.js';
import type { ResponseFormat } from './accept.js';
import type { SignedParam } from './signed.js';

/** The type of a received field declared with `spec`: its listed values, else a string (as sent, trimmed). */
export type VerifiedFieldValueOf<S extends FieldSpec> = S extends readonly (infer V)[] ? V : string;

/**
 * The received fields of an operation that declares fields `F`: the `required` ones are strings
 * (verification refuses a request without them), the others optional; any other field sent is
 * there too, as a string.
 *
 * @example
 * ```ts
 * type Sale = VerifiedFieldsOf<{ client_orderid: 'required'; order_desc: 'optional' }>;
 * // { readonly client_orderid: string; readonly order_desc?: string; readonly [field: string]: string | undefined }
 * ```
 */
export type VerifiedFieldsOf<F extends { readonly [field: string]: FieldSpec }> = {
  readonly [K in keyof F as F[K] extends 'required' ? K : never]: string;
} & {
  readonly [K in keyof F as F[K] extends 'required' ? never : K]?: VerifiedFieldValueOf<F[K]>;
} & { readonly [field: string]: string | undefined };

/** The received fields by operation id, derived from the catalog rows' `fields`. */
export type VerifiedFieldsMap = {
  [R in CatalogRow as R['id']]: VerifiedFieldsOf<R['fields']>;
};

/** What every verified request holds, whatever its operation. */
export interface VerifiedRequestBase {
  /** The scheme that was checked. */
  readonly scheme: Scheme;
  /** The body's `login` (control formulas with a login term). */
  readonly login?: string;
  /** The OAuth consumer key (the merchant login). */
  readonly consumerKey?: string;
  /** Endpoint id from the path. */
  readonly endpointId?: string;
  /** Endpoint group id from the path. */
  readonly endpointGroupId?: string;
  /** Every body field in order, values trimmed (including `control` or repeated `oauth_*`). Query parameters are in {@link VerifiedRequestBase.signedParams}. */
  readonly params: Array<[string, string]>;
  /**
   * Every parameter the signature input was built from, with its source: on an OAuth operation
   * the URL's query parameters (as signed, in URL order) then the body's (trimmed, in body
   * order); on a `control` operation the body's only (a query is not part of such a request, and
   * the digest covers only the formula's terms). Each name appears once (`oauth_*` body repeats
   * of the header aside): a repeated name is refused.
   */
  readonly signedParams: readonly SignedParam[];
  /** The response format the client's `Accept` asked for: `'json'` or `'form'` (the service's default). */
  readonly responseFormat: ResponseFormat;
  /**
   * Which of the merchant's keys verified the request: index 0 for a single key, else the
   * position and id in the list the credentials callback gave (key rotation).
   */
  readonly matchedKey: MatchedKey;
}

/**
 * A verified request to operation `Id`.
 *
 * @example
 * ```ts
 * function book(sale: VerifiedRequestOf<'sale'>) {
 *   return { order: sale.fields.client_orderid, amount: sale.fields.amount };
 * }
 * ```
 */
export interface VerifiedRequestOf<Id extends OperationId> extends VerifiedRequestBase {
  /** The operation id: switch on it to narrow {@link VerifiedRequestOf.fields}. */
  readonly operationId: Id;
  /** The catalog row. */
  readonly operation: Operation & {
    /** The catalog id, the same as {@link VerifiedRequestOf.operationId}. */
    readonly id: Id;
  };
  /**
   * The body's fields by name (values trimmed; a field sent empty is left out, as the rules count
   * it absent), typed by the operation's catalog row. The pairs in order are in `params`.
   */
  readonly fields: VerifiedFieldsMap[Id];
}

/**
 * A verified request: a union over the operations, discriminated by `operationId` (TypeScript
 * narrows a union by a property of the object itself, not by `operation.id` nested inside it).
 *
 * @example
 * ```ts
 * const result = await verifier.verify(request);
 * switch (result.operationId) {
 *   case 'sale':
 *     return charge(result.fields.client_orderid, result.fields.amount); // both string
 *   case 'upload-method-url-result':
 *     return record(result.fields.threeDSCompInd); // 'Y' | 'N' | 'U' | undefined
 * }
 * ```
 */
export type VerifiedRequest = { [Id in OperationId]: VerifiedRequestOf<Id> }[OperationId];

/** Who a verified request is from: the login or consumer key, and the endpoint (or group) of the path. @internal */
export interface VerifiedParty {
  readonly login?: string;
  readonly consumerKey?: string;
  readonly endpointId?: string;
  readonly endpointGroupId?: string;
}

/**
 * The result object, with `fields` built from the trimmed body pairs (a field sent empty left
 * out; a later repeat wins, as `Object.fromEntries` would have it). Built property by property:
 * object spread and `Object.fromEntries` cost several microseconds per request in V8. The keys
 * are in the order they always had: operationId, operation, scheme, login, consumerKey,
 * endpointId or endpointGroupId, params, signedParams, responseFormat, fields, matchedKey.
 * @internal
 */
export function verifiedResult(
  operation: Operation,
  scheme: Scheme,
  party: VerifiedParty,
  params: Array<[string, string]>,
  signedParams: readonly SignedParam[],
  responseFormat: ResponseFormat,
  matchedKey: MatchedKey,
): VerifiedRequest {
  const out: Record<string, unknown> = { operationId: operation.id, operation, scheme };
  if (party.login !== undefined) out.login = party.login;
  if (party.consumerKey !== undefined) out.consumerKey = party.consumerKey;
  if (party.endpointId !== undefined) out.endpointId = party.endpointId;
  if (party.endpointGroupId !== undefined) out.endpointGroupId = party.endpointGroupId;
  out.params = params;
  out.signedParams = signedParams;
  out.responseFormat = responseFormat;
  out.fields = fieldsOf(params);
  out.matchedKey = matchedKey;
  return out as unknown as VerifiedRequest;
}

/**
 * The non-empty pairs as an object of own properties. A name `Object.prototype` holds (`__proto__`,
 * `toString`, or one some code added) is defined, not assigned, so that it stays a field, even
 * where `Object.prototype` is frozen (SES lockdown), which makes assigning such a name throw. Any
 * other name is assigned: an object built with `defineProperty` alone falls into V8's slow
 * dictionary mode, which cost about a tenth of a payout's verification.
 */
function fieldsOf(params: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of params) {
    if (value === '') continue;
    if (name in Object.prototype) {
      Object.defineProperty(fields, name, { value, writable: true, enumerable: true, configurable: true });
    } else {
      fields[name] = value;
    }
  }
  return fields;
}
