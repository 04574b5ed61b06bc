/**
 * The HMAC-SHA1 key of RFC 5849 section 3.4.2: the encoded client secret, `&`, the encoded token
 * secret. The one place the key is derived, for signing, verifying and `diagnose` alike.
 *
 * @module
 */
import { percentEncode } from '../../encoding/percent.js';

/**
 * The HMAC-SHA1 key for a consumer secret (the merchant control key) and a token secret (empty:
 * the service issues no tokens). @internal
 */
export function hmacKeyOf(consumerSecret: string, tokenSecret = ''): string {
  return percentEncode(consumerSecret) + '&' + (tokenSecret === '' ? '' : percentEncode(tokenSecret));
}
