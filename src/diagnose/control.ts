/**
 * The `control` half of {@link diagnose}: the formula's terms as the verifier computes them, the
 * expected digest, and a bounded set of variants (amount through a float, untrimmed values) whose
 * digest is compared with the one received. Internal.
 *
 * @module
 */
import { exponentOf, minorUnitsString } from '../schemes/control/amount.js';
import { controlTerms } from '../schemes/control/digest.js';
import { FORMULAS, type Formula } from '../schemes/control/formulas.js';
import type { ControlAuth } from '../schemes/control/request.js';
import { sha1Hex } from '#crypto';
import type { Operation } from '../catalog/index.js';
import { firstDifference } from './text.js';
import type { ControlDiagnosis, DiagnosisDifference, DiagnosisHint, DiagnosisTerm } from './diagnosis.js';
import { controlFieldsOf, formulaHasLogin, termFieldName } from '../schemes/control/terms.js';
import { eachKey, withKey } from './keys.js';
import type { SchemeDiagnoser } from './scheme.js';

/** The placeholder shown instead of the merchant control key. */
export const KEY_PLACEHOLDER = '<control key>';

/** What the control diagnosis reads. */
export interface ControlContext {
  readonly op: Operation;
  readonly formula: Formula;
  /** Body pairs as sent (decoded, not trimmed). */
  readonly raw: ReadonlyArray<readonly [string, string]>;
  /** The same pairs trimmed as the service trims them. */
  readonly trimmed: ReadonlyArray<readonly [string, string]>;
  readonly endpoint: { readonly endpointId?: string; readonly endpointGroupId?: string };
  /** Minor-unit digits of the request's currency. */
  readonly exponent: number;
  readonly controlKey: string | undefined;
}

/** The control diagnosis with its hints and first difference. */
export interface ControlResult {
  readonly control: ControlDiagnosis;
  readonly hints: DiagnosisHint[];
  readonly difference?: DiagnosisDifference;
}

/** First value of each name; an empty value counts as absent (as the verifier reads fields). */
function valuesOf(pairs: ReadonlyArray<readonly [string, string]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of pairs) if (!out.has(k) && v !== '') out.set(k, v);
  return out;
}

function minor(amount: string, exponent: number): string | undefined {
  try {
    return minorUnitsString(amount, exponent);
  } catch {
    // Not a decimal amount: it has no minor units.
  }
  return undefined;
}

/**
 * The formula's terms over `values`, read as the digest reads them (`controlTerms`) but leniently:
 * an absent term is empty, and `amountTerm` maps the amount as sent to its term.
 */
function termsOf(ctx: ControlContext, values: Map<string, string>, amountTerm: (a: string) => string): DiagnosisTerm[] {
  const fields = controlFieldsOf(ctx.op, ctx.formula, values, values.get('login'), ctx.endpoint);
  return controlTerms(ctx.formula, fields, {}, { amountTerm, lenient: true }).map((t) => ({
    name: t.field === 'client_orderid' ? termFieldName(ctx.op, t.field) : t.field,
    value: t.value,
  }));
}

const joined = (terms: readonly DiagnosisTerm[]): string => terms.map((t) => t.value).join('');

interface Variant {
  readonly id: DiagnosisHint['id'];
  readonly terms: DiagnosisTerm[];
  readonly message: string;
}

function amountVariants(ctx: ControlContext, values: Map<string, string>): Variant[] {
  const amount = values.get('amount');
  if (amount === undefined || !FORMULAS[ctx.formula].terms.some((t) => t.field === 'amount')) return [];
  const right = minor(amount, ctx.exponent);
  if (right === undefined) return [];
  const scaled = Number(amount) * 10 ** ctx.exponent;
  const n = BigInt(right);
  const candidates: Array<[string, string]> = [
    [
      String(Math.trunc(scaled)),
      `the amount multiplied in floating point and truncated (${amount} -> ${Math.trunc(scaled)})`,
    ],
    [String(scaled), `the amount multiplied in floating point (${amount} -> ${String(scaled)})`],
    [amount, 'the decimal amount, not converted to minor units'],
    [String(n - 1n), 'one minor unit less'],
    [String(n + 1n), 'one minor unit more'],
  ];
  const seen = new Set<string>([right]);
  const out: Variant[] = [];
  for (const [term, how] of candidates) {
    if (seen.has(term) || term.startsWith('-')) continue;
    seen.add(term);
    out.push({
      id: 'amount-float',
      terms: termsOf(ctx, values, () => term),
      message: `the digest matches with the amount term "${term}" instead of "${right}": ${how}. Convert the decimal string to minor units exactly (toMinorUnits), never through a float`,
    });
  }
  return out;
}

