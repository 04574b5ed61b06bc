/**
 * What the conformance protocol sends and expects for each vector topic: the case's input (the
 * case without its id, description, source, error and expected values, exactly as in the vector
 * file) and the one expected value an adapter's `output` is compared with. vectors/PROTOCOL.md
 * documents the same table for adapter authors.
 *
 * @module
 */

/** One case of a vector file, as parsed. */
export type VectorCase = Readonly<Record<string, unknown>> & { readonly id: string };

/** What the kit sends for a case and what it expects back. */
export interface CaseSpec {
  /** The `input` object sent to the adapter. */
  readonly input: Record<string, unknown>;
  /** The expected `output` (positive case) or the expected error code (negative case). */
  readonly expected: unknown;
  /** True when the case must be refused. */
  readonly negative: boolean;
}

interface TopicSpec {
  /** The case fields that are expected values, never sent (besides id, description, source, error). */
  outputs(c: VectorCase): readonly string[];
  /** The expected `output` of a positive case. */
  expected(c: VectorCase): unknown;
  /** Compares an adapter's output with the expected one; deep JSON equality when absent. */
  compare?(actual: unknown, expected: unknown): boolean;
}

const NOT_INPUT = ['id', 'description', 'source', 'error'];

const OPERATION_OUTPUTS = [
  'method',
  'url',
  'headers',
  'body',
  'concatenation',
  'control',
  'baseString',
  'signature',
  'signedWith',
];

/** Authorization header parameters as written (name="value", values still encoded), sorted; undefined when not `OAuth ...`. */
function headerParams(header: unknown): string[] | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^OAuth +(.*)$/s.exec(header);
  if (m === null) return undefined;
  const parts = m[1]!.split(/ *, */);
  if (!parts.every((p) => /^[A-Za-z0-9_]+="[^"]*"$/.test(p))) return undefined;
  return parts.sort();
}

/** The protocol's table: one entry per vector topic. */
export const TOPICS: Readonly<Record<string, TopicSpec>> = {
  'percent-encoding': { outputs: () => ['output'], expected: (c) => c['output'] },
  form: {
    outputs: (c) => (c['operation'] === 'parse' ? ['pairs'] : ['body']),
    expected: (c) => (c['operation'] === 'parse' ? c['pairs'] : c['body']),
  },
  control: { outputs: () => ['concatenation', 'control'], expected: (c) => c['control'] },
  'base-string': { outputs: () => ['normalizedParameters', 'baseString'], expected: (c) => c['baseString'] },
  'hmac-sha1': { outputs: () => ['key', 'signature'], expected: (c) => c['signature'] },
  'rsa-sha256': { outputs: () => ['baseString', 'signature'], expected: (c) => c['signature'] },
  'oauth-sign': {
    outputs: () => ['baseString', 'signature', 'authorization', 'authorizationParams', 'oauthParams'],
    expected: (c) => c['authorization'],
    // RFC 5849 leaves the order of the header's parameters free; names, values and their encoding must match.
    compare: (actual, expected) => {
      if (actual === expected) return true;
      const a = headerParams(actual);
      const e = headerParams(expected);
      return a !== undefined && e !== undefined && a.join(',') === e.join(',');
    },
  },
  'oauth-verify-negative': { outputs: () => ['result'], expected: (c) => c['result'] },
  operations: {
    outputs: () => OPERATION_OUTPUTS,
    expected: (c) => ({ method: c['method'], url: c['url'], headers: c['headers'], body: c['body'] }),
  },
  callbacks: { outputs: () => ['concatenation', 'control', 'result'], expected: (c) => c['result'] },
  'keys-negative': {
    outputs: () => ['modulusBits', 'publicExponent'],
    expected: (c) => ({ modulusBits: c['modulusBits'], publicExponent: c['publicExponent'] }),
  },
};

/** The topics the protocol defines. */
export const KNOWN_TOPICS: readonly string[] = Object.keys(TOPICS);

/** The input and expected value of a case of `topic`; undefined for a topic the protocol does not define. */
export function caseSpec(topic: string, c: VectorCase): CaseSpec | undefined {
  const spec = Object.hasOwn(TOPICS, topic) ? TOPICS[topic] : undefined;
  if (spec === undefined) return undefined;
  const skip = new Set([...NOT_INPUT, ...spec.outputs(c)]);
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (!skip.has(k)) input[k] = v;
  const negative = typeof c['error'] === 'string';
  return { input, negative, expected: negative ? c['error'] : spec.expected(c) };
}

/** Deep equality of JSON values (object key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => jsonEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return jsonEqual(ka, kb) && ka.every((k) => jsonEqual(ra[k], rb[k]));
}

/** Whether an adapter's output matches the expected output of a positive case of `topic`. */
export function outputMatches(topic: string, actual: unknown, expected: unknown): boolean {
  const compare = TOPICS[topic]?.compare;
  return compare !== undefined ? compare(actual, expected) : jsonEqual(actual, expected);
}
