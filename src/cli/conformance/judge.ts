/**
 * Judges one answer: pass, or a failure with its severity, its field- or term-level
 * differences and likely causes. Conservative: `mismatch` is kept for a signature, digest or
 * request content the service would not accept; spelling and serialisation are `transport`;
 * refusals and acceptances are `refuses-valid` and `accepts-invalid`; a case tagged
 * `service-behaviour` is never scored worse than `service-behaviour`.
 *
 * @module
 */
import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { percentEncode, signatureBaseString } from '../../index.js';
import { compareOperations } from './compare-operations.js';
import { controlTerms, explainControl } from './control-terms.js';
import { explainOperation, pem, type ExplainContext, type Verdict } from './explain-operation.js';
import { explainBaseString, explainSignature, type Signer, signWith } from './signature-terms.js';
import { jsonEqual, type CaseSpec } from './topics.js';
import type { CaseOutcome } from './types.js';
import { authorizationOrderFree, authorizationParams, decodeForm, shown } from './wire.js';

/** What judging needs besides the case. */
export type JudgeContext = ExplainContext;

const ERROR_CODE = /^ERR_[A-Z0-9_]+$/;
const PASS: Verdict = {};

/** Where two strings first differ, as a line; undefined when they are not two different strings. */
export function firstDifference(expected: unknown, actual: unknown): string | undefined {
  if (typeof expected !== 'string' || typeof actual !== 'string' || expected === actual) return undefined;
  let i = 0;
  while (i < expected.length && i < actual.length && expected[i] === actual[i]) i++;
  const at = (s: string): string => (i < s.length ? JSON.stringify(s.slice(i, i + 12)) : 'the end');
  return `first difference at character ${i}: expected ${at(expected)}, got ${at(actual)}`;
}

/** Sets the outcome of a case from its answer. */
export async function judge(
  o: CaseOutcome,
  spec: CaseSpec,
  answer: Record<string, unknown>,
  ctx: JudgeContext,
): Promise<void> {
  for (const k of ['reason', 'details', 'hints', 'severity'] as const) delete o[k];
  if (typeof answer['skip'] === 'string') {
    o.status = 'skip';
    o.reason = answer['skip'].slice(0, 200);
    return;
  }
  let v: Verdict;
  if (typeof answer['error'] === 'string') {
    const error = answer['error'].slice(0, 500);
    o.actual = { error };
    if (!spec.negative) v = { severity: 'refuses-valid', reason: `refused a valid case: ${shown(error)}` };
    else if (ERROR_CODE.test(error) && error !== spec.expected)
      v = { severity: 'transport', reason: `refused with ${error}, expected ${String(spec.expected)}` };
    else v = PASS;
  } else {
    o.actual = answer['output'];
    if (spec.negative) v = { severity: 'accepts-invalid', reason: 'accepted a case that must be refused' };
    else v = await compare(o.topic, spec, answer, ctx);
  }
  if (v.severity === undefined) {
    o.status = 'pass';
    return;
  }
  o.status = 'fail';
  o.severity = o.tags.includes('service-behaviour') ? 'service-behaviour' : v.severity;
  o.reason = v.reason ?? 'output differs';
  if (v.details !== undefined && v.details.length > 0) o.details = v.details;
  if (v.hints !== undefined && v.hints.length > 0) o.hints = v.hints;
}

function signerOf(c: Readonly<Record<string, unknown>>, ctx: JudgeContext): Signer | undefined {
  if (typeof c['privateKeyFile'] === 'string') {
    const text = pem(ctx, c['privateKeyFile']);
    return text === undefined ? undefined : { rsaPem: text };
  }
  if (typeof c['key'] === 'string') return { hmacKey: c['key'] };
  if (typeof c['consumerSecret'] === 'string')
    return {
      hmacKey: `${percentEncode(c['consumerSecret'])}&${percentEncode(String(c['tokenSecret'] ?? ''))}`,
    };
  return undefined;
}

