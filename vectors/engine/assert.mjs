// The engine's small assertion helpers. Web-platform JavaScript only (no Node APIs), like every
// file of the engine. A failed check throws CheckError; anything else thrown is reported as such.

/** Thrown by the helpers below. */
export class CheckError extends Error {}

export function fail(message) {
  throw new CheckError(message);
}

export function show(v) {
  if (typeof v === 'string') return JSON.stringify(v.length > 300 ? v.slice(0, 300) + '…' : v);
  if (typeof v === 'bigint') return `${v}n`;
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 300 ? s.slice(0, 300) + '…' : s;
  } catch {
    return String(v);
  }
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return deepEqual(ka, kb) && ka.every((k) => deepEqual(a[k], b[k]));
}

export function eq(actual, expected, what) {
  if (!deepEqual(actual, expected)) fail(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

export function ok(cond, what) {
  if (!cond) fail(what);
}

export function describeError(e) {
  if (e && typeof e === 'object' && 'code' in e) return `${e.name ?? 'Error'} ${e.code}: ${e.message}`;
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Runs `fn` (sync or async) and requires a PaysigError with `code`. */
export async function rejects(lib, code, fn, what) {
  let result;
  try {
    result = await fn();
  } catch (e) {
    if (!(e instanceof lib.PaysigError))
      fail(`${what}: expected PaysigError ${code}, got non-PaysigError ${describeError(e)}`);
    if (e.code !== code) fail(`${what}: expected ${code}, got ${describeError(e)}`);
    return e;
  }
  fail(`${what}: expected ${code}, but it succeeded with ${show(result)}`);
}

/** The library's export `name`; a missing export is a failure. */
export function need(lib, name) {
  const f = lib[name];
  if (f === undefined) fail(`the library does not export "${name}"`);
  return f;
}

/** Ordered pairs from `[name, value]` arrays or `{ name, value }` objects. */
export function pairs(list, what) {
  ok(Array.isArray(list), `${what} must be an array of pairs`);
  return list.map((p) => {
    if (Array.isArray(p)) return [p[0], p[1]];
    if (p && typeof p === 'object' && 'name' in p) return [p.name, p.value];
    return fail(`${what}: bad pair ${show(p)}`);
  });
}

/** The text of a key file of vectors/keys/ given to the engine. */
export function keyText(ctx, file, what) {
  const k = ctx.keys[file];
  if (k === undefined) fail(`${what}: key file ${show(file)} not given to the engine`);
  return k;
}

/** A new MemoryNonceStore of the library, or undefined (then the library's default store). */
export function freshStore(lib) {
  return typeof lib.MemoryNonceStore === 'function' ? new lib.MemoryNonceStore() : undefined;
}

/** Lowercase hex SHA-1 by the platform's WebCrypto (never the library): checks a vector's own digest. */
export async function platformSha1Hex(s) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(s)));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}
