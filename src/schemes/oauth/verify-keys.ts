/**
 * The signature check of {@link verifyOAuth}, one function per method: a consumer's keys for the
 * request's method, and which of them verifies the signature. Apart from the rest of the
 * verification so that an HMAC-only bundle (paysig/hmac) can leave the RSA one, and the key
 * reader it needs, out.
 *
 * @module
 */
import { hmacSha1, rsaSha256Verify } from '#crypto';
import type { CryptoKeyLike } from '../../crypto/key-like.js';
import { timingSafeEqual } from '../../encoding/compare.js';
import { SignatureMethodNotAllowedError } from '../../errors/index.js';
import { hmacKeyOf } from './hmac-key.js';
import { importPublicKey } from '../../keys/import.js';
import { firstMatch, isPublicKeyGiven, isSecretKey, type KeyList, type ListedKey, listKeys } from '../../keys/list.js';

/** What these checks read of a consumer's credentials (`OAuthConsumerCredentials` of verify.ts). */
interface ConsumerKeys {
  readonly consumerSecret?: KeyList<string>;
  readonly controlKey?: KeyList<string>;
  readonly publicKey?: KeyList<string | CryptoKeyLike>;
}

/** The keys tried, and the index of the first that verified the signature (-1 for none). @internal */
export type KeyMatch = [readonly ListedKey<unknown>[], number];

/**
 * The consumer's HMAC-SHA1 secrets, each computed and compared in constant time (the key is the
 * encoded secret and `&`: the service issues no token secrets). @internal
 */
export async function hmacMatch(creds: ConsumerKeys, baseString: string, received: Uint8Array): Promise<KeyMatch> {
  // The merchant's one secret, under the RFC's name or the API's (the same key).
  const secret = creds.consumerSecret ?? creds.controlKey;
  const secrets = listKeys(secret, creds.consumerSecret !== undefined ? 'consumerSecret' : 'controlKey', isSecretKey);
  if (secrets.length === 0) {
    throw new SignatureMethodNotAllowedError('HMAC-SHA1 is not allowed for this consumer (no control key)');
  }
  return [
    secrets,
    await firstMatch(secrets, async (secret) =>
      timingSafeEqual(await hmacSha1(hmacKeyOf(secret), baseString), received),
    ),
  ];
}

/** The consumer's RSA public keys, each tried. @internal */
export async function rsaMatch(creds: ConsumerKeys, baseString: string, received: Uint8Array): Promise<KeyMatch> {
  const publicKeys = listKeys<string | CryptoKeyLike>(creds.publicKey, 'publicKey', isPublicKeyGiven);
  if (publicKeys.length === 0) {
    throw new SignatureMethodNotAllowedError('RSA-SHA256 is not allowed for this consumer (no public key)');
  }
  // fromBase64 of the non-empty text gives at least one byte; both backends answer false
  // (they do not throw) for a signature of the wrong length.
  return [
    publicKeys,
    await firstMatch(publicKeys, async (key) => rsaSha256Verify(await importPublicKey(key), received, baseString)),
  ];
}
