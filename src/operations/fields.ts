/**
 * Request fields shared by signing and verifying: parameter normalisation (trimmed, as the
 * service trims them), scheme resolution, the catalog's field rules, and the mapping from body
 * fields to control-formula terms. Internal.
 *
 * @module
 */
import { minorUnitsString } from '../control/amount.js';
import type { ControlFields } from '../control/digest.js';
import { FORMULAS, type Formula, type TermField } from '../control/formulas.js';
import { InvalidInputError, MissingFieldError, UnsupportedError } from '../errors.js';
import type { OAuthMethod, Operation } from './catalog.js';
import type { ParamValue } from './params.js';

/**
 * An explicit integrity scheme: a control formula (`C-A` ... `C-S`, `CARD-INFO`, ...) or an
 * OAuth signature method. Required for the operations whose scheme is unknown
 * (`payment-form`, `payout-form`); on the others it overrides the catalog.
 */
export type Scheme = Formula | OAuthMethod;

/** A scheme resolved against an operation. */
export type ResolvedAuth =
  | {
      /** Authenticated by a `control` digest. */
      readonly kind: 'control';
      /** The control formula to compute. */
      readonly formula: Formula;
      /** The scheme as resolved: the explicit one, or the catalog's formula. */
      readonly scheme: Scheme;
    }
  | {
      /** Authenticated by an OAuth 1.0a `Authorization` header. */
      readonly kind: 'oauth';
      /** The OAuth signature method to use. */
      readonly method: OAuthMethod;
      /** The scheme as resolved: the explicit one, or the catalog's method. */
      readonly scheme: Scheme;
    };

/** Minor-unit digits: one number for every currency, or a function of the currency code. */
export type Exponent = number | ((currency: string) => number);

/** Resolves the scheme of an operation, preferring an explicit one. */
export function resolveAuth(op: Operation, scheme: Scheme | undefined): ResolvedAuth {
  if (scheme !== undefined) {
    if (scheme === 'HMAC-SHA1' || scheme === 'RSA-SHA256') return { kind: 'oauth', method: scheme, scheme };
    if (typeof scheme === 'string' && Object.hasOwn(FORMULAS, scheme)) return { kind: 'control', formula: scheme, scheme };
    throw new InvalidInputError(
      `scheme ${JSON.stringify(String(scheme))} is neither a control formula (C-A, C-B, C-C, C-D, C-E, C-S, CARD-INFO, TRANSFER-BY-REF) nor HMAC-SHA1 or RSA-SHA256`,
      { field: 'scheme' },
    );
  }
  const a = op.auth;
  if (a.kind === 'control') return { kind: 'control', formula: a.formula, scheme: a.formula };
  if (a.kind === 'oauth') return { kind: 'oauth', method: a.method, scheme: a.method };
  throw new UnsupportedError(
    `operation "${op.id}" has no published integrity scheme: pass an explicit scheme (a control formula or HMAC-SHA1 / RSA-SHA256)`,
    { field: 'scheme' },
  );
}

/**
 * Trims a value as the service does: leading and trailing characters up to U+0020 (space and
 * ASCII control characters), like Java's `String.trim`. Unlike JavaScript's `trim`, it keeps
 * U+00A0 and the other Unicode spaces, which are content to a Java service.
 */
export function serviceTrim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

function valueString(name: string, v: ParamValue): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return serviceTrim(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (name === 'amount') {
      throw new InvalidInputError(
        `"amount" must be a decimal string such as "10.42", not a number: floating point cannot hold most amounts exactly`,
        { field: name },
      );
    }
    if (!Number.isSafeInteger(v)) {
      throw new InvalidInputError(`"${name}" as a number must be a safe integer; pass decimals and large values as strings`, {
        field: name,
      });
    }
    return String(v);
  }
  throw new InvalidInputError(`"${name}" must be a string, safe integer or boolean, got ${v === null ? 'null' : typeof v}`, {
    field: name,
  });
}

/**
 * Normalises request parameters to ordered pairs: an object's own fields (undefined left out) or
 * an iterable of `[name, value]` string pairs. Values are trimmed, numbers and booleans
 * stringified.
 */
export function normalizeParams(
  params: Readonly<Record<string, ParamValue>> | Iterable<readonly [string, string]>,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (params === null || typeof params !== 'object') {
    throw new InvalidInputError('"params" must be an object or an iterable of [name, value] pairs', { field: 'params' });
  }
  if (typeof (params as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function') {
    for (const pair of params as Iterable<readonly [string, string]>) {
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
        throw new InvalidInputError('every parameter pair must be [name, value] with two strings', { field: 'params' });
      }
      out.push([pair[0], serviceTrim(pair[1])]);
    }
    return out;
  }
  for (const name of Object.keys(params)) {
    const v = valueString(name, (params as Readonly<Record<string, ParamValue>>)[name]);
    if (v !== undefined) out.push([name, v]);
  }
  return out;
}

