/**
 * The OAuth 1.0a scheme at the request level: the `Authorization` header (and the `oauth_*`
 * values the service wants repeated in the body) when signing; the header checked with the
 * merchant's key, the timestamp window and the nonce store when verifying.
 *
 * @module
 */
import {
  InvalidInputError,
  MissingFieldError,
  OAuthHeaderError,
  SignatureMethodNotAllowedError,
} from '../../errors/index.js';
import { serviceTrim } from '../../encoding/trim.js';
import type { CryptoKeyLike } from '../../crypto/key-like.js';
import type { SignatureMethod } from './protocol.js';
import { oauthBodyParams, signOAuth, type SignOAuthRequest } from './sign.js';
import type { NonceStore } from '../../stores/types.js';
import { verifyOAuth, type OAuthConsumerCredentials, type VerifyOAuthOptions } from './verify.js';
import { nonEmpty } from '../need.js';
import type { SchemeSigner, SchemeVerifier, VerifyInput } from '../types.js';

/** A resolved OAuth scheme: its signature method. */
export interface OAuthAuth {
  readonly method: SignatureMethod;
}

/**
 * On an OAuth operation the merchant is `oauth_consumer_key`; a `login` parameter naming someone
 * else would hand the application an identity the signature does not vouch for.
 *
 * @throws {@link InvalidInputError} (field `login`) when a `login` differs from `consumerKey`. @internal
 */
export function checkLoginIsConsumer(params: VerifyInput['signedParams'], consumerKey: string): void {
  for (const p of params) {
    if (p.name === 'login' && p.value !== consumerKey) {
      throw new InvalidInputError(
        `the ${p.source} "login" differs from oauth_consumer_key: on an OAuth operation they must name the same merchant`,
        { field: 'login' },
      );
    }
  }
}

/** The OAuth scheme's signer: `signOAuth`, the header, and the `oauth_*` body repeats. @internal */
export const oauthSigner: SchemeSigner<OAuthAuth> = {
  async sign({ method }, input) {
    const creds = input.credentials;
    const login = serviceTrim(nonEmpty(creds.login, 'credentials.login', 'the merchant login (oauth_consumer_key)'));
    const givenLogin = input.values.get('login');
    if (givenLogin !== undefined && givenLogin !== login) {
      throw new InvalidInputError('params.login differs from credentials.login', { field: 'login' });
    }
    const request: SignOAuthRequest = {
      method: 'POST',
      url: input.url,
      params: input.pairs,
      consumerKey: login,
      signatureMethod: method,
    };
    if (method === 'HMAC-SHA1') {
      request.consumerSecret = nonEmpty(
        creds.controlKey,
        'credentials.controlKey',
        'the control key (HMAC-SHA1 secret)',
      );
    } else {
      if (creds.privateKey === undefined) {
        throw new MissingFieldError(
          'credentials.privateKey',
          'the RSA private key is required for RSA-SHA256: credentials.privateKey is missing',
        );
      }
      request.privateKey = creds.privateKey as string | CryptoKeyLike;
    }
    if (input.nonce !== undefined) request.nonce = input.nonce;
    if (input.timestamp !== undefined) request.timestamp = input.timestamp;
    if (input.realm !== undefined) request.realm = input.realm;
    const oauth = await signOAuth(request);
    const bodyPairs = input.repeatOAuthInBody ? [...input.pairs, ...oauthBodyParams(oauth)] : input.pairs;
    return { bodyPairs, headers: { Authorization: oauth.authorization }, oauth };
  },
};

/** The OAuth scheme's verifier: `verifyOAuth` with the deployment's store and windows. @internal */
export const oauthVerifier: SchemeVerifier<OAuthAuth> = {
  signsQuery: true,

  async verify({ method }, input) {
    const authorization = input.header('authorization');
    if (authorization === null) {
      throw new OAuthHeaderError(`operation "${input.operation.id}" needs an OAuth Authorization header`);
    }
    const options: VerifyOAuthOptions = {
      // verifyOAuth checks the store (present, window wide enough) before it reads the header.
      nonceStore: input.nonceStore as NonceStore,
      credentials: async (consumerKey: string) => {
        const c = await input.secrets({ consumerKey });
        if (c === undefined || c === null) return undefined;
        // Hand over only the secret the operation's method uses: a request signed with the other
        // method then fails as "method not allowed" rather than being checked with a wrong key.
        const out: OAuthConsumerCredentials = c.consumerId !== undefined ? { consumerId: c.consumerId } : {};
        if (method === 'HMAC-SHA1') {
          if (c.controlKey !== undefined) out.controlKey = c.controlKey;
        } else if (c.publicKey !== undefined) out.publicKey = c.publicKey;
        return out;
      },
    };
    if (input.now !== undefined) options.now = input.now;
    if (input.maxSkewSeconds !== undefined) options.maxSkewSeconds = input.maxSkewSeconds;
    if (input.maxFutureSkewSeconds !== undefined) options.maxFutureSkewSeconds = input.maxFutureSkewSeconds;
    const result = await verifyOAuth({ method: 'POST', url: input.url, params: input.params, authorization }, options);
    // Defence in depth: unreachable while the credentials above hold only this method's key.
    if (result.signatureMethod !== method) {
      throw new SignatureMethodNotAllowedError(
        `operation "${input.operation.id}" is signed with ${method}, not ${result.signatureMethod}`,
      );
    }
    checkLoginIsConsumer(input.signedParams, result.consumerKey);
    return { consumerKey: result.consumerKey, matchedKey: result.matchedKey ?? { index: 0 } };
  },
};
