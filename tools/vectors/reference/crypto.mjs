// Reference cryptography on node:crypto (never paysig's backends): SHA-1, HMAC-SHA1 of RFC 5849
// 3.4.2, RSASSA-PKCS1-v1_5 SHA-256, and the key checks paysig must also make.
import { createHash, createHmac, createPrivateKey, createPublicKey, KeyObject, sign, verify } from 'node:crypto';
import { Refused, checkWellFormed } from './percent.mjs';
import { hmacKey } from './oauth.mjs';

/** Lowercase hex SHA-1 of the UTF-8 bytes of `s`. */
export function sha1Hex(s) {
  return createHash('sha1').update(s, 'utf8').digest('hex');
}

/** HMAC-SHA1 of RFC 5849 3.4.2: the key and the Base64 signature of the base string. */
export function hmacSha1({ baseString, consumerSecret, tokenSecret }) {
  const key = hmacKey(consumerSecret, tokenSecret);
  checkWellFormed(baseString);
  return { key, signature: createHmac('sha1', key).update(baseString, 'utf8').digest('base64') };
}

/**
 * An RSA private key (PEM text or a KeyObject) as a KeyObject, refused as paysig must refuse it:
 * not a usable RSA private key (EC, encrypted, public) ERR_KEY_INVALID, under 2048 bits ERR_KEY_TOO_SMALL.
 */
export function rsaPrivateKey(key) {
  let k = key;
  if (!(key instanceof KeyObject)) {
    try {
      k = createPrivateKey({ key });
    } catch {
      throw new Refused('ERR_KEY_INVALID');
    }
  }
  if (k.type !== 'private' || k.asymmetricKeyType !== 'rsa') throw new Refused('ERR_KEY_INVALID');
  if (k.asymmetricKeyDetails.modulusLength < 2048) throw new Refused('ERR_KEY_TOO_SMALL');
  return k;
}

/** RSASSA-PKCS1-v1_5 with SHA-256 over the UTF-8 base string, Base64. */
export function rsaSha256Sign(baseString, privateKey) {
  const k = rsaPrivateKey(privateKey);
  checkWellFormed(baseString);
  return sign('sha256', Buffer.from(baseString, 'utf8'), k).toString('base64');
}

/** True when the Base64 `signature` is RSA-SHA256 of the base string under the public key (PEM or KeyObject). */
export function rsaSha256Verify(baseString, publicKey, signature) {
  const k = publicKey instanceof KeyObject ? publicKey : createPublicKey(publicKey);
  return verify('sha256', Buffer.from(baseString, 'utf8'), k, Buffer.from(signature, 'base64'));
}
