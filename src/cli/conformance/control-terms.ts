/**
 * Term-level explanation of a `control` digest mismatch: the vector's terms and concatenation,
 * the first differing term when the adapter returned its own concatenation, and otherwise the
 * variants the kit recomputes to recognise a likely cause (an amount through floating point,
 * untrimmed values, a term left out, the group id missing, the key left out). Hint ids are those
 * of `diagnose()` where it has one (`amount-float`, `untrimmed-values`); the others are the kit's.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { FORMULAS, toMinorUnits, type Formula } from '../../index.js';
import { shown } from './wire.js';

/** One term: the field's name and the value concatenated. */
export interface Term {
  readonly name: string;
  readonly value: string;
  /** The value as given, before trimming and conversion (for the variants). */
  readonly raw?: string;
}

/** A likely cause. */
export interface Hint {
  readonly id: string;
  readonly message: string;
}

const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

/** The terms of a `control` topic case, or undefined when they do not rebuild its concatenation. */
export function controlTerms(
  formula: string,
  fields: Readonly<Record<string, unknown>>,
  exponent: unknown,
  concatenation: unknown,
  controlKey: string,
): Term[] | undefined {
  const row = Object.hasOwn(FORMULAS, formula) ? FORMULAS[formula as Formula] : undefined;
  if (row === undefined || typeof concatenation !== 'string') return undefined;
  const terms: Term[] = [];
  try {
    for (const t of row.terms) {
      const group = t.field === 'endpointId' && fields['endpointGroupId'] !== undefined;
      const name = group ? 'endpointGroupId' : t.field;
      const given = fields[name];
      const raw = given === undefined ? '' : String(given);
      let value = raw.trim();
      if (t.field === 'amount' && value !== '')
        value = String(toMinorUnits(value, typeof exponent === 'number' ? exponent : 2));
      terms.push({ name, value, raw });
    }
  } catch {
    return undefined;
  }
  return terms.map((t) => t.value).join('') + controlKey === concatenation ? terms : undefined;
}

/** The terms as one line: `name=value | ... | <control key>`. */
export function termsLine(terms: readonly Term[]): string {
  return [...terms.map((t) => `${t.name}=${JSON.stringify(t.value)}`), '<control key>'].join(' | ');
}

/** Which term holds character `index` of the concatenation. */
function termAt(terms: readonly Term[], index: number): string {
  let at = 0;
  for (const t of terms) {
    if (index < at + t.value.length || (t.value.length === 0 && index === at)) return t.name;
    at += t.value.length;
  }
  return 'the control key';
}

/** Explains a digest that differs from the vector's. */
export function explainControl(
  terms: readonly Term[] | undefined,
  concatenation: string | undefined,
  controlKey: string,
  actualDigest: unknown,
  adapterConcatenation: unknown,
  exponent = 2,
): { details: string[]; hints: Hint[] } {
  const details: string[] = [];
  const hints: Hint[] = [];
  if (terms !== undefined) details.push(`vector terms: ${termsLine(terms)}`);
  if (concatenation !== undefined)
    details.push(`vector concatenation: ${shown(concatenation.replace(controlKey, '<control key>'))}`);
  if (typeof adapterConcatenation === 'string' && concatenation !== undefined) {
    details.push(`adapter concatenation: ${shown(adapterConcatenation.replace(controlKey, '<control key>'))}`);
    let i = 0;
    while (i < concatenation.length && concatenation[i] === adapterConcatenation[i]) i++;
    if (i < concatenation.length || i < adapterConcatenation.length) {
      const name = terms !== undefined ? termAt(terms, i) : `character ${i}`;
      details.push(
        `first differing term: ${name} (at character ${i}: expected ${shown(concatenation.slice(i, i + 16))}, got ${shown(adapterConcatenation.slice(i, i + 16))})`,
      );
    }
  }
  if (terms === undefined || typeof actualDigest !== 'string') return { details, hints };
  const got = actualDigest.toLowerCase();
  const digestOf = (values: string[], key = controlKey) => sha1(values.join('') + key);
  const values = terms.map((t) => t.value);
  const variants: [string, string, () => string][] = [];
  const amount = terms.findIndex((t) => t.name === 'amount');
  const rawAmount = amount >= 0 ? (terms[amount]!.raw ?? '').trim() : '';
  if (rawAmount !== '') {
    const f = Number(rawAmount) * 10 ** exponent;
    const whole = (x: number) => (Number.isFinite(x) ? BigInt(Math.trunc(x)).toString() : 'NaN');
    for (const v of new Set([whole(Math.floor(f)), whole(Math.round(f)), rawAmount, String(f)]))
      variants.push([
        'amount-float',
        `the digest matches with the amount term ${JSON.stringify(v)} instead of ${JSON.stringify(terms[amount]!.value)}: the amount went through floating point or was not converted to minor units; convert the decimal string exactly`,
        () => digestOf(values.map((x, i) => (i === amount ? v : x))),
      ]);
  }
  variants.push([
    'untrimmed-values',
    'the digest matches the values before trimming: the service trims each value first',
    () => digestOf(terms.map((t) => (t.name === 'amount' ? t.value : (t.raw ?? t.value)))),
  ]);
  terms.forEach((t, i) => {
    variants.push([
      t.name === 'endpointGroupId' ? 'missing-group-id' : 'missing-term',
      `the ${t.name} term was left out of the concatenation`,
      () => digestOf(values.filter((_, j) => j !== i)),
    ]);
  });
  variants.push(['missing-control-key', 'the control key was left out', () => digestOf(values, '')]);
  const right = digestOf(values);
  if (got === right) {
    details.push('the digest is right for the vector: the request differs in the fields above');
    return { details, hints };
  }
  for (const [id, message, digest] of variants) {
    const d = digest();
    if (d === got && d !== right) {
      hints.push({ id, message });
      break;
    }
  }
  return { details, hints };
}
