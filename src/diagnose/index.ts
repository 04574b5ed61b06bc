/**
 * `diagnose`: why a request is refused, or what makes it valid. The answer to a merchant's
 * "why 403?" for server operators, and the engine of `paysig diagnose` and `paysig verify
 * --explain`.
 *
 * @module
 */
import { httpStatusOf } from '../errors/handling.js';
import { InvalidInputError, PaysigError } from '../errors/index.js';
import { parseForm } from '../encoding/form.js';
import { REPLAYS_NOT_CHECKED } from '../stores/types.js';
import { controlDiagnoser } from './control.js';
import { oauthDiagnoser } from './oauth.js';
import type { SchemeDiagnoser } from './scheme.js';
import { shownRequest, type ReadRequest } from './text.js';
import { utf8LongerThan } from '../request/limits.js';
import { MAX_URL_LENGTH } from '../schemes/oauth/url.js';
import { memoLookup } from './lookup.js';
import { readBody } from '../request/body.js';
import type { Diagnosis } from './diagnosis.js';
import { serviceTrim } from '../encoding/trim.js';
import { resolveAuth, type ResolvedAuth } from '../catalog/scheme.js';
import { basePathThatMatches, matchOperationPath, undoubledApiPath } from '../catalog/lookup.js';
import { DEFAULT_MAX_BODY_BYTES, verifyRequest, type VerifyRequestOptions } from '../request/verify.js';

/** A request given as its parts rather than as a Fetch `Request`. */
export interface RequestParts {
  /** HTTP method as received. */
  method: string;
  /** Absolute URL as received. */
  url: string;
  /** Headers as received (a `Headers`, a record or `[name, value]` pairs). */
  headers?: Headers | Record<string, string> | Array<[string, string]>;
  /** The body as text (default `''`). */
  body?: string;
}

/**
 * Options of {@link diagnose}: those of `verifyRequest`, without a nonce store (a diagnosis
 * neither checks nor records nonces, so it never burns one).
 */
export type DiagnoseOptions = Omit<VerifyRequestOptions, 'nonceStore'>;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Each scheme's diagnoser by the `kind` of a resolved auth. */
const DIAGNOSERS = /* @__PURE__ */ Object.freeze({ control: controlDiagnoser, oauth: oauthDiagnoser });

/** What diagnose tries on the scheme of a resolved auth, found by its kind. */
function diagnoserOf(auth: ResolvedAuth): SchemeDiagnoser<ResolvedAuth> {
  return DIAGNOSERS[auth.kind] as SchemeDiagnoser<ResolvedAuth>;
}

function checkOptions(options: DiagnoseOptions): void {
  if (options === null || typeof options !== 'object' || typeof options.credentials !== 'function') {
    throw new InvalidInputError('diagnose needs options with a credentials function', { field: 'credentials' });
  }
  const bad = (field: string, rule: string) => new InvalidInputError(`"${field}" ${rule}`, { field });
  if (options.basePath !== undefined && typeof options.basePath !== 'string') throw bad('basePath', 'must be a string');
  if (options.url !== undefined && typeof options.url !== 'string') throw bad('url', 'must be a string');
  if (options.now !== undefined && !Number.isFinite(options.now))
    throw bad('now', 'must be a finite number of seconds');
  for (const field of ['maxSkewSeconds', 'maxFutureSkewSeconds'] as const) {
    const seconds = options[field];
    if (seconds !== undefined && (!Number.isFinite(seconds) || seconds < 0))
      throw bad(field, 'must be a non-negative number');
  }
  const max = options.maxBodyBytes;
  if (max !== undefined && (!Number.isSafeInteger(max) || max < 0))
    throw bad('maxBodyBytes', 'must be a non-negative integer');
  if (options.schemes !== undefined && (options.schemes === null || typeof options.schemes !== 'object'))
    throw bad('schemes', 'must be an object');
}

