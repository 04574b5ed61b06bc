/**
 * The API's authentication schemes, by kind: what the request pipeline hands a request to once
 * the operation, media types, body and field rules are checked. A scheme is looked up here by
 * its kind, never tested for by name.
 *
 * @module
 */
import { InvalidInputError } from '../errors/index.js';
import { controlSigner, controlVerifier } from './control/request.js';
import { oauthSigner, oauthVerifier } from './oauth/request.js';

import type { SchemeAuth, SchemeSigner, SchemeVerifier } from './types.js';

/** Each scheme's signer by the `kind` of a resolved auth. */
const SIGNERS = /* @__PURE__ */ Object.freeze({ control: controlSigner, oauth: oauthSigner });
/** Each scheme's verifier by the `kind` of a resolved auth (apart, so a verifying bundle has no signer). */
const VERIFIERS = /* @__PURE__ */ Object.freeze({ control: controlVerifier, oauth: oauthVerifier });

/** How the scheme of a resolved auth signs, found by its kind. @internal */
export function signerOf(auth: SchemeAuth): SchemeSigner<SchemeAuth> {
  return SIGNERS[auth.kind] as SchemeSigner<SchemeAuth>;
}

/** How the scheme of a resolved auth verifies, found by its kind. @internal */
export function verifierOf(auth: SchemeAuth): SchemeVerifier<SchemeAuth> {
  return VERIFIERS[auth.kind] as SchemeVerifier<SchemeAuth>;
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

export type {
  RequestScheme,
  SchemeAuth,
  SchemeSigner,
  SchemeVerifier,
  SignInput,
  SignOutput,
  VerifyInput,
  VerifiedParty,
} from './types.js';