function trimVariants(ctx: ControlContext, rightInput: string): Variant[] {
  const out: Variant[] = [];
  const asSent = termsOf(ctx, valuesOf(ctx.raw), (a) => minor(a, ctx.exponent) ?? a);
  if (joined(asSent) !== rightInput) {
    out.push({
      id: 'untrimmed-values',
      terms: asSent,
      message:
        'the digest matches over the values as sent, before trimming: the service trims leading and trailing whitespace of every field, so sign the trimmed values',
    });
  }
  const jsTrimmed = ctx.raw.map(([k, v]): [string, string] => [k, v.trim()]);
  const js = termsOf(ctx, valuesOf(jsTrimmed), (a) => minor(a, ctx.exponent) ?? a);
  if (joined(js) !== rightInput) {
    out.push({
      id: 'untrimmed-values',
      terms: js,
      message:
        "the digest matches after a trim that also removes Unicode spaces (such as U+00A0): the service trims only characters up to U+0020, as Java's String.trim does",
    });
  }
  return out;
}

/** Diagnoses a `control` request. */
export async function diagnoseControl(ctx: ControlContext): Promise<ControlResult> {
  const values = valuesOf(ctx.trimmed);
  const terms = termsOf(ctx, values, (a) => minor(a, ctx.exponent) ?? a);
  const input = joined(terms);
  const received = values.get('control');
  const control: ControlDiagnosis = {
    formula: ctx.formula,
    terms: [...terms, { name: 'control key', value: KEY_PLACEHOLDER }],
    input: input + KEY_PLACEHOLDER,
    ...(received !== undefined ? { received } : {}),
  };
  const key = ctx.controlKey;
  if (key === undefined) return { control, hints: [] };
  const expected = await sha1Hex(input + key);
  const withExpected: ControlDiagnosis = { ...control, expected };
  const got = received?.toLowerCase().match(/^[0-9a-f]{40}$/)?.[0];
  if (got === undefined) return { control: withExpected, hints: [] };
  if (got === expected) return { control: withExpected, hints: [] };

  // At most 7 more digests, each over at most the body's size.
  for (const v of [...amountVariants(ctx, values), ...trimVariants(ctx, input)]) {
    const clientInput = joined(v.terms);
    if ((await sha1Hex(clientInput + key)) !== got) continue;
    const shown = clientInput + KEY_PLACEHOLDER;
    const difference = firstDifference('control input', control.input, shown);
    return {
      control: { ...withExpected, clientInput: shown },
      hints: [{ id: v.id, message: v.message }],
      ...(difference !== undefined ? { difference } : {}),
    };
  }
  const difference = firstDifference('control digest', expected, got);
  return { control: withExpected, hints: [], ...(difference !== undefined ? { difference } : {}) };
}

/** What `diagnose` tries on a `control` request, once per listed control key. */
export const controlDiagnoser: SchemeDiagnoser<ControlAuth> = {
  async diagnose({ formula }, input) {
    const { operation: op, endpoint, trimmed, lookup } = input;
    const first = (name: string) => trimmed.find(([k, v]) => k === name && v !== '')?.[1];
    const login = formulaHasLogin(formula) ? first('login') : undefined;
    const creds =
      login === undefined && formulaHasLogin(formula)
        ? undefined
        : await lookup({ operation: op, ...(login !== undefined ? { login } : {}), ...endpoint });
    let exponent: number;
    try {
      exponent = exponentOf(input.options.exponent, first('currency'));
    } catch {
      exponent = 2;
    }
    const { result: r, keys } = await eachKey(
      (index, note) =>
        diagnoseControl({
          op,
          formula,
          raw: input.raw,
          trimmed,
          endpoint,
          exponent,
          controlKey: withKey(creds, 'controlKey', index, note)?.controlKey,
        }),
      (r) => r.control.expected !== undefined && r.control.expected === r.control.received?.toLowerCase(),
    );
    const problem = withKey(creds, 'controlKey', 0, () => undefined)?.controlKey
      ? undefined
      : 'no control key for this merchant: the expected digest cannot be computed';
    return {
      control: r.control,
      hints: r.hints,
      ...(r.difference !== undefined ? { difference: r.difference } : {}),
      ...(problem !== undefined ? { problem } : {}),
      ...(keys !== undefined ? { keys } : {}),
    };
  },
};