/** Body field that carries a formula term on this operation (login comes from credentials). */
export function termFieldName(op: Operation, term: TermField): string {
  return term === 'client_orderid' ? op.orderIdField : term;
}

/** The fields rules and formulas read, by name: first value, '' counted as absent. */
export type FieldValues = Map<string, string>;

/**
 * Checks the operation's field rules and the scheme's required terms against the request's
 * pairs, and returns the values by name. Every field a rule or formula reads must appear at most
 * once.
 */
export function checkFields(
  op: Operation,
  auth: ResolvedAuth,
  pairs: ReadonlyArray<readonly [string, string]>,
  exponent: Exponent | undefined,
): FieldValues {
  const significant = new Set<string>(['control', 'login', 'amount', 'currency']);
  for (const rule of op.rules) {
    if (rule.kind === 'together') for (const f of rule.fields) significant.add(f);
    else if (rule.kind === 'spelling') significant.add(rule.use).add(rule.field);
    else significant.add(rule.field);
  }
  if (auth.kind === 'control') for (const t of FORMULAS[auth.formula].terms) significant.add(termFieldName(op, t.field));

  const values: FieldValues = new Map();
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    if (!significant.has(name)) continue;
    if (seen.has(name)) throw new InvalidInputError(`field "${name}" appears more than once`, { field: name });
    seen.add(name);
    if (value !== '') values.set(name, value);
  }

  for (const rule of op.rules) {
    switch (rule.kind) {
      case 'spelling':
        if (seen.has(rule.field)) {
          throw new InvalidInputError(`operation "${op.id}" spells the field "${rule.use}", not "${rule.field}"`, {
            field: rule.field,
          });
        }
        break;
      case 'forbidden':
        if (values.has(rule.field)) {
          throw new InvalidInputError(`field "${rule.field}" is not allowed on "${op.id}": ${rule.reason}`, { field: rule.field });
        }
        break;
      case 'oneOf': {
        const v = values.get(rule.field);
        if (v !== undefined && !rule.values.includes(v)) {
          throw new InvalidInputError(`field "${rule.field}" must be one of ${rule.values.join(', ')}`, { field: rule.field });
        }
        break;
      }
      case 'together': {
        const given = rule.fields.filter((f) => values.has(f));
        if (given.length > 0 && given.length < rule.fields.length) {
          const missing = rule.fields.find((f) => !values.has(f))!;
          throw new InvalidInputError(`fields ${rule.fields.map((f) => `"${f}"`).join(' and ')} go together: "${missing}" is missing`, {
            field: missing,
          });
        }
        break;
      }
      case 'decimal': {
        const v = values.get(rule.field);
        if (v !== undefined) minorUnitsString(v, exponentOf(exponent, values.get('currency')));
        break;
      }
    }
  }

  if (auth.kind === 'control') {
    for (const t of FORMULAS[auth.formula].terms) {
      if (t.presence !== 'required' || t.field === 'login' || t.field === 'endpointId') continue;
      const name = termFieldName(op, t.field);
      if (!values.has(name)) {
        throw new MissingFieldError(name, `operation "${op.id}" (control formula ${auth.formula}) needs the field "${name}"`);
      }
    }
  }
  return values;
}

/** The exponent for a currency. */
export function exponentOf(exponent: Exponent | undefined, currency: string | undefined): number {
  if (exponent === undefined) return 2;
  if (typeof exponent === 'number') return exponent;
  return exponent(currency ?? '');
}

/** Builds the control-formula fields from the checked values. */
export function controlFieldsOf(
  op: Operation,
  formula: Formula,
  values: FieldValues,
  login: string | undefined,
  endpoint: { endpointId?: string; endpointGroupId?: string },
): ControlFields {
  const f: ControlFields = {};
  for (const t of FORMULAS[formula].terms) {
    const field = t.field;
    if (field === 'login') {
      if (login !== undefined) f.login = login;
    } else if (field === 'endpointId') {
      if (endpoint.endpointId !== undefined) f.endpointId = endpoint.endpointId;
      if (endpoint.endpointGroupId !== undefined) f.endpointGroupId = endpoint.endpointGroupId;
    } else {
      const v = values.get(termFieldName(op, field));
      if (v !== undefined) f[field] = v;
    }
  }
  return f;
}

/** True when the formula has a `login` term. */
export function formulaHasLogin(formula: Formula): boolean {
  return FORMULAS[formula].terms.some((t) => t.field === 'login');
}
