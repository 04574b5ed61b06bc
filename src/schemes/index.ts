/**
 * The API's authentication schemes, by kind: what the request pipeline hands a request to once
 * the operation, media types, body and field rules are checked. A scheme is looked up here by
 * its kind, never tested for by name.
 *
 * @module
 */
import { InvalidInputError } from '../errors/index.js';
import { controlScheme } from './control/request.js';
import { oauthScheme } from './oauth/request.js';

import type { RequestScheme, SchemeAuth } from './types.js';

/** Each scheme by the `kind` of a resolved auth. */
const SCHEMES = /* @__PURE__ */ Object.freeze({ control: controlScheme, oauth: oauthScheme });

/** The scheme of a resolved auth, found by its kind. @internal */
export function schemeOf(auth: SchemeAuth): RequestScheme<SchemeAuth> {
  return SCHEMES[auth.kind] as RequestScheme<SchemeAuth>;
}

/**
 * Refuses a parameter a scheme computes itself (`control`; `oauth_*`): a caller who passes one
 * would sign something other than what paysig computes. @internal
 */
export function refuseComputedParams(pairs: ReadonlyArray<readonly [string, string]>): void {
  for (const [name] of pairs) {
    if (name === 'control') {
      throw new InvalidInputError('"control" is computed by paysig: leave it out of params', { field: 'control' });
    }
    if (name.startsWith('oauth_')) {
      throw new InvalidInputError(`"${name}" is set by paysig: leave oauth_* parameters out of params`, {
        field: name,
      });
    }
  }
}

export type { RequestScheme, SchemeAuth, SignInput, SignOutput, VerifyInput, VerifiedParty } from './types.js';