async function partsOf(request: Request | RequestParts, max: number): Promise<ReadRequest | string> {
  if (request instanceof Request) {
    try {
      // The same bounded, strict read as verifyRequest (declared and counted length, UTF-8).
      return {
        method: request.method,
        url: request.url,
        headers: new Headers(request.headers),
        body: await readBody(request, max),
      };
    } catch (e) {
      return e instanceof PaysigError ? e.message : 'the request body cannot be read';
    }
  }
  if (
    request === null ||
    typeof request !== 'object' ||
    typeof request.method !== 'string' ||
    typeof request.url !== 'string'
  ) {
    throw new InvalidInputError(
      'diagnose takes a Request or { method, url, headers?, body? } with string method and url',
      { field: 'request' },
    );
  }
  const body = request.body ?? '';
  if (typeof body !== 'string') throw new InvalidInputError('"body" must be a string', { field: 'body' });
  if (utf8LongerThan(body, max)) return `request body is larger than ${max} bytes`;
  try {
    return { method: request.method, url: request.url, headers: new Headers(request.headers), body };
  } catch {
    return 'the request headers are malformed';
  }
}

/**
 * Explains why a request is refused, or shows the work behind a valid one: which operation the
 * path addresses, which scheme it uses, and for `control` the formula's terms (the control key
 * only as `<control key>`) and the expected against the received digest; for OAuth every
 * parameter with where it came from (header, query, body), the base string the verifier builds,
 * and the expected HMAC-SHA1 signature or whether the RSA-SHA256 signature verifies. `valid` and
 * `error` are what {@link verifyRequest} answers with the same options.
 *
 * Known mistakes are reported in `hints`, each with a stable id, and each confirmed by
 * recomputing the variant (a few digests or signatures at most): the amount through a float,
 * untrimmed values, `oauth_*` encoded or counted twice, a key of the wrong kind or form, a stale
 * timestamp, the body's login against the consumer key, and the deployment variants of an OAuth
 * URL and key (scheme and host from forwarding headers, base path, trailing slash, the HMAC key
 * with `&` doubled or missing).
 *
 * Work is bounded as in `verifyRequest` (`maxBodyBytes`, header, URL and parameter caps), and so
 * is the output: a URL over 16 KiB is not analysed, and `request` shows at most 2,048 characters
 * of the URL (`request.cut` says it was cut). A bad request never throws: it gets a diagnosis. Nonces are neither checked nor recorded.
 *
 * **Do not show a diagnosis to an unauthenticated caller.** It holds the digest or HMAC signature
 * the request should have carried: for any request someone sends, a valid one. It is for the
 * operators who own the merchant's secrets.
 *
 * @param request - a Fetch `Request` (its body is read) or its parts
 * @param options - as for `verifyRequest`, without `nonceStore`
 * @returns a plain, serialisable {@link Diagnosis}
 * @throws {@link InvalidInputError} for bad options (no credentials function, a negative skew ...)
 *   or a parts object without string `method` and `url`. Errors the credentials callback (or
 *   an `exponent` function, or a getter of `schemes`) throws pass through unchanged.
 * @example
 * ```ts
 * const d = await diagnose(request, { basePath: '/paynet', credentials: lookUpMerchant });
 * if (!d.valid) log.info({ code: d.error?.code, hints: d.hints.map((h) => h.id), difference: d.difference });
 * ```
 */
