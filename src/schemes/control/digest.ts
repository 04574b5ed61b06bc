/**
 * The `control` digest: lowercase hex SHA-1 of the formula's terms concatenated with no
 * separator, the merchant control key last.
 *
 * @module
 */
import { sha1Hex } from '#crypto';
import { assertWellFormed } from '../../encoding/percent.js';
import { timingSafeEqualHex } from '../../encoding/compare.js';
import { ControlMismatchError, InvalidInputError, MissingFieldError } from '../../errors/index.js';
import { minorUnitsString } from './amount.js';
import { endpointIdString } from './endpoint.js';
import { FORMULAS, type Formula, type FormulaRow, type TermField } from './formulas.js';
import { firstMatch, type ListedKey } from '../../keys/list.js';

/** The request values a formula may read. Fields a formula does not use are ignored. */
export interface ControlFields {
  /** Merchant login. */
  login?: string;
  /** Endpoint id from the path (int64): digit string, safe integer or bigint. */
  endpointId?: string | number | bigint;
  /** Endpoint group id, for `/group/{endpointGroupId}` paths: takes the endpoint's place (C-B, C-C). */
  endpointGroupId?: string | number | bigint;
  /** Merchant order id (`client-order-id` on the 3DS uploads). */
  client_orderid?: string;
  /** Service order id. */
  orderid?: string;
  /** Decimal amount as sent, e.g. `"10.42"`; the formula uses minor units. */
  amount?: string;
  /** Currency of the amount; required whenever `amount` is given to a formula that has it. */
  currency?: string;
  /** Customer e-mail. */
  email?: string;
  /** Card reference id. */
  cardrefid?: string;
  /** Transaction status (callback and redirect formulas). */
  status?: string;
  /** Source card reference (v2 transfer-by-ref; the term is empty when not sent). */
  'source-card-ref-id'?: string;
  /** Destination card reference (v2 transfer-by-ref). */
  'destination-card-ref-id'?: string;
}

/** Options of {@link control} and {@link verifyControl}. */
export interface ControlOptions {
  /** Minor-unit digits of the currency (default 2; 0 for JPY-like, 3 for KWD-like currencies). */
  exponent?: number;
}

function row(formula: Formula): FormulaRow {
  const r = typeof formula === 'string' && Object.hasOwn(FORMULAS, formula) ? FORMULAS[formula] : undefined;
  if (r === undefined) {
    throw new InvalidInputError(`unknown control formula ${JSON.stringify(String(formula))}`, { field: 'formula' });
  }
  return r;
}

