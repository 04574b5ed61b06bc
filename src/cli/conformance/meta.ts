/**
 * What the kit knows about a case besides its input: the fact ids it cites and their kinds (the
 * id prefixes of vectors/SOURCES.md), and its tags: `service-behaviour` (from the vector file:
 * what the service does, not scored as the SDK's failure), `lone-surrogate` (found by the kit: a
 * string of the input holds a lone UTF-16 surrogate, which some languages cannot hold), and
 * `generated` (drawn for this run).
 *
 * @module
 */

/** The kinds of vectors/SOURCES.md, by fact id prefix. */
export const SOURCE_KINDS: Readonly<Record<string, string>> = {
  'S-': 'spec',
  'D-': 'public-docs',
  'K-': 'client-code',
  'R-': 'standard',
  'P-': 'paysig',
};

/** The fact ids a case cites (`source`, separated by `;`) and their kinds, in order, without repeats. */
export function sourcesOf(source: unknown): { facts: string[]; sources: string[] } {
  const facts =
    typeof source === 'string'
      ? source
          .split(';')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : [];
  const sources: string[] = [];
  for (const f of facts) {
    const kind = SOURCE_KINDS[f.slice(0, 2)] ?? 'unknown';
    if (!sources.includes(kind)) sources.push(kind);
  }
  return { facts, sources };
}

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (s: string): boolean => !LONE.test(s);

/** True when a string of `v` (at any depth, keys included) holds a lone surrogate. */
export function hasLoneSurrogate(v: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof v === 'string') return !wellFormed(v);
  if (Array.isArray(v)) return v.some((x) => hasLoneSurrogate(x, depth + 1));
  if (typeof v === 'object' && v !== null)
    return Object.entries(v).some(([k, x]) => !wellFormed(k) || hasLoneSurrogate(x, depth + 1));
  return false;
}

/** The tags of a case: the vector's own (`tags`), then `lone-surrogate` when the input needs it. */
export function tagsOf(c: Readonly<Record<string, unknown>>, input: unknown): string[] {
  const tags = Array.isArray(c['tags']) ? c['tags'].filter((t): t is string => typeof t === 'string') : [];
  if (hasLoneSurrogate(input) && !tags.includes('lone-surrogate')) tags.push('lone-surrogate');
  return tags;
}
