/**
 * The shape of a {@link diagnose} result: plain, serialisable data (strings, numbers, booleans,
 * arrays and objects), with no secret in it. Types only.
 *
 * @module
 */
import type { ParamSource } from '../request/signed.js';
import type { Formula } from '../schemes/control/formulas.js';
import type { OAuthMethod } from '../catalog/index.js';

/**
 * A known mistake {@link diagnose} recognised by recomputing a variant of the request:
 *
 * - `amount-float`: the digest matches with the amount term computed through floating point, one
 *   minor unit off, or not converted to minor units at all.
 * - `untrimmed-values`: the digest or signature matches over the values as sent, before the
 *   service trims them (or after a trim that also strips Unicode spaces).
 * - `oauth-double-encoded`: the signature matches a base string whose `oauth_*` values were
 *   percent-encoded twice.
 * - `oauth-counted-twice`: the signature matches a base string that counts the `oauth_*` values
 *   repeated in the body a second time.
 * - `wrong-key-form`: the key is of the wrong kind for the method: signed with HMAC-SHA1 where
 *   RSA-SHA256 is needed (or the reverse), a private key where the public key is needed, a PEM
 *   whose label does not match its content (PKCS#1 vs PKCS#8/SPKI).
 * - `stale-timestamp`: `oauth_timestamp` lies outside the allowed clock skew: further behind the
 *   verifier's clock than `maxSkewSeconds`, or further ahead than `maxFutureSkewSeconds`.
 * - `login-consumer-mismatch`: the body's `login` differs from `oauth_consumer_key`.
 * - `forwarded-url`: the signature verifies for the URL that `X-Forwarded-Proto`/`X-Forwarded-Host`
 *   (or `Forwarded`) name: the server sees another scheme, host or port behind a proxy (for
 *   example Express's `trust proxy` without paysig/node's `trustProxy`).
 * - `base-path`: the signature verifies for the URL with the base path added or removed, the
 *   path is an operation's under another `basePath`, or the path has `/api/v2` twice (a client
 *   base URL that already ended in `/api/v2`).
 * - `trailing-slash`: the signature verifies for the path with a trailing slash added or removed.
 * - `hmac-key-doubled-amp`: the HMAC-SHA1 key was control key + `&&` (the key given as
 *   `controlKey + '&'` to a library that appends its own `&`), or the configured key ends in `&`.
 * - `hmac-key-no-amp`: the HMAC-SHA1 key was the control key without the trailing `&`.
 */
export type DiagnosisHintId =
  | 'amount-float'
  | 'untrimmed-values'
  | 'oauth-double-encoded'
  | 'oauth-counted-twice'
  | 'wrong-key-form'
  | 'stale-timestamp'
  | 'login-consumer-mismatch'
  | 'forwarded-url'
  | 'base-path'
  | 'trailing-slash'
  | 'hmac-key-doubled-amp'
  | 'hmac-key-no-amp';

/** One recognised mistake. */
export interface DiagnosisHint {
  /** Stable id; switch on it, not on the message. */
  readonly id: DiagnosisHintId;
  /** What was found and what to change, for a person. */
  readonly message: string;
}

/** The first place where what was expected and what was sent part. */
export interface DiagnosisDifference {
  /** What is compared. */
  readonly what: 'control input' | 'control digest' | 'base string' | 'signature';
  /** Index (UTF-16 units) of the first differing character; the shorter length when one is a prefix. */
  readonly index: number;
  /** Up to 40 characters of the expected text from a little before `index`. */
  readonly expected: string;
  /** The same stretch of what was sent (or what the client evidently computed). */
  readonly received: string;
}

/** One term of a control formula as the verifier computes it. */
export interface DiagnosisTerm {
  /** The field (`endpointGroupId` on group paths, `client-order-id` on 3DS uploads). */
  readonly name: string;
  /** The value concatenated: trimmed, amounts in minor units; `<control key>` for the key. */
  readonly value: string;
}

/** The `control` side of a diagnosis. */
export interface ControlDiagnosis {
  /** The formula checked. */
  readonly formula: Formula;
  /** The terms in order, the control key last as a placeholder. */
  readonly terms: readonly DiagnosisTerm[];
  /** The concatenation, with `<control key>` in place of the key. */
  readonly input: string;
  /** The digest the verifier expects; absent without a control key. */
  readonly expected?: string;
  /** The `control` field as sent; absent when none was sent. */
  readonly received?: string;
  /** What the client evidently concatenated, when a hint's variant reproduced its digest. */
  readonly clientInput?: string;
}

