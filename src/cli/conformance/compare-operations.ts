/**
 * The semantic comparison of an `operations` answer with its vector, field by field. What the
 * service reads (method, resource, decoded field values, decoded `Authorization` parameters) is
 * content; how it was spelled (field order, `+` or `%20`, header names' case, the header's
 * parameter order, `Accept`, extra headers, the body repeat of `oauth_*`) is transport. Each
 * difference is one line; nothing is cut into a dump.
 *
 * @module
 */
import {
  authorizationOrderFree,
  authorizationParams,
  byName,
  decodeForm,
  headerMap,
  shown,
  splitUrl,
  type WirePair,
} from './wire.js';

/** The differences found, by kind. */
export interface OperationsDiff {
  /** Content differences: the service would act on another request. */
  readonly content: string[];
  /** Serialisation differences only. */
  readonly transport: string[];
  /** Content differences that only concern the signature or digest (`oauth_signature`, `control`). */
  readonly signature: string[];
}

interface Expected {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const SIGNATURE_FIELDS = new Set(['control', 'oauth_signature']);

/** Compares an answer with the vector's request. */
export function compareOperations(actualValue: unknown, expected: Expected): OperationsDiff {
  const d: OperationsDiff = { content: [], transport: [], signature: [] };
  if (typeof actualValue !== 'object' || actualValue === null || Array.isArray(actualValue)) {
    d.content.push(`the output is ${shown(actualValue)}, not an object {method, url, headers, body}`);
    return d;
  }
  const actual = actualValue as Record<string, unknown>;
  // method
  if (actual['method'] !== expected.method) {
    if (typeof actual['method'] === 'string' && actual['method'].toUpperCase() === expected.method)
      d.transport.push(`method: ${shown(actual['method'])} in another case than ${shown(expected.method)}`);
    else d.content.push(`method: expected ${shown(expected.method)}, got ${shown(actual['method'])}`);
  }
  // url
  const eu = splitUrl(expected.url)!;
  const au = splitUrl(actual['url']);
  if (au === undefined) {
    d.content.push(`url: expected ${shown(expected.url)}, got ${shown(actual['url'])} (not an absolute URL)`);
    return d;
  }
  if (au.resource !== eu.resource) d.content.push(`url: expected ${shown(eu.resource)}, got ${shown(au.resource)}`);
  else if (actual['url'] !== expected.url && au.query.length === 0 && eu.query.length === 0)
    d.transport.push(`url spelled ${shown(actual['url'])}, expected ${shown(expected.url)}`);
  // headers
  const eh = headerMap(expected.headers)!;
  const ah = headerMap(actual['headers']);
  if (ah === undefined) {
    d.content.push(`headers: ${shown(actual['headers'])} is not an object of strings`);
    return d;
  }
  compareHeaders(eh, ah, d);
  // body and query
  if (typeof actual['body'] !== 'string') {
    d.content.push(`body: expected a string, got ${shown(actual['body'])}`);
    return d;
  }
  const headerOAuth = authorizationParams(ah.get('authorization'));
  comparePairs(
    [...eu.query, ...decodeForm(expected.body)],
    [...au.query, ...decodeForm(actual['body'])],
    headerOAuth !== undefined,
    d,
  );
  if (d.content.length === 0 && d.signature.length === 0 && actual['body'] !== expected.body)
    d.transport.push('body: the same fields, spelled differently (order, `+` or `%20`, percent-encoding case)');
  return d;
}

function compareHeaders(eh: Map<string, string>, ah: Map<string, string>, d: OperationsDiff): void {
  for (const [name, value] of eh) {
    const got = ah.get(name);
    if (name === 'authorization') {
      compareAuthorization(value, got, d);
      continue;
    }
    if (got === value) continue;
    const label = name === 'content-type' ? 'Content-Type' : name === 'accept' ? 'Accept' : name;
    d.transport.push(`header ${label}: expected ${shown(value)}, got ${shown(got)}`);
  }
  for (const name of ah.keys())
    if (!eh.has(name)) d.transport.push(`header ${name}: sent, the vector has none (${shown(ah.get(name))})`);
}

function compareAuthorization(expected: string, got: string | undefined, d: OperationsDiff): void {
  if (got === undefined) {
    d.content.push('header Authorization: not sent (the request is not signed)');
    return;
  }
  const e = authorizationParams(expected)!;
  const a = authorizationParams(got);
  if (a === undefined) {
    d.content.push(`header Authorization: ${shown(got)} is not an OAuth header`);
    return;
  }
  for (const [name, value] of e) {
    const av = a.get(name);
    if (av === value) continue;
    const line = `Authorization ${name}: expected ${shown(value)}, got ${av === undefined ? 'none' : shown(av)}`;
    (SIGNATURE_FIELDS.has(name) ? d.signature : name === 'realm' ? d.transport : d.content).push(line);
  }
  for (const [name, value] of a)
    if (!e.has(name))
      (name === 'realm' ? d.transport : d.content).push(
        `Authorization ${name}: sent (${shown(value)}), the vector has none`,
      );
  if (
    authorizationOrderFree(got) !== authorizationOrderFree(expected) &&
    d.content.length === 0 &&
    d.signature.length === 0
  )
    d.transport.push('header Authorization: the same parameters, spelled differently (order, spaces, encoding)');
}

/** Compares the request's fields (query and body), `oauth_*` repeats apart. */
function comparePairs(expected: WirePair[], actual: WirePair[], oauth: boolean, d: OperationsDiff): void {
  const isRepeat = (n: string) => oauth && n.startsWith('oauth_');
  const e = byName(expected.filter(([n]) => !isRepeat(n)));
  const a = byName(actual.filter(([n]) => !isRepeat(n)));
  const eRepeat = expected.some(([n]) => isRepeat(n));
  const aRepeat = actual.some(([n]) => isRepeat(n));
  if (eRepeat !== aRepeat)
    d.transport.push(
      aRepeat
        ? 'body: repeats the oauth_* parameters of the Authorization header (the vector does not)'
        : 'body: does not repeat the oauth_* parameters of the Authorization header (the vector does)',
    );
  for (const [name, values] of e) {
    const got = a.get(name);
    const target = SIGNATURE_FIELDS.has(name) ? d.signature : d.content;
    if (got === undefined) {
      if (values.every((v) => v === '')) d.transport.push(`field ${name}: empty in the vector, not sent`);
      else target.push(`field ${name}: expected ${shown(values.join(', '))}, not sent`);
      continue;
    }
    if (got.join('\u0000') === values.join('\u0000')) continue;
    const trimmed = (l: string[]) => l.map((v) => v.trim()).join('\u0000');
    if (trimmed(got) === trimmed(values) || [...got].sort().join('\u0000') === [...values].sort().join('\u0000'))
      d.transport.push(`field ${name}: ${shown(got.join(', '))} for ${shown(values.join(', '))} (spaces or order)`);
    else target.push(`field ${name}: expected ${shown(values.join(', '))}, got ${shown(got.join(', '))}`);
  }
  for (const [name, values] of a)
    if (!e.has(name)) {
      if (values.every((v) => v === '')) d.transport.push(`field ${name}: sent empty, the vector has none`);
      else d.content.push(`field ${name}: sent (${shown(values.join(', '))}), the vector has none`);
    }
}
