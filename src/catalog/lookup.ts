/**
 * Finding an operation of the catalog: by id or internal name, or from a request path.
 *
 * @module
 */
import { UnknownOperationError } from '../errors/index.js';
import { OPERATIONS, type Operation } from './index.js';

// Built by pure calls, so that a bundle without findOperation (a verifier) drops BY_KEY.
const BY_KEY = /* @__PURE__ */ new Map<string, Operation>(
  /* @__PURE__ */ OPERATIONS.flatMap((op) =>
    op.name !== undefined
      ? [
          [op.id, op],
          [op.name, op],
        ]
      : [[op.id, op]],
  ),
);
const BY_PREFIX = /* @__PURE__ */ new Map<string, Operation>(
  /* @__PURE__ */ OPERATIONS.map((op) => [`/api/${op.version}/${op.segment}`, op]),
);

/**
 * Looks an operation up by id (`sale`, `create-card-ref-v4`) or internal name (`SALE`,
 * `CARDREF_V4`).
 *
 * @throws {@link UnknownOperationError} (`ERR_UNKNOWN_OPERATION`) when there is none.
 */
export function findOperation(idOrName: string): Operation {
  // Every key is a string, so a value of another type finds nothing.
  const op = BY_KEY.get(idOrName);
  if (op === undefined) {
    const shown = typeof idOrName === 'string' ? JSON.stringify(idOrName.slice(0, 60)) : typeof idOrName;
    throw new UnknownOperationError(`unknown operation ${shown}; see OPERATIONS for the ids`, { field: 'operation' });
  }
  return op;
}

/** An operation found from a request path, with the id the path carries. */
export interface PathMatch {
  /** The operation. */
  readonly operation: Operation;
  /** The endpoint id, for `/{endpointId}` paths (not yet validated as int64). */
  readonly endpointId?: string;
  /** The endpoint group id, for `/group/{endpointGroupId}` paths (not yet validated). */
  readonly endpointGroupId?: string;
}

/**
 * Finds the operation a request path addresses: `/api/<version>/<operation>/{endpointId}` or
 * `/api/<version>/<operation>/group/{endpointGroupId}`, after an optional `basePath` prefix.
 * Returns undefined when nothing matches.
 */
export function matchOperationPath(pathname: string, basePath = ''): PathMatch | undefined {
  let base = basePath;
  while (base.endsWith('/')) base = base.slice(0, -1);
  if (base !== '' && !base.startsWith('/')) base = '/' + base;
  // Every key of BY_PREFIX starts with /api/, so the lookups below check what follows the base.
  if (!pathname.startsWith(base)) return undefined;
  const rest = pathname.slice(base.length);
  const slash = rest.lastIndexOf('/');
  const id = rest.slice(slash + 1);
  if (id === '') return undefined;
  const prefix = rest.slice(0, slash);
  const direct = BY_PREFIX.get(prefix);
  if (direct !== undefined) return { operation: direct, endpointId: id };
  if (prefix.endsWith('/group')) {
    const grouped = BY_PREFIX.get(prefix.slice(0, -'/group'.length));
    if (grouped !== undefined) return { operation: grouped, endpointGroupId: id };
  }
  return undefined;
}

/**
 * For a path that matches no operation under `basePath`: the base path under which it would
 * match (the part before its first `/api/`, or `''`), so a refusal can name the option to set.
 * Undefined when no base path makes it an operation's path.
 */
export function basePathThatMatches(pathname: string, basePath = ''): string | undefined {
  const at = pathname.indexOf('/api/');
  if (at < 0) return undefined;
  const guess = pathname.slice(0, at);
  if (guess === basePath.replace(/\/+$/, '')) return undefined;
  return matchOperationPath(pathname, guess) !== undefined ? guess : undefined;
}

/** A path with its API prefix written twice, and the prefix. */
export interface UndoubledPath {
  /** The path with the prefix written once. */
  readonly path: string;
  /** The prefix that was doubled (`/api/v2`). */
  readonly doubled: string;
}

/**
 * The path with a doubled API prefix (`/paynet/api/v2/api/v2/sale/1`: a client whose base URL
 * already ended in `/api/v2` appended the operation's path) written once, with the prefix that was
 * doubled, when that names an operation under `basePath`; otherwise undefined.
 */
export function undoubledApiPath(pathname: string, basePath = ''): UndoubledPath | undefined {
  const m = /(\/api\/v\d+)\1(?=\/)/.exec(pathname);
  if (m === null) return undefined;
  const doubled = m[1]!;
  const path = pathname.slice(0, m.index) + pathname.slice(m.index + doubled.length);
  return matchOperationPath(path, basePath) !== undefined ? { path, doubled } : undefined;
}

/** The message of a path that matches no operation, naming the `basePath` that would match. */
export function unknownPathMessage(pathname: string, basePath = ''): string {
  const shown = JSON.stringify(pathname.slice(0, 200));
  const undoubled = undoubledApiPath(pathname, basePath);
  if (undoubled !== undefined) {
    return `no operation at path ${shown}: it has ${undoubled.doubled} twice (a client base URL that already ends in it?); the operation's path is ${JSON.stringify(undoubled.path.slice(0, 200))}`;
  }
  const fix = basePathThatMatches(pathname, basePath);
  if (fix === undefined) return `no operation at path ${shown}`;
  return fix === ''
    ? `no operation at path ${shown} under basePath ${JSON.stringify(basePath)}: the path is an operation's without a prefix, so drop basePath (or mount the route under it)`
    : `no operation at path ${shown} under basePath ${JSON.stringify(basePath)}: pass basePath: '${fix}' (the prefix in front of /api/)`;
}
