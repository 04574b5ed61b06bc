// Generator topic base-string.json: RFC 5849 signature base strings.
// Interface: see generate.mjs.
import { assemble, baseStringNaive, compute, mustEqual, resultOf, vectorFile } from '../support.mjs';
import {
  A5_BASE,
  A5_PARAMS,
  A5_URL,
  OAUTH_MIN,
  PAN_BODY,
  PAN_NORMALIZED,
  PAN_OAUTH,
  PAN_URL,
  RFC_BASE,
  RFC_PARAMS,
  RFC_URL,
  bases,
} from '../requests.mjs';

export async function generate() {
  const b = (id, description, source, method, url, params) => ({ id, description, source, method, url, params });
  const g = 'P-TRAP';
  // biome-ignore format: a table, one case per line
  const defs = [
    b('rfc5849-3-4-1', "the example of RFC 5849 3.4.1: query, body and header parameters (the header's realm is not passed)", 'R-5849-3.4.1', 'POST', RFC_URL, RFC_PARAMS),
    b('rfc5849-3-4-1-with-signature', 'the same request with oauth_signature among the parameters: it does not take part', 'R-5849-3.4.1.3.1', 'POST', RFC_URL, [...RFC_PARAMS, ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw=']]),
    b('realm-in-body-takes-part', "a BODY parameter named realm is an ordinary parameter: only the Authorization header's realm is left out", 'R-5849-3.4.1.3.1', 'POST', 'https://example.com/p', [['realm', 'Example'], ...OAUTH_MIN]),
    b('oauth-core-a-5', 'OAuth Core 1.0 Appendix A.5.1: GET with query parameters', 'R-OAUTH-CORE-A.5', 'GET', A5_URL, A5_PARAMS),
    b('service-pan-eligibility', "the service's published parameter-string example (pan-eligibility send)", 'D-PAN-EXAMPLE', 'POST', PAN_URL, [...PAN_BODY, ...PAN_OAUTH]),
    b('client-code-v4-sale', "the base-string vector of the service's hosted-fields examples (v4 sale)", 'K-BASE-STRING-VECTOR; K-V4-SIGNING', 'POST', 'https://gateway.example/paynet/api/v4/sale/123', [['oauth_consumer_key', 'merchant'], ['amount', '1.00'], ['client_orderid', 'hf-1']]),
    b('oauth-values-need-encoding', 'oauth_* values with a space, @, + and / are percent-encoded once, like every other parameter', 'P-TRAP; R-5849-3.6', 'POST', 'https://example.com/p', [['oauth_consumer_key', 'merchant login@shop'], ['oauth_nonce', 'n+1/2 x'], ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '1700000005'], ['oauth_version', '1.0'], ['amount', '4.35']]),
    b('duplicate-names', 'duplicate names are all kept and sorted by value', g, 'POST', 'https://example.com/p', [['a', '2'], ['a', '1'], ['a', '10'], ...OAUTH_MIN]),
    b('sort-encoded-c-at', 'sorting uses encoded names: "c%40" sorts before "c2" although "c@" > "c2" raw', 'R-5849-3.4.1.3.2', 'POST', 'https://example.com/p', [['c2', 'x'], ['c@', 'y'], ...OAUTH_MIN]),
    b('sort-prefix-names', 'a name that is a prefix of another sorts first ("a" before "a2"), whatever the values', 'R-5849-3.4.1.3.2', 'POST', 'https://example.com/p', [['a2', '0'], ['a', 'z'], ['a', '2'], ...OAUTH_MIN]),
    b('sort-non-bmp', 'non-BMP and BMP characters sort by their UTF-8 escapes (U+FF5E vs U+1F600), not UTF-16', 'R-5849-3.4.1.3.2', 'POST', 'https://example.com/p', [['\uff5e', '1'], ['😀', '2'], ['é', '3'], ...OAUTH_MIN]),
    b('empty-values', 'empty values keep their = sign', g, 'POST', 'https://example.com/p', [['empty', ''], ['z', ''], ...OAUTH_MIN]),
    b('rfc3986-specials', "! * ' ( ) ~ in names and values: all but ~ are escaped", 'R-5849-3.6', 'POST', 'https://example.com/p', [["!*'()~", "!*'()~"], ...OAUTH_MIN]),
    b('spaces-and-plus', 'a space is %20 and a plus sign %2B, escaped once more in the base string', 'R-5849-3.6', 'POST', 'https://example.com/p', [['q', 'a b+c'], ['r', '+'], ...OAUTH_MIN]),
    b('query-plus-is-space', 'a + in the URL query is a space (the query is form-decoded)', 'R-5849-3.4.1.3.1', 'GET', 'https://example.com/p?q=a+b&r=%2B', OAUTH_MIN),
    b('default-port-http', 'port 80 of http is dropped', 'R-5849-3.4.1.2', 'GET', 'http://example.com:80/p', OAUTH_MIN),
    b('default-port-https', 'port 443 of https is dropped', 'R-5849-3.4.1.2', 'GET', 'https://example.com:443/p', OAUTH_MIN),
    b('non-default-port', 'port 8443 of https is kept', 'R-5849-3.4.1.2', 'GET', 'https://example.com:8443/p', OAUTH_MIN),
    b('cross-default-port', 'port 443 of http is not a default port and is kept', 'R-5849-3.4.1.2', 'GET', 'http://example.com:443/p', OAUTH_MIN),
    b('upper-case-scheme-host', 'scheme and host are lower-cased, the path is kept as written', 'R-5849-3.4.1.2', 'POST', 'HTTPS://Sandbox.Example.COM/Api/V2/Sale/1', OAUTH_MIN),
    b('empty-path', 'an empty path is "/"', 'R-5849-3.4.1.2', 'GET', 'https://example.com', OAUTH_MIN),
    b('fragment-dropped', 'the fragment is dropped', 'R-5849-3.4.1.2', 'GET', 'https://example.com/p#frag', OAUTH_MIN),
    b('userinfo-dropped', 'userinfo is dropped', 'R-5849-3.4.1.2', 'GET', 'https://user:pass@example.com/p', OAUTH_MIN),
    b('query-and-body', 'query and body parameters are sorted together', 'R-5849-3.4.1.3.1', 'POST', 'https://example.com/p?b=1&a=3', [['a', '2'], ['c', '0'], ...OAUTH_MIN]),
    b('method-lower-case', 'the method is upper-cased', 'R-5849-3.4.1.1', 'post', 'https://example.com/p', OAUTH_MIN),
    b('encoded-path-kept', 'percent-escapes in the path are kept as written, then escaped once more', 'R-5849-3.4.1.2', 'GET', 'https://example.com/a%20b/c', OAUTH_MIN),
    b('unicode-values', 'UTF-8 values: 2, 3 and 4 byte characters', g, 'POST', 'https://example.com/p', [['name', 'Zoë €5 😀'], ...OAUTH_MIN]),
  ];
  const results = compute(defs, {
    task: () => 'baseString',
    fns: { baseString: baseStringNaive },
    py: (d) => ({ method: d.method, url: d.url, params: d.params }),
  });
  const at = (id) => resultOf(defs, results, id);
  mustEqual('RFC 5849 3.4.1 base string', at('rfc5849-3-4-1').baseString, RFC_BASE);
  mustEqual('RFC 5849 3.4.1 base string (signature)', at('rfc5849-3-4-1-with-signature').baseString, RFC_BASE);
  mustEqual('OAuth Core 1.0 A.5.1 base string', at('oauth-core-a-5').baseString, A5_BASE);
  mustEqual('published parameter string', at('service-pan-eligibility').normalizedParameters, PAN_NORMALIZED);
  mustEqual(
    "the client code's published v4 sale base string",
    at('client-code-v4-sale').baseString,
    'POST&https%3A%2F%2Fgateway.example%2Fpaynet%2Fapi%2Fv4%2Fsale%2F123&amount%3D1.00%26client_orderid%3Dhf-1%26oauth_consumer_key%3Dmerchant',
  );
  // hmac-sha1.json and rsa-sha256.json sign these base strings (requests.mjs bases()): oracle.py agreed on them here
  const BASES = bases();
  for (const [name, id] of [
    ['rfc', 'rfc5849-3-4-1'],
    ['a5', 'oauth-core-a-5'],
    ['pan', 'service-pan-eligibility'],
    ['unicode', 'unicode-values'],
  ]) {
    mustEqual(`requests.mjs bases().${name}`, BASES[name], at(id).baseString);
  }
  return vectorFile(
    'base-string',
    "OAuth 1.0a signature base strings (RFC 5849 3.4.1): `params` are the decoded body and protocol parameters as ordered pairs; the URL query also takes part. oauth_signature never takes part; the Authorization header's realm is not a parameter and is not passed (a body parameter named realm is). normalizedParameters is the sorted, encoded parameter string; baseString is METHOD&pe(base URI)&pe(normalizedParameters).",
    assemble(defs, results, (ok) => ({ normalizedParameters: ok.normalizedParameters, baseString: ok.baseString })),
  );
}
