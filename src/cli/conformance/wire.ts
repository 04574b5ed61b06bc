/**
 * Reading what an adapter answered for an `operations` case the way the service reads it:
 * form bodies and query strings as decoded pairs (`+` and `%20` both a space), the
 * `Authorization` header as decoded parameters in any order, header names in any case. Lenient
 * on purpose: a spelling the service would also accept must not look like a different request.
 *
 * @module
 */

/** One decoded name/value pair. */
export type WirePair = readonly [string, string];

/** Decodes `application/x-www-form-urlencoded` text (also a query string) leniently. */
export function decodeForm(text: string): WirePair[] {
  if (text === '') return [];
  const out: WirePair[] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    out.push([decodeText(name), decodeText(value)]);
  }
  return out;
}

/** Percent-decodes with `+` as a space; malformed escapes are kept as written. */
export function decodeText(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%[0-9A-Fa-f]{2}/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  }
}

/** The `Authorization: OAuth ...` parameters, decoded, by name; undefined when not an OAuth header. */
export function authorizationParams(header: unknown): Map<string, string> | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^\s*OAuth\s+(.*)$/is.exec(header);
  if (m === null) return undefined;
  const params = new Map<string, string>();
  for (const raw of m[1]!.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    params.set(name, decodeText(value.replace(/\+/g, '%2B')));
  }
  return params;
}

/** The `Authorization` header's parameters as written, sorted: equal lists differ in order or spacing only. */
export function authorizationOrderFree(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^\s*OAuth\s+(.*)$/is.exec(header);
  if (m === null) return undefined;
  return m[1]!
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .sort()
    .join(',');
}

/** Headers by lowercase name (the last of repeated names wins); undefined when not an object of strings. */
export function headerMap(headers: unknown): Map<string, string> | undefined {
  if (headers === undefined || headers === null) return new Map();
  if (typeof headers !== 'object' || Array.isArray(headers)) return undefined;
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(headers)) {
    if (typeof v !== 'string') return undefined;
    out.set(k.toLowerCase(), v);
  }
  return out;
}

/** Splits a URL into what names the resource (origin and path) and its query pairs; undefined when unparsable. */
export function splitUrl(url: unknown): { readonly resource: string; readonly query: WirePair[] } | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const u = new URL(url);
    return { resource: `${u.origin}${u.pathname}`, query: decodeForm(u.search.replace(/^\?/, '')) };
  } catch {
    return undefined;
  }
}

/** Values by name, in the order sent. */
export function byName(pairs: readonly WirePair[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const [n, v] of pairs) {
    const list = m.get(n);
    if (list === undefined) m.set(n, [v]);
    else list.push(v);
  }
  return m;
}

/** A value for a report line: JSON, cut at 120 characters with the length said. */
export function shown(v: unknown): string {
  const s = v === undefined ? '(nothing)' : JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 120)}… (${s.length} characters)` : s;
}
