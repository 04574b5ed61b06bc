/**
 * `paysig/hmac`: {@link signOAuth} and {@link verifyOAuth} for apps that use HMAC-SHA1 only.
 * They are the functions of the package root with RSA-SHA256 left out, so a bundle built from
 * this entry carries no RSA key reader (PEM and DER parsing, key rules): about half the bytes of
 * the root's signer and verifier. An RSA-SHA256 request is refused with an
 * `UnsupportedError` that names the root entry. Results, options and errors are the
 * root's; error classes are shared, so `instanceof` holds across entries.
 *
 * @module
 */
import { type SignOAuthRequest, type SignOAuthResult, signOAuthWith } from '../schemes/oauth/sign.js';
import {
  type VerifyOAuthOptions,
  type VerifyOAuthRequest,
  type VerifyOAuthResult,
  verifyOAuthWith,
} from '../schemes/oauth/verify.js';

export type { CryptoKeyLike } from '../crypto/key-like.js';
export type { SignatureMethod } from '../schemes/oauth/protocol.js';
export type { OAuthConsumerCredentials } from '../schemes/oauth/verify.js';
export type { NonceCheckContext, NonceStore } from '../stores/types.js';
export type { SignOAuthRequest, SignOAuthResult, VerifyOAuthOptions, VerifyOAuthRequest, VerifyOAuthResult };

/**
 * Signs a request with OAuth 1.0a HMAC-SHA1: the root's `signOAuth` without RSA-SHA256.
 *
 * @example
 * ```ts
 * import { signOAuth } from 'paysig/hmac';
 * const { authorization } = await signOAuth({
 *   method: 'POST',
 *   url: 'https://sandbox.example.com/paynet/api/v2/payout/1234',
 *   params: [['client_orderid', '902B4FF5']],
 *   consumerKey: 'merchantlogin',
 *   signatureMethod: 'HMAC-SHA1',
 *   consumerSecret: controlKey,
 * });
 * ```
 * @throws `UnsupportedError` for RSA-SHA256 (use `signOAuth` from `paysig`), and the
 *   root `signOAuth`'s errors for everything else.
 */
export function signOAuth(request: SignOAuthRequest): Promise<SignOAuthResult> {
  return signOAuthWith(request, undefined);
}

/**
 * Verifies an OAuth 1.0a HMAC-SHA1 request: the root's `verifyOAuth` without RSA-SHA256.
 *
 * @example
 * ```ts
 * import { verifyOAuth } from 'paysig/hmac';
 * const { consumerKey } = await verifyOAuth(
 *   { method: 'POST', url, params, authorization },
 *   { credentials: (login) => merchants.get(login), nonceStore },
 * );
 * ```
 * @throws `UnsupportedError` for a request signed with RSA-SHA256 (use `verifyOAuth` from
 *   `paysig`), and the root `verifyOAuth`'s errors for everything else.
 */
export function verifyOAuth(request: VerifyOAuthRequest, options: VerifyOAuthOptions): Promise<VerifyOAuthResult> {
  return verifyOAuthWith(request, options, undefined);
}
