// The npm OAuth 1.0a signers the sign groups compare against (oauth-1.0a and oauth-sign), set up
// for the 16-field payout with the same fixed nonce and timestamp as every other contender.
import { createRequire } from 'node:module';
import { CONSUMER_KEY, NONCE, PAYOUT_PARAMS, PAYOUT_URL, TIMESTAMP } from './fixtures.mjs';

const require = createRequire(import.meta.url);

/**
 * For `signatureMethod`: oauth-1.0a with the consumer `secret` and `hashFunction` (its
 * hash_function), as `{ oauth1, authorize }`, authorize() giving its signed parameters; and
 * `oauthSign`, the oauth-sign module, with `params`, the parameters its hmacsign/rsasign take.
 */
export function peers(signatureMethod, secret, hashFunction) {
  const OAuth = require('oauth-1.0a');
  const oauth1 = OAuth({
    consumer: { key: CONSUMER_KEY, secret },
    signature_method: signatureMethod,
    hash_function: hashFunction,
  });
  oauth1.getNonce = () => NONCE;
  oauth1.getTimeStamp = () => TIMESTAMP;
  const data = Object.fromEntries(PAYOUT_PARAMS);
  const params = {
    ...data,
    oauth_consumer_key: CONSUMER_KEY,
    oauth_nonce: NONCE,
    oauth_signature_method: signatureMethod,
    oauth_timestamp: String(TIMESTAMP),
    oauth_version: '1.0',
  };
  const authorize = () => oauth1.authorize({ url: PAYOUT_URL, method: 'POST', data });
  return { oauth1, authorize, oauthSign: require('oauth-sign'), params };
}
