/**
 * Which requests the Node gates verify: every request target that any router could take for a
 * path under `{basePath}/api`, however it is spelled. The decision errs towards "under the API":
 * a request it takes in is verified strictly (and refused when it is not an operation's exact
 * path), so a spelling paysig did not foresee is refused, never passed on unverified.
 *
 * @module
 */
import { UnknownOperationError } from '../errors/index.js';

/** The scheme of an absolute-form target (`http:` of `http://host/path`). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** The authority after a scheme, as the URL parser reads it for `http`: any slashes, then the host. */
const AUTHORITY = /^[/\\]*[^/\\?#]*/;
/** The authority of a network-path reference (`//host/path`, also `///host/path`). */
const NETWORK = /^[/\\]{2,}[^/\\?#]*/;
/** A run of percent-escapes. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/** Decodes a run of escapes as UTF-8; bytes that are not valid UTF-8 are decoded one by one (as Latin-1). */
function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/**
 * `path` percent-decoded until nothing changes (`%2F`, `%70`, twice-encoded `%252F`), eight rounds
 * at most: {@link encodedTooDeep} tells a path that needs more.
 */
function percentDecoded(path: string): string {
  let p = path;
  for (let i = 0; i < 8; i++) {
    const next = p.replace(ESCAPES, decodeRun);
    if (next === p) break;
    p = next;
  }
  return p;
}

/** Whether `path` still changes after eight rounds of percent-decoding: no reading of it can be trusted. */
function encodedTooDeep(path: string): boolean {
  const p = percentDecoded(path);
  return p.replace(ESCAPES, decodeRun) !== p;
}

/**
 * A path as a permissive router could read it: percent-decoded ({@link percentDecoded}),
 * backslashes as slashes, folded to one case (upper then lower, so that the Kelvin sign and the
 * long s meet `k` and `s`), runs of slashes collapsed.
 */
function loosen(path: string): string {
  return percentDecoded(path)
    .replace(/\\/g, '/')
    .toUpperCase()
    .toLowerCase()
    .replace(/\/{2,}/g, '/');
}

/** `.` and `..` segments (their dots literal or `%2e`) resolved as the WHATWG URL parser resolves them. */
function resolveDots(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const last = i === segments.length - 1;
    const dots = /^(?:\.|%2e){1,2}$/i.test(s) ? s.replace(/%2e/gi, '.') : '';
    if (dots === '..') {
      if (out.length > 1) out.pop();
      if (last) out.push('');
    } else if (dots === '.') {
      if (last) out.push('');
    } else out.push(s);
  }
  return out.join('/');
}

/** Whether `path` (loosened) is `prefix` or below it. */
function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix + '/');
}

/** Whether `path`, cut at `?` and then also at `#` or `;`, is under `prefix` by any reading. */
function pathUnder(path: string, prefix: string): boolean {
  const query = path.indexOf('?');
  const whole = query < 0 ? path : path.slice(0, query);
  for (const cut of ['', '#', ';']) {
    const at = cut === '' ? -1 : whole.indexOf(cut);
    if (cut !== '' && at < 0) continue;
    const raw = `/${at < 0 ? whole : whole.slice(0, at)}`;
    const loose = loosen(raw);
    // Dot segments resolved after decoding, and before (as the URL parser does, `%2F` still a
    // byte), with backslashes as slashes (`http:` URLs) or as bytes (other schemes).
    if (under(loose, prefix) || under(resolveDots(loose), prefix)) return true;
    if (under(loosen(resolveDots(raw.replace(/\\/g, '/'))), prefix)) return true;
    if (raw.includes('\\') && under(loosen(resolveDots(raw)), prefix)) return true;
  }
  return false;
}

/**
 * Whether a request target (origin form `/path?query`, or absolute form `http://host/path`) is,
 * by any reading a router might make of it, `{basePath}/api` or a path below it: case ignored,
 * percent-escapes decoded, repeated slashes collapsed, `.` and `..` segments taken both as
 * literal and as resolved, the path cut at `?`, `#` or `;`, a trailing slash ignored. A target
 * that is not a path is read as one; a path still percent-encoded after eight rounds of decoding
 * counts as under the API. The gates verify every such request, so what is not an operation's
 * exact path is refused (`ERR_UNKNOWN_OPERATION`, 404) rather than passed on.
 *
 * @example
 * ```ts
 * isApiTarget('/PAYNET/api/v2/sale/1111', '/paynet'); // true: refused, never passed on
 * isApiTarget('/paynet/x/../api/v2/sale/1111', '/paynet'); // true
 * isApiTarget('/health', '/paynet'); // false: passes through
 * ```
 * @internal
 */
export function isApiTarget(target: string, basePath: string | undefined): boolean {
  // The common case, an operation's path as sent by a client, needs no loosening.
  if (target.startsWith(`${basePath ?? ''}/api/`)) return true;
  // Read as written; without a scheme (`http:/paynet/...` is a path to Node's URL parser); and
  // without scheme and host, as the URL parser reads `http://host/path`, `http:host/path` and
  // `//host/path` (a path to Express, a host and a path to the URL parser).
  const noScheme = target.replace(SCHEME, '');
  const noHost = noScheme.replace(noScheme === target ? NETWORK : AUTHORITY, '');
  // A path too deeply encoded to read (every reading below is a part of what precedes the `?`)
  // is refused, never passed on.
  const query = target.indexOf('?');
  if (encodedTooDeep(query < 0 ? target : target.slice(0, query))) return true;
  const prefix = `${loosen(`/${basePath ?? ''}`).replace(/\/$/, '')}/api`;
  return (
    pathUnder(target, prefix) ||
    (noScheme !== target && pathUnder(noScheme, prefix)) ||
    (noHost !== noScheme && pathUnder(noHost, prefix))
  );
}

/** A `.` or `..` segment, its dots literal or `%2e` (as the WHATWG URL parser reads them), or a backslash. */
const UNRESOLVED = /(?:^|[/\\])(?:\.|%2e){1,2}(?=[/\\;#]|$)|\\/i;

/**
 * The refusal of a request under the API whose target a router reads otherwise than the verifier:
 * the verifier finds the operation on the URL with its `.` and `..` segments resolved (and
 * backslashes read as slashes), while Express, Koa and Fastify route the target as written, so
 * `/paynet/api/v2/payout/../sale/1111` with a valid sale's body (a control digest does not cover
 * the path) would reach a route for payouts. An operation's path has no such segment: the request
 * addresses no operation.
 *
 * @returns an `UnknownOperationError` (404, field `path`) for such a target, else undefined.
 * @internal
 */
export function unresolvedPathError(target: string): UnknownOperationError | undefined {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (!UNRESOLVED.test(path)) return undefined;
  return new UnknownOperationError(
    `the request path ${JSON.stringify(path.slice(0, 200))} has a "." or ".." segment or a backslash: a router reads it as written, the verifier resolved, so it addresses no operation`,
    { field: 'path' },
  );
}
