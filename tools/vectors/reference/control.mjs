// Reference `control` digests: the formula table written again from the specification (not read
// from paysig), amounts to minor units from the decimal string, SHA-1 by node:crypto.
import { Refused, checkWellFormed } from './percent.mjs';
import { sha1Hex } from './crypto.mjs';

/** Term presence: required, "" when absent, or "" when absent together with its pair. */
export const R = 'required';
export const E = 'empty';
export const P = 'pair';

/** Every formula's terms in order, with their presence rule. */
// biome-ignore format: a table, one formula per line
export const FORMULA_TERMS = {
  'C-A': [['login', R], ['client_orderid', R], ['orderid', R]],
  'C-B': [['endpointId', R], ['client_orderid', R], ['amount', R], ['email', R]],
  'C-C': [['endpointId', R], ['client_orderid', R], ['email', R]],
  'C-D': [['login', R], ['client_orderid', R], ['orderid', R], ['amount', P], ['currency', P]],
  'C-E': [['login', R], ['client_orderid', R], ['cardrefid', R], ['amount', P], ['currency', P]],
  'C-S': [['login', R], ['client_orderid', R], ['orderid', E]],
  'CARD-INFO': [['login', R], ['cardrefid', R]],
  'TRANSFER-BY-REF': [['login', R], ['client_orderid', R], ['source-card-ref-id', E], ['destination-card-ref-id', R], ['amount', R], ['currency', R]],
  CALLBACK: [['status', R], ['orderid', R], ['client_orderid', R]],
  REDIRECT: [['status', R], ['orderid', R], ['client_orderid', R]],
};

export const INT64_MAX = 9223372036854775807n;

/** A decimal amount string in minor units (exact, never through a float); refused when not exact. */
export function minorUnits(amount, exponent) {
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(amount);
  if (!m) throw new Refused('ERR_INVALID_AMOUNT');
  const frac = m[2] ?? '';
  if (frac.length > exponent && /[^0]/.test(frac.slice(exponent))) throw new Refused('ERR_INVALID_AMOUNT');
  const n = BigInt(m[1] + frac.slice(0, exponent).padEnd(exponent, '0'));
  if (n > INT64_MAX) throw new Refused('ERR_INVALID_AMOUNT');
  return n.toString();
}

/** An endpoint or endpoint group id: a canonical decimal int64. */
export function endpointTerm(v) {
  if (typeof v !== 'string' || !/^(0|[1-9][0-9]*)$/.test(v) || BigInt(v) > INT64_MAX)
    throw new Refused('ERR_INVALID_INPUT');
  return v;
}

/** The string hashed (terms, then the control key) and its lowercase hex SHA-1. */
export function control({ formula, fields, controlKey, exponent = 2 }) {
  const terms = FORMULA_TERMS[formula];
  // an explicit "" is the same as absent: refused for a required term, an empty term otherwise
  const has = (n) => n in fields && fields[n] !== '';
  if (terms.some(([, p]) => p === P) && has('amount') !== has('currency')) throw new Refused('ERR_INVALID_INPUT');
  let concatenation = '';
  for (const [name, presence] of terms) {
    let v;
    if (name === 'endpointId') {
      if ('endpointId' in fields && 'endpointGroupId' in fields) throw new Refused('ERR_INVALID_INPUT');
      const raw = fields.endpointGroupId ?? fields.endpointId;
      v = raw === undefined ? undefined : endpointTerm(raw);
    } else if (name === 'amount') {
      v = has('amount') ? minorUnits(fields.amount, exponent) : undefined;
    } else {
      v = has(name) ? fields[name] : undefined;
    }
    if (v === undefined) {
      if (presence === R) throw new Refused('ERR_MISSING_FIELD');
      v = '';
    }
    checkWellFormed(v);
    concatenation += v;
  }
  checkWellFormed(controlKey);
  concatenation += controlKey;
  return { concatenation, control: sha1Hex(concatenation) };
}
