// Reference OAuth 1.0a text handling (RFC 5849), written plainly and independently of paysig's
// src/: base string URI by regex, parameter normalisation, the Authorization header both ways.
// No imports beyond ./percent.mjs and no Node APIs, so the vector engine can use it everywhere.
import { Refused, formParse, percentEncode } from './percent.mjs';

const URL_RE =
  /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)(?::([0-9]*))?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/;

/** RFC 5849 3.4.1.2: `scheme://host[:port]/path` (lower-cased, default port dropped) and the raw query. */
export function baseUri(url) {
  const m = URL_RE.exec(url);
  if (!m) throw new Refused('ERR_INVALID_INPUT');
  const scheme = m[1].toLowerCase();
  const host = m[2].toLowerCase();
  const port = m[3] ?? '';
  const keepPort = port !== '' && !((scheme === 'http' && port === '80') || (scheme === 'https' && port === '443'));
  const path = m[4] === '' ? '/' : m[4];
  return { uri: `${scheme}://${host}${keepPort ? ':' + port : ''}${path}`, query: m[5] ?? '' };
}

/**
 * RFC 5849 3.4.1.3.2: encode every pair, sort by encoded name then value, join. oauth_signature
 * never takes part; the caller passes the header's oauth_* parameters, never its realm.
 */
export function normalizeParameters(pairs) {
  const enc = pairs.filter(([n]) => n !== 'oauth_signature').map(([n, v]) => [percentEncode(n), percentEncode(v)]);
  enc.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return enc.map(([n, v]) => n + '=' + v).join('&');
}

/** RFC 5849 3.4.1: the base string of method, URL (its query takes part) and decoded pairs. */
export function baseString({ method, url, params }) {
  const { uri, query } = baseUri(url);
  const normalizedParameters = normalizeParameters([...formParse(query), ...params]);
  return {
    normalizedParameters,
    baseString: `${method.toUpperCase()}&${percentEncode(uri)}&${percentEncode(normalizedParameters)}`,
  };
}

/** RFC 5849 3.4.2: the HMAC-SHA1 key, pe(consumerSecret) & pe(tokenSecret). */
export function hmacKey(consumerSecret, tokenSecret) {
  return percentEncode(consumerSecret ?? '') + '&' + percentEncode(tokenSecret ?? '');
}

/** The oauth_* parameters a signer adds (RFC 5849 3.4.1.3.1), version 1.0, token when given. */
export function oauthPairs(c) {
  const p = [
    ['oauth_consumer_key', c.consumerKey],
    ['oauth_nonce', c.nonce],
    ['oauth_signature_method', c.signatureMethod],
    ['oauth_timestamp', String(c.timestamp)],
    ['oauth_version', '1.0'],
  ];
  if (c.token !== undefined) p.push(['oauth_token', c.token]);
  return p;
}

const HEADER_ORDER = [
  'oauth_consumer_key',
  'oauth_nonce',
  'oauth_signature_method',
  'oauth_timestamp',
  'oauth_token',
  'oauth_version',
  'oauth_signature',
];

/**
 * The Authorization header in one fixed order (the order paysig writes; RFC 5849 3.5.1 leaves it
 * free): realm first when given, then the oauth_* parameters, every value percent-encoded.
 */
export function authorizationHeader(realm, oauthParams) {
  const parts = [];
  if (realm !== undefined) parts.push(`realm="${percentEncode(realm)}"`);
  if (Object.keys(oauthParams).some((n) => !HEADER_ORDER.includes(n))) throw new Error('unexpected oauth parameter');
  for (const name of HEADER_ORDER) if (name in oauthParams) parts.push(`${name}="${percentEncode(oauthParams[name])}"`);
  return 'OAuth ' + parts.join(', ');
}

/**
 * Strict parser of `OAuth name="value", ...`: decoded values by name and the names in order.
 * Throws an Error on anything else (another scheme, an unquoted value, a repeated name, garbage).
 */
export function parseAuthorization(header) {
  if (typeof header !== 'string' || !header.startsWith('OAuth '))
    throw new Error(`authorization must start with "OAuth ": ${JSON.stringify(header)}`);
  const params = {};
  const order = [];
  const re = /\s*([A-Za-z0-9_]+)="([^"]*)"\s*(,|$)/y;
  const rest = header.slice(6);
  let end = 0;
  let m;
  while (end < rest.length && (m = re.exec(rest)) !== null) {
    if (Object.hasOwn(params, m[1])) throw new Error(`authorization repeats ${m[1]}`);
    params[m[1]] = decodeURIComponent(m[2]);
    order.push(m[1]);
    end = re.lastIndex;
    if (m[3] === '') break;
  }
  if (end !== rest.length)
    throw new Error(`authorization has unparsable text at ${end}: ${JSON.stringify(rest.slice(end))}`);
  return { params, order };
}
