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
  /** The whole case as in the vector file (expected values included, for explanations). */
  readonly raw: VectorCase;
}

interface TopicSpec {
  /** The case fields that are expected values, never sent (besides id, description, source, error). */
  outputs(c: VectorCase): readonly string[];
  /** The expected `output` of a positive case. */
  expected(c: VectorCase): unknown;
}

const NOT_INPUT = ['id', 'description', 'source', 'error', 'tags'];

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

/**
 * The topics the protocol defines: the vector engine's list (vectors/engine/index.mjs, not
 * published, so not imported here), same names in the same order, as test/vector-topics.test.ts checks.
 */
export const KNOWN_TOPICS: readonly string[] = Object.keys(TOPICS);

/** The input and expected value of a case of `topic`; undefined for a topic the protocol does not define. */
export function caseSpec(topic: string, c: VectorCase): CaseSpec | undefined {
  const spec = Object.hasOwn(TOPICS, topic) ? TOPICS[topic] : undefined;
  if (spec === undefined) return undefined;
  const skip = new Set([...NOT_INPUT, ...spec.outputs(c)]);
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (!skip.has(k)) input[k] = v;
  const negative = typeof c['error'] === 'string';
  return { input, negative, expected: negative ? c['error'] : spec.expected(c), raw: c };
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