/** One parameter of an OAuth request. */
export interface DiagnosisParameter {
  /** Name, decoded. */
  readonly name: string;
  /** Value, decoded (body values trimmed, as the service trims them). */
  readonly value: string;
  /** Where it was found: the `Authorization` header, the URL's query or the form body. */
  readonly source: ParamSource;
  /** False for `oauth_signature` and for body repeats of header values (they count once). */
  readonly signed: boolean;
}

/** The OAuth side of a diagnosis. */
export interface OAuthDiagnosis {
  /** The method the operation needs. */
  readonly expectedMethod: OAuthMethod;
  /** `oauth_signature_method` as sent. */
  readonly signatureMethod?: string;
  /** `oauth_consumer_key` as sent. */
  readonly consumerKey?: string;
  /** Every parameter with its source. */
  readonly parameters: readonly DiagnosisParameter[];
  /** The signature base string the verifier builds from the request. */
  readonly baseString?: string;
  /** The base string the client evidently signed, when a hint's variant reproduced its signature. */
  readonly clientBaseString?: string;
  /** HMAC-SHA1: the signature the verifier expects (Base64); absent without a control key. */
  readonly expectedSignature?: string;
  /** `oauth_signature` as sent. */
  readonly receivedSignature?: string;
  /** RSA-SHA256: whether the signature verifies over {@link OAuthDiagnosis.baseString}. */
  readonly rsaVerified?: boolean;
  /** Seconds `oauth_timestamp` lies after the verifier's clock (negative: before). */
  readonly timestampOffsetSeconds?: number;
  /** How far `oauth_timestamp` may lie behind the verifier's clock, in seconds. */
  readonly maxSkewSeconds: number;
  /** How far `oauth_timestamp` may lie ahead of the verifier's clock, in seconds (default 30). */
  readonly maxFutureSkewSeconds?: number;
}

/** One key of a rotation, as a diagnosis tried it. */
export interface DiagnosisKey {
  /** Position in the list the credentials gave. */
  readonly index: number;
  /** The id given with the key, if any. */
  readonly id?: string;
  /** Whether the request's digest or signature matches with this key. */
  readonly matches: boolean;
}

/** What {@link diagnose} found. */
export interface Diagnosis {
  /** True when `verifyRequest` accepts the request (nonces are not checked or recorded). */
  readonly valid: boolean;
  /** The verification error, when invalid. */
  readonly error?: {
    /** The `PaysigError` code. */
    readonly code: string;
    /** Its message (safe to log: no secret). */
    readonly message: string;
    /** `httpStatusOf` the error. */
    readonly status: number;
  };
  /** Method and URL examined. */
  readonly request: {
    /** HTTP method as received. */
    readonly method: string;
    /** URL as received, or its first 2,048 characters followed by `…` when it is longer (then `cut` is true). */
    readonly url: string;
    /**
     * True when the method (over 32 characters) or the URL (over 2,048) was too long to show
     * whole and was cut here, so that a diagnosis stays a small multiple of the capped input.
     */
    readonly cut?: true;
  };
  /** The operation the path addresses. */
  readonly operation?: {
    /** Catalog id, e.g. `sale`. */
    readonly id: string;
    /** Internal operation name, e.g. `SALE`, when the catalog has one. */
    readonly name?: string;
    /** Path template, e.g. `/api/v2/sale/{endpointId}`. */
    readonly path: string;
    /** Endpoint id from the path, as sent. */
    readonly endpointId?: string;
    /** Endpoint group id from the path, as sent. */
    readonly endpointGroupId?: string;
  };
  /** Why the diagnosis could not go further (no operation, unreadable body, no header, no key ...). */
  readonly problem?: string;
  /** The scheme: a control formula or an OAuth method. */
  readonly scheme?: string;
  /** Control requests. */
  readonly control?: ControlDiagnosis;
  /** OAuth requests. */
  readonly oauth?: OAuthDiagnosis;
  /** The first difference between what was expected and what was sent, when comparable. */
  readonly difference?: DiagnosisDifference;
  /** Known mistakes recognised, each confirmed by recomputation. */
  readonly hints: readonly DiagnosisHint[];
  /**
   * When the credentials list several keys (a rotation): each key tried, in the listed order,
   * with whether it matches. `control` or `oauth` shows the work of the first that matches (else
   * of the first key).
   */
  readonly keys?: readonly DiagnosisKey[];
}
