/**
 * What a verified request hands the application: every parameter the signature was computed
 * over, with where it came from, each name at most once, and (on OAuth operations) a `login`
 * that is the authenticated consumer. Plain pairs in, so any transport can use it. Internal.
 *
 * @module
 */
import { InvalidInputError } from '../errors/index.js';

/**
 * Where a request parameter came from: the OAuth `Authorization` header, the URL's query or the
 * form body. A verified request's {@link SignedParam} comes from the query or the body; a
 * diagnosis also lists the header's `oauth_*` parameters.
 *
 * @example
 * ```ts
 * const fromQuery = verified.signedParams.filter((p) => p.source === 'query');
 * ```
 */
export type ParamSource = 'header' | 'query' | 'body';

/**
 * One parameter of a verified request: decoded name and value, and where it came from. Each name
 * appears once in `VerifiedRequest.signedParams`, so a lookup by name is unambiguous.
 *
 * @example
 * ```ts
 * const { signedParams } = await verifier.verify(request);
 * const orderId = signedParams.find((p) => p.name === 'client_orderid')?.value;
 * ```
 */
export interface SignedParam {
  /** Parameter name, decoded. */
  readonly name: string;
  /** Value, decoded; body values trimmed as the service trims them (and as they were verified). */
  readonly value: string;
  /** `'query'` or `'body'`. */
  readonly source: Exclude<ParamSource, 'header'>;
}

/** Query pairs first (URL order), then body pairs (body order), as frozen records. */
export function signedParamsOf(
  query: ReadonlyArray<readonly [string, string]>,
  body: ReadonlyArray<readonly [string, string]>,
): readonly SignedParam[] {
  const out: SignedParam[] = [];
  for (const [name, value] of query) out.push(Object.freeze({ name, value, source: 'query' }));
  for (const [name, value] of body) out.push(Object.freeze({ name, value, source: 'body' }));
  return Object.freeze(out);
}

/**
 * Refuses a name that appears twice (twice in the body, or in the query and the body): the
 * signature input sorts parameters, so a client could swap two values of one name and change
 * which one an application reads first without breaking it. `oauth_*` names are left to the
 * OAuth verifier, which allows one body repeat of each header value and refuses the rest.
 *
 * @throws {@link InvalidInputError} naming the parameter and where it appeared.
 */
export function refuseDuplicates(params: readonly SignedParam[]): void {
  // A request's few parameters are compared pairwise (no Map, no hashing of each new name);
  // more than PAIRWISE_MAX go through a Map, so the work stays linear on a hostile request.
  if (params.length <= PAIRWISE_MAX) {
    for (let i = 1; i < params.length; i++) {
      const p = params[i]!;
      if (p.name.startsWith('oauth_')) continue;
      for (let j = 0; j < i; j++) if (params[j]!.name === p.name) duplicate(p, params[j]!.source);
    }
    return;
  }
  const seen = new Map<string, Exclude<ParamSource, 'header'>>();
  for (const p of params) {
    if (p.name.startsWith('oauth_')) continue;
    const first = seen.get(p.name);
    if (first !== undefined) duplicate(p, first);
    seen.set(p.name, p.source);
  }
}

/** Up to this many parameters, {@link refuseDuplicates} compares pairs (at most 496 comparisons). */
const PAIRWISE_MAX = 32;

function duplicate(p: SignedParam, first: Exclude<ParamSource, 'header'>): never {
  const where = first === p.source ? `twice in the ${p.source}` : 'in both the query and the body';
  throw new InvalidInputError(`parameter "${p.name.slice(0, 100)}" appears ${where}: send each parameter once`, {
    field: p.name.slice(0, 100),
  });
}