async function compare(
  topic: string,
  spec: CaseSpec,
  answer: Record<string, unknown>,
  ctx: JudgeContext,
): Promise<Verdict> {
  const actual = answer['output'];
  const expected = spec.expected;
  const c = spec.raw;
  if (topic === 'operations') return explainOperation(compareOperations(actual, expected as never), c, actual, ctx);
  if (jsonEqual(actual, expected)) return PASS;
  const plain = [`expected: ${shown(expected)}`, `actual:   ${shown(actual)}`];
  const diff = firstDifference(expected, actual);
  if (diff !== undefined) plain.push(diff);
  switch (topic) {
    case 'form':
      if (
        typeof actual === 'string' &&
        typeof expected === 'string' &&
        jsonEqual(decodeForm(actual), decodeForm(expected))
      )
        return { severity: 'transport', reason: 'the same pairs, spelled differently', details: plain };
      break;
    case 'control': {
      if (typeof actual === 'string' && actual.toLowerCase() === expected)
        return { severity: 'transport', reason: 'the digest in upper-case hex (the service accepts either case)' };
      const key = String(c['controlKey'] ?? '');
      const fields = (c['fields'] ?? {}) as Record<string, unknown>;
      const terms = controlTerms(String(c['formula']), fields, c['exponent'], c['concatenation'], key);
      const exponent = typeof c['exponent'] === 'number' ? c['exponent'] : 2;
      const r = explainControl(terms, c['concatenation'] as string, key, actual, answer['concatenation'], exponent);
      return {
        severity: 'mismatch',
        reason: 'control digest differs',
        details: [...plain, ...r.details],
        hints: r.hints,
      };
    }
    case 'base-string':
      if (typeof actual === 'string') {
        const r = explainBaseString(String(expected), actual);
        return {
          severity: 'mismatch',
          reason: 'base string differs',
          details: [...plain, ...r.details],
          hints: r.hints,
        };
      }
      break;
    case 'hmac-sha1':
    case 'rsa-sha256': {
      const secrets =
        topic === 'hmac-sha1'
          ? { consumerSecret: String(c['consumerSecret'] ?? ''), tokenSecret: String(c['tokenSecret'] ?? '') }
          : undefined;
      const signer = signerOf(c, ctx);
      const base = String(c['baseString']);
      const noVersion = base.replace(/%26oauth_version%3D1\.0(?=%26|$)|oauth_version%3D1\.0%26/, '');
      if (signer !== undefined && noVersion !== base && signWithSafe(signer, noVersion) === actual)
        return {
          severity: 'transport',
          reason:
            'signed without oauth_version (optional): right when the header leaves it out too, as oauth-sign checks',
          details: plain,
        };
      const r = explainSignature(base, signer, actual, answer['baseString'], secrets);
      return { severity: 'mismatch', reason: 'signature differs', details: [...plain, ...r.details], hints: r.hints };
    }
    case 'oauth-sign':
      return oauthSign(c, actual, answer, ctx);
  }
  if (looseEqual(actual, expected))
    return {
      severity: 'transport',
      reason: 'the same values in another JSON shape (numbers as strings, or extra object keys)',
      details: plain,
    };
  return { severity: 'mismatch', reason: 'output differs', details: plain };
}

/** signWith, undefined when the key cannot sign. */
function signWithSafe(signer: Signer, base: string): string | undefined {
  try {
    return signWith(signer, base);
  } catch {
    return undefined;
  }
}

/** True when the header's signature is right for the request with the header's own oauth_* parameters. */
function signedAsSent(c: Readonly<Record<string, unknown>>, a: Map<string, string>, signer: Signer): boolean {
  try {
    const params = [
      ...((c['params'] ?? []) as [string, string][]),
      ...[...a].filter(([n]) => n.startsWith('oauth_') && n !== 'oauth_signature'),
    ];
    const base = signatureBaseString({ method: String(c['method']), url: String(c['url']), params });
    const sig = a.get('oauth_signature') ?? '';
    if ('hmacKey' in signer) return signWith(signer, base) === sig;
    return cryptoVerify(
      'sha256',
      Buffer.from(base, 'utf8'),
      createPublicKey(signer.rsaPem),
      Buffer.from(sig, 'base64'),
    );
  } catch {
    return false;
  }
}

/** Equal when scalars are compared as strings and the actual objects may have keys the expected lack. */
function looseEqual(actual: unknown, expected: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof expected !== 'object' || expected === null)
    return (typeof actual !== 'object' || actual === null) && String(actual) === String(expected);
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual) !== Array.isArray(expected)) return false;
  if (Array.isArray(expected))
    return (
      expected.length === (actual as unknown[]).length &&
      expected.every((x, i) => looseEqual((actual as unknown[])[i], x, depth + 1))
    );
  const a = actual as Record<string, unknown>;
  return Object.entries(expected).every(([k, v]) => Object.hasOwn(a, k) && looseEqual(a[k], v, depth + 1));
}

function oauthSign(
  c: Readonly<Record<string, unknown>>,
  actual: unknown,
  answer: Record<string, unknown>,
  ctx: JudgeContext,
): Verdict {
  if (authorizationOrderFree(actual) === authorizationOrderFree(c['authorization'])) return PASS;
  const e = authorizationParams(c['authorization'])!;
  const a = authorizationParams(actual);
  if (a === undefined)
    return { severity: 'mismatch', reason: 'not an OAuth Authorization header', details: [`actual: ${shown(actual)}`] };
  const details: string[] = [];
  let content = false;
  for (const name of new Set([...e.keys(), ...a.keys()])) {
    if (e.get(name) === a.get(name)) continue;
    details.push(`${name}: expected ${shown(e.get(name) ?? 'none')}, got ${shown(a.get(name) ?? 'none')}`);
    if (name !== 'realm') content = true;
  }
  if (!content)
    return { severity: 'transport', reason: 'the same parameters, spelled or ordered differently', details };
  const signer = signerOf(c, ctx);
  const given = ['oauth_consumer_key', 'oauth_nonce', 'oauth_timestamp', 'oauth_signature_method', 'oauth_token'];
  if (signer !== undefined && given.every((n) => e.get(n) === a.get(n)) && signedAsSent(c, a, signer))
    return {
      severity: 'transport',
      reason: 'other optional oauth_* parameters, but signed consistently over what is sent (the service accepts it)',
      details,
    };
  const secrets =
    typeof c['consumerSecret'] === 'string'
      ? { consumerSecret: c['consumerSecret'], tokenSecret: String(c['tokenSecret'] ?? '') }
      : undefined;
  const r = explainSignature(String(c['baseString']), signer, a.get('oauth_signature'), answer['baseString'], secrets);
  return {
    severity: 'mismatch',
    reason: 'Authorization header differs',
    details: [...details, ...r.details],
    hints: r.hints,
  };
}