function text(fields: ControlFields, name: Exclude<TermField, 'endpointId' | 'amount'>): string | undefined {
  const v = fields[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string')
    throw new InvalidInputError(`"${name}" must be a string, got ${v === null ? 'null' : typeof v}`, { field: name });
  assertWellFormed(v, name);
  return v;
}

/** One term of a formula over request fields: the field it is read from, and its value. @internal */
export interface ControlTerm {
  /** The formula's field, or `endpointGroupId` where the group takes the endpoint's place. */
  readonly field: keyof ControlFields;
  /** The term as hashed (`''` when the formula allows it to be absent). */
  readonly value: string;
}

/**
 * How {@link controlTerms} reads a request: strictly, as the digest does (the default), or as
 * `diagnose` reads one that may be wrong, to show what is there and what a client may have hashed.
 * @internal
 */
export interface TermReading {
  /** The amount's term (default: the decimal amount in minor units, exactly). */
  readonly amountTerm?: (amount: string) => string;
  /** An absent term is left empty instead of refused, and the endpoint id is taken as it is. */
  readonly lenient?: boolean;
}

/**
 * The formula's terms over `fields`, in order, without the control key: the one reading of a
 * formula, used by the digest ({@link controlInput}) and by `diagnose`. @internal
 */
export function controlTerms(
  formula: Formula,
  fields: ControlFields,
  options: ControlOptions = {},
  reading: TermReading = {},
): ControlTerm[] {
  const r = row(formula);
  if (fields === null || typeof fields !== 'object') {
    throw new InvalidInputError('control fields must be an object', { field: 'fields' });
  }
  const strict = reading.lenient !== true;
  const out: ControlTerm[] = [];
  for (const term of r.terms) {
    const tf = term.field;
    let f: keyof ControlFields = tf;
    let v: string | undefined;
    if (tf === 'endpointId') {
      const hasEndpoint = fields.endpointId !== undefined;
      const hasGroup = fields.endpointGroupId !== undefined;
      if (hasEndpoint && hasGroup) {
        throw new InvalidInputError('give either "endpointId" or "endpointGroupId", not both', {
          field: 'endpointGroupId',
        });
      }
      if (hasGroup) f = 'endpointGroupId';
      const id = fields[f];
      v = id === undefined ? undefined : strict ? endpointIdString(id, f) : String(id);
    } else if (tf === 'amount') {
      const a = fields.amount;
      // an explicit "" counts as absent, as in signRequest and verifyRequest
      v =
        a === undefined || a === ''
          ? undefined
          : reading.amountTerm !== undefined
            ? reading.amountTerm(a)
            : minorUnitsString(a, options.exponent ?? 2);
    } else {
      v = text(fields, tf);
      if (v === '') v = undefined;
    }
    if (strict && term.presence === 'pair') {
      const amountGiven = fields.amount !== undefined && fields.amount !== '';
      const currencyGiven = fields.currency !== undefined && fields.currency !== '';
      if (amountGiven !== currencyGiven) {
        const missing = amountGiven ? 'currency' : 'amount';
        throw new InvalidInputError(`"amount" and "currency" go together: "${missing}" is missing or empty`, {
          field: missing,
        });
      }
    }
    if (v === undefined && strict && term.presence === 'required') {
      const how = tf !== 'endpointId' && fields[tf] === '' ? 'a non-empty' : 'the field';
      throw new MissingFieldError(tf, `control formula ${r.id} needs ${how} "${tf}"`);
    }
    out.push({ field: f, value: v ?? '' });
  }
  return out;
}

/**
 * The formula's terms concatenated, without the control key: what is hashed, minus the secret.
 * Useful to debug a digest (`paysig verify --explain` prints it).
 *
 * An explicit empty string counts as absent: it is an error for a term the formula needs
 * ({@link MissingFieldError}) and an empty term where the formula allows one (C-D and C-E amount
 * and currency, C-S orderid, the transfer-by-ref source card reference).
 *
 * @throws {@link MissingFieldError} for a required term left out or empty; {@link InvalidInputError} for
 *   `amount` without `currency` or the reverse (empty counts as absent), or a bad endpoint id; {@link InvalidAmountError}
 *   for a bad amount; {@link EncodingError} for a lone surrogate.
 */
export function controlInput(formula: Formula, fields: ControlFields, options: ControlOptions = {}): string {
  let out = '';
  for (const term of controlTerms(formula, fields, options)) out += term.value;
  return out;
}

function assertKey(controlKey: string): void {
  if (typeof controlKey !== 'string' || controlKey.length === 0) {
    throw new InvalidInputError('the control key must be a non-empty string', { field: 'controlKey' });
  }
  assertWellFormed(controlKey, 'controlKey');
}

/**
 * Computes the `control` digest of a request: lowercase hex SHA-1 of the formula's terms
 * concatenated in order, with the merchant control key last. Amounts are converted to minor
 * units from their decimal string, exactly.
 *
 * @param formula - `C-A`, `C-B`, `C-C`, `C-D`, `C-E`, `C-S` (specification), or one of the
 *   formulas from the public documentation: `CARD-INFO`, `TRANSFER-BY-REF`, `CALLBACK`, `REDIRECT`.
 * @param fields - the request's values; see {@link ControlFields}.
 * @param controlKey - the merchant control key.
 * @returns 40 lowercase hex digits.
 * @example
 * ```ts
 * await control('C-B', { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42',
 *   email: 'john.smith@gmail.com' }, 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20');
 * ```
 * @throws see {@link controlInput}; an empty control key is an {@link InvalidInputError}.
 */
export function control(
  formula: Formula,
  fields: ControlFields,
  controlKey: string,
  options?: ControlOptions,
): Promise<string> {
  try {
    const input = controlInput(formula, fields, options);
    assertKey(controlKey);
    return sha1Hex(input + controlKey);
  } catch (e) {
    return Promise.reject(e);
  }
}

const HEX40 = /^[0-9a-fA-F]{40}$/;

/**
 * Checks a received `control` digest in constant time. Resolves when it matches; rejects
 * otherwise. Hex in either case is accepted.
 *
 * @throws {@link InvalidInputError} when `received` is not 40 hex digits;
 *   {@link ControlMismatchError} (`ERR_CONTROL_MISMATCH`) when it does not match; and the errors
 *   of {@link control} for bad fields.
 */
export async function verifyControl(
  formula: Formula,
  fields: ControlFields,
  controlKey: string,
  received: string,
  options?: ControlOptions,
): Promise<void> {
  if (typeof received !== 'string' || !HEX40.test(received)) {
    throw new InvalidInputError('"control" must be 40 hexadecimal digits', { field: 'control' });
  }
  const expected = await control(formula, fields, controlKey, options);
  if (!timingSafeEqualHex(expected, received)) {
    throw new ControlMismatchError(`control digest does not match formula ${formula}`);
  }
}

/**
 * {@link verifyControl} against several control keys (a rotation): the digest is computed with
 * every key and each compared in constant time, all of them whatever matched; resolves with the
 * index of the first key that matched. @internal
 */
export async function verifyControlKeys(
  formula: Formula,
  fields: ControlFields,
  keys: readonly ListedKey<string>[],
  received: string,
  options?: ControlOptions,
): Promise<number> {
  if (typeof received !== 'string' || !HEX40.test(received)) {
    throw new InvalidInputError('"control" must be 40 hexadecimal digits', { field: 'control' });
  }
  const input = controlInput(formula, fields, options);
  for (const k of keys) assertKey(k.key);
  const index = await firstMatch(keys, async (key) => timingSafeEqualHex(await sha1Hex(input + key), received));
  if (index < 0) throw new ControlMismatchError(`control digest does not match formula ${formula}`);
  return index;
}
