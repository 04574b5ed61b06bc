/**
 * What a request scheme is to the request pipeline: how it signs a checked request and how it
 * verifies a received one. The pipeline (path, media types, body, field rules) is the same for
 * every scheme; it hands over to the scheme here, and never branches on which scheme it is.
 *
 * @module
 */
import type { KeyList, MatchedKey } from '../keys/list.js';
import type { CryptoKeyLike } from '../crypto/key-like.js';
import type { NonceStore } from '../stores/types.js';
import type { Formula } from './control/formulas.js';
import type { SignatureMethod } from './oauth/protocol.js';
import type { SignOAuthResult } from './oauth/sign.js';

/** The part of a catalog operation a scheme reads. */
export interface SchemeOperation {
  /** The operation id, for messages. */
  readonly id: string;
  /** The body field that carries the order id (`client_orderid`, or `client-order-id` on 3DS uploads). */
  readonly orderIdField: 'client_orderid' | 'client-order-id';
}

/** The endpoint (or endpoint group) the request's path names, as a decimal string. */
export interface Endpoint {
  endpointId?: string;
  endpointGroupId?: string;
}

/** The checked field values by name (each field at most once). */
export interface FieldValues {
  get(name: string): string | undefined;
}

/** A merchant's secrets as a scheme reads them: the control key (control, HMAC-SHA1) or public keys (RSA-SHA256). */
export interface SchemeSecrets {
  readonly controlKey?: KeyList<string>;
  readonly publicKey?: KeyList<string | CryptoKeyLike>;
  readonly consumerId?: string;
}

/** Who is asking, as the scheme knows it before the secrets are looked up. */
export interface SchemeWho {
  readonly login?: string;
  readonly consumerKey?: string;
}

/** A received request as the pipeline hands it to a scheme: checked, parsed, with a way to the merchant's secrets. */
export interface VerifyInput {
  readonly operation: SchemeOperation;
  /** The URL the client addressed (OAuth signs it). */
  readonly url: string;
  /** A request header by lower-case name. */
  header(name: string): string | null;
  /** The body's pairs, values trimmed. */
  readonly params: ReadonlyArray<readonly [string, string]>;
  /** Every signed parameter with its source (query then body on OAuth), for party checks. */
  readonly signedParams: ReadonlyArray<{ readonly name: string; readonly value: string; readonly source: string }>;
  readonly values: FieldValues;
  readonly endpoint: Endpoint;
  /** Minor-unit digits of the request's currency (read only by a scheme that needs it). */
  exponent(): number;
  /** Looks the merchant's secrets up (the deployment's credentials callback, with the operation and endpoint). */
  secrets(who: SchemeWho): SchemeSecrets | undefined | Promise<SchemeSecrets | undefined>;
  /** OAuth replay memory and windows. */
  readonly nonceStore: NonceStore | undefined;
  readonly now: number | undefined;
  readonly maxSkewSeconds: number | undefined;
  readonly maxFutureSkewSeconds: number | undefined;
}

/** What a scheme vouches for: who the merchant is, and which of its keys matched. */
export interface VerifiedParty {
  readonly login?: string;
  readonly consumerKey?: string;
  readonly matchedKey: MatchedKey;
}

/** A checked request as the pipeline hands it to a scheme to sign. */
export interface SignInput {
  readonly operation: SchemeOperation;
  readonly url: string;
  /** The request's pairs, checked, without `control` or `oauth_*`. */
  readonly pairs: Array<readonly [string, string]>;
  readonly values: FieldValues;
  readonly endpoint: Endpoint;
  /** Minor-unit digits of the request's currency (read only by a scheme that needs it). */
  exponent(): number;
  readonly credentials: {
    readonly login?: unknown;
    readonly controlKey?: unknown;
    readonly privateKey?: unknown;
  };
  /** OAuth: fixed nonce, timestamp, realm, and whether the `oauth_*` values are repeated in the body. */
  readonly nonce: string | undefined;
  readonly timestamp: number | string | undefined;
  readonly realm: string | undefined;
  readonly repeatOAuthInBody: boolean;
}

/** What signing adds to the request: the body pairs to send, headers, and what the scheme computed. */
export interface SignOutput {
  readonly bodyPairs: Array<readonly [string, string]>;
  readonly headers: Readonly<Record<string, string>>;
  /** The digest of a control scheme. */
  readonly control?: string;
  /** The signature of the OAuth scheme. */
  readonly oauth?: SignOAuthResult;
}

/** A resolved scheme, as the catalog resolves an operation's: its kind, and the formula or method. */
export type SchemeAuth =
  | { readonly kind: 'control'; readonly formula: Formula }
  | { readonly kind: 'oauth'; readonly method: SignatureMethod };

/**
 * One authentication scheme of the API, as the request pipeline uses it: how it signs and how it
 * verifies, each half an object of its own so that a bundle that only verifies (or only signs)
 * leaves the other half, and what only it needs (a private-key reader), out. The third part of a
 * scheme, what `diagnose` tries on it, is its `SchemeDiagnoser` in `diagnose/scheme.ts`: it is
 * built on `verifyRequest` and writes the diagnosis types, so it stands a layer above.
 */
export interface RequestScheme<A> {
  readonly signer: SchemeSigner<A>;
  readonly verifier: SchemeVerifier<A>;
}

/** How a scheme signs a checked request. */
export interface SchemeSigner<A> {
  /** Signs a checked request. */
  sign(auth: A, input: SignInput): Promise<SignOutput>;
}

/** How a scheme verifies a received request. */
export interface SchemeVerifier<A> {
  /** Whether the URL's query parameters are signed (OAuth), or only the body (control). */
  readonly signsQuery: boolean;
  /** Verifies a received request; rejects with the `PaysigError` that says why. */
  verify(auth: A, input: VerifyInput): Promise<VerifiedParty>;
}
