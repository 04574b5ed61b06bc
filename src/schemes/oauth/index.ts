/**
 * OAuth 1.0a (RFC 5849): base string, `Authorization` header, HMAC-SHA1 and RSA-SHA256 signing
 * and verification (nonce stores live in `stores/`). The entry other library modules import from.
 *
 * @module
 */
export { signatureBaseString, type BaseStringRequest } from './base-string.js';
export {
  buildAuthorizationHeader,
  parseAuthorizationHeader,
  MAX_HEADER_LENGTH,
  type OAuthHeader,
} from './header.js';
export { type SignatureMethod, MAX_NONCE_LENGTH } from './protocol.js';
export { signOAuth, oauthBodyParams, type SignOAuthRequest, type SignOAuthResult } from './sign.js';
export {
  verifyOAuth,
  type VerifyOAuthRequest,
  type VerifyOAuthOptions,
  type VerifyOAuthResult,
  type OAuthConsumerCredentials,
} from './verify.js';
