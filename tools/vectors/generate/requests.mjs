// Requests and keys that several topics of the generator use: published examples (RFC 5849 3.4.1,
// OAuth Core 1.0 A.5, the service's pan-eligibility example) and the service's sample requests.
import { baseStringNaive, keyPath } from './support.mjs';

export const CB_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

export const RFC_URL = 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b';
// biome-ignore format: a list of pairs, several to a line
export const RFC_PARAMS = [
  ['c2', ''], ['a3', '2 q'], ['oauth_consumer_key', '9djdj82h48djs9d2'], ['oauth_token', 'kkk9d7dh3k39sjv7'],
  ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '137131201'], ['oauth_nonce', '7d8f3e4a'],
];
export const RFC_BASE =
  'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7';
export const A5_URL = 'http://photos.example.net/photos?file=vacation.jpg&size=original';
// biome-ignore format: a list of pairs, several to a line
export const A5_PARAMS = [
  ['oauth_consumer_key', 'dpf43f3p2l4k3l03'], ['oauth_token', 'nnch734d00sl2jdk'],
  ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '1191242096'], ['oauth_nonce', 'kllo9940pd9333jh'],
  ['oauth_version', '1.0'],
];
export const A5_BASE =
  'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal';
export const PAN_URL = 'https://sandbox.example.com/api/v2/pan-eligibility/send/100';
export const PAN_BODY = [
  ['client-order-id', '1234567890'],
  ['sending-card-ref-id', '7654321'],
];
// biome-ignore format: a list of pairs, several to a line
export const PAN_OAUTH = [
  ['oauth_consumer_key', 'merchantlogin'], ['oauth_nonce', 'y3qlvMPky7g'], ['oauth_signature_method', 'HMAC-SHA1'],
  ['oauth_timestamp', '1669966913'], ['oauth_version', '1.0'],
];
export const PAN_NORMALIZED =
  'client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321';
// biome-ignore format: a list of pairs, several to a line
export const OAUTH_MIN = [
  ['oauth_consumer_key', 'ck'], ['oauth_nonce', 'n'], ['oauth_signature_method', 'HMAC-SHA1'],
  ['oauth_timestamp', '1'], ['oauth_version', '1.0'],
];

/**
 * The base strings of four requests of base-string.json (RFC 5849 3.4.1, A.5, pan-eligibility,
 * unicode-values), computed by the reference; base-string.json checks that oracle.py agrees.
 */
export function bases() {
  const b = (method, url, params) => baseStringNaive({ method, url, params }).baseString;
  return {
    rfc: b('POST', RFC_URL, RFC_PARAMS),
    a5: b('GET', A5_URL, A5_PARAMS),
    pan: b('POST', PAN_URL, [...PAN_BODY, ...PAN_OAUTH]),
    unicode: b('POST', 'https://example.com/p', [['name', 'Zoë €5 😀'], ...OAUTH_MIN]),
  };
}

export const PAYOUT_URL = 'https://sandbox.example.com/api/v2/payout/1234';
export const V4_URL = 'https://sandbox.example.com/api/v4/transfer/1234';
// biome-ignore format: a list of pairs, several to a line
export const V4_BODY = [
  ['amount', '10.42'], ['client_orderid', 'inv-0042'], ['credit_card_number', '4111111111111111'],
  ['currency', 'EUR'], ['cvv2', '123'], ['deposit2card', 'true'], ['destination-card-no', '5555555555554444'],
  ['expire_month', '12'], ['expire_year', '2030'], ['card_printed_name', 'JANE DOE'], ['ipaddress', '203.0.113.7'],
  ['order_desc', 'Test order (v4) & more!'], ['redirect_url', 'https://merchant.example.com/return?x=1'],
];

const SIGN_INPUTS = ['method', 'url', 'params', 'consumerKey', 'signatureMethod', 'nonce', 'timestamp'];
const SIGN_OPTIONS = ['consumerSecret', 'token', 'tokenSecret', 'privateKeyFile', 'realm'];

/** The signing input oracle.py takes (keys by path; an undefined one is left out of the JSON). */
export function signInput(d) {
  const o = Object.fromEntries([...SIGN_INPUTS, ...SIGN_OPTIONS].map((k) => [k, d[k]]));
  if (d.privateKeyFile !== undefined) o.privateKeyPath = keyPath(d.privateKeyFile);
  return o;
}