export async function diagnose(request: Request | RequestParts, options: DiagnoseOptions): Promise<Diagnosis> {
  checkOptions(options);
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const parts = await partsOf(request, max);
  if (typeof parts === 'string') {
    // Both kinds of request have a string method here (a parts object was checked above).
    return { valid: false, request: shownRequest(request.method, String(request.url)), problem: parts, hints: [] };
  }

  const lookup = memoLookup(options.credentials);
  const d: Mutable<Diagnosis> = { valid: false, request: shownRequest(parts.method, parts.url), hints: [] };
  const { nonceStore: _ignored, ...verifyOptions } = options as VerifyRequestOptions;
  let copy: Request | undefined;
  try {
    const hasBody = !/^(GET|HEAD)$/i.test(parts.method);
    copy = new Request(parts.url, {
      method: parts.method,
      headers: parts.headers,
      ...(hasBody ? { body: parts.body } : {}),
    });
  } catch {
    d.error = {
      code: 'ERR_INVALID_INPUT',
      message: 'the request cannot be rebuilt as a Fetch Request (method or URL)',
      status: 400,
    };
  }
  if (copy !== undefined) {
    try {
      await verifyRequest(copy, { ...verifyOptions, nonceStore: REPLAYS_NOT_CHECKED, credentials: lookup });
      d.valid = true;
    } catch (e) {
      // Errors of the credentials function (and anything else not paysig's) pass through.
      if (!(e instanceof PaysigError)) throw e;
      d.error = { code: e.code, message: e.message.slice(0, 1000), status: httpStatusOf(e) };
    }
  }

  const signedUrl = options.url ?? parts.url;
  // The verifier's own cap on the URL it signs over: past it, nothing more is computed or shown.
  if (signedUrl.length > MAX_URL_LENGTH) {
    return {
      ...d,
      problem: `the URL is ${signedUrl.length} characters long, over the ${MAX_URL_LENGTH} the verifier accepts; request.url shows its start`,
    };
  }
  let path: string;
  try {
    path = new URL(signedUrl).pathname;
  } catch {
    return { ...d, problem: 'the request URL is not an absolute URL' };
  }
  const match = matchOperationPath(path, options.basePath ?? '');
  if (match === undefined) {
    const fix = basePathThatMatches(path, options.basePath ?? '');
    const undoubled = undoubledApiPath(path, options.basePath ?? '');
    return {
      ...d,
      problem: `no operation at path ${JSON.stringify(path.slice(0, 200))} (basePath ${JSON.stringify(options.basePath ?? '')})`,
      hints:
        undoubled !== undefined
          ? [
              {
                id: 'base-path',
                message: `the path has ${undoubled.doubled} twice: the client's base URL already ends in ${undoubled.doubled} and it appended the operation's path (${undoubled.doubled}/...) again. Its base URL must stop before ${undoubled.doubled} (https://host${options.basePath ?? ''}); the path is then ${JSON.stringify(undoubled.path.slice(0, 200))}`,
              },
            ]
          : fix === undefined
            ? []
            : [
                {
                  id: 'base-path',
                  message: `the path is an operation's under basePath ${JSON.stringify(fix)}: pass basePath: '${fix}'`,
                },
              ],
    };
  }
  const op = match.operation;
  const endpointId = match.endpointId ?? '';
  const endpoint = match.endpointGroupId !== undefined ? { endpointGroupId: match.endpointGroupId } : { endpointId };
  d.operation = { id: op.id, ...(op.name !== undefined ? { name: op.name } : {}), path: op.path, ...endpoint };

  let raw: Array<[string, string]>;
  let auth: ResolvedAuth;
  try {
    raw = parseForm(parts.body);
    const schemes = options.schemes;
    auth = resolveAuth(op, schemes !== undefined && Object.hasOwn(schemes, op.id) ? schemes[op.id] : undefined);
  } catch (e) {
    // A bad body or scheme is a diagnosis; a throwing getter of the caller's schemes passes through.
    if (!(e instanceof PaysigError)) throw e;
    return { ...d, problem: e.message };
  }
  d.scheme = auth.scheme;
  const trimmed = raw.map(([k, v]): [string, string] => [k, serviceTrim(v)]);

  const input = { operation: op, endpoint, method: parts.method, url: signedUrl, headers: parts.headers };
  return { ...d, ...(await diagnoserOf(auth).diagnose(auth, { ...input, raw, trimmed, options, lookup })) };
}
