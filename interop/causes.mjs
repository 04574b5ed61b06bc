// Why each library's mismatches happen, written by hand from the library's own code or
// documentation (the versions are the table's). interop/table.mjs puts each line under the table;
// a mismatch with no line here is listed as unexplained, and test/interop.test.ts fails on it.
// `text` names the term that differs, the code that causes it, and whether the service would
// refuse a request because of it.

const SIGNATURE_PARAM = (lib) =>
  `parameter \`oauth_signature\`: ${lib} normalises every parameter its caller hands it, so a received request's own signature would be signed too (RFC 5849 3.4.1.3.1 leaves it out); a signer never has one, so the service is not affected.`;

export const CAUSES = {
  'oauth-1.0a': [
    {
      cases: ['base-string/rfc5849-3-4-1', 'base-string/rfc5849-3-4-1-with-signature', 'base-string/query-and-body'],
      text: "parameter `a3` / `a`: `getParameterString` merges body data and the URL's query with `mergeObject` (plain object keys), so a query parameter replaces a body parameter of the same name; in RFC 5849 3-4-1 the query's `c%40` is also encoded a second time (`deParam` splits the query by hand without decoding). Refused (403) only for a request that repeats a name across query and body, or has an encoded query name: the service's operations have no query.",
    },
    {
      cases: ['base-string/query-plus-is-space'],
      text: 'parameter `q`: `deParam` does not turn `+` into a space in the query (RFC 5849 3.4.1.3.1 decodes it as a form). Refused only for a URL with `+` in its query; the operations have none.',
    },
    {
      cases: [
        'base-string/default-port-http',
        'base-string/default-port-https',
        'base-string/upper-case-scheme-host',
        'base-string/empty-path',
        'base-string/fragment-dropped',
        'base-string/userinfo-dropped',
      ],
      text: "base string URI: `getBaseUrl` is `url.split('?')[0]`, so default ports, upper-case scheme and host, an empty path, a fragment and userinfo stay as written (RFC 5849 3.4.1.2 normalises them). Refused (403) when the merchant configures the base URL that way, e.g. `https://host:443/paynet`.",
    },
    {
      cases: ['oauth-sign/payout-hmac-query'],
      text: 'base string URI and parameter `x`: the URL `https://...:443/...?lang=en&x=a+b` keeps its `:443` and its `+` (the two causes above), so the signature is over another string. Refused (403) for such a URL.',
    },
  ],
  oauth: [
    {
      cases: ['base-string/rfc5849-3-4-1', 'base-string/rfc5849-3-4-1-with-signature', 'base-string/query-and-body'],
      text: "parameter `a3` / `a`: `_prepareParameters` copies body parameters and then the URL's query (`querystring.parse`) into one object, so a query parameter replaces a body parameter of the same name (lib/oauth.js). Refused (403) only for a request that repeats a name across query and body; the service's operations have no query.",
    },
  ],
  'oauth-sign': [
    { cases: ['base-string/rfc5849-3-4-1-with-signature'], text: SIGNATURE_PARAM('`generateBase`') },
    {
      cases: [
        'base-string/default-port-http',
        'base-string/default-port-https',
        'base-string/upper-case-scheme-host',
        'base-string/empty-path',
        'base-string/userinfo-dropped',
      ],
      text: 'base string URI: `generateBase(httpMethod, base_uri, params)` encodes `base_uri` exactly as its caller gives it (index.js: `rfc3986(base_uri)`); normalising it (RFC 5849 3.4.1.2) was the job of `request`, its original caller. Refused (403) when a caller passes a URL with a default port, upper-case host or no path.',
    },
  ],
  'oauth-signature': [
    { cases: ['base-string/rfc5849-3-4-1-with-signature'], text: SIGNATURE_PARAM('`SignatureBaseString`') },
    {
      cases: ['base-string/empty-path'],
      text: "base string URI: `UrlElement.get` drops the path `/` when the URL was written without it (`if (path == '/' && this._url.indexOf(baseUrl + path) === -1) path = ''`), where RFC 5849 3.4.1.2 writes `/`. Refused only for a URL with no path; the service's all have one.",
    },
  ],
  oauthlib: [
    {
      cases: ['oauth-sign/payout-hmac-hard-body', 'oauth-sign/generated-1-4'],
      text: 'parameters `tag` / `client_orderid` (a repeated name): `Client.sign` accepts the body as "a list of 2-tuples" (its docstring), but `oauthlib.common.Request` passes it through `to_unicode`, which turns any list of pairs into a dict, so only the last value of a repeated name is signed (and sent). Refused (403) for a body with a repeated name passed as a list; a form-encoded string body keeps them.',
    },
  ],
  authlib: [
    {
      cases: ['base-string/realm-in-body-takes-part'],
      text: "parameter `realm`: `construct_base_string` skips every parameter named `realm` (`if k in ('oauth_signature', 'realm')`), from the body too, where RFC 5849 3.4.1.3.1 leaves out only the header's. Refused only for a request with a `realm` field; the service's operations have none.",
    },
    {
      cases: ['base-string/userinfo-dropped'],
      text: 'base string URI: `normalize_base_string_uri` lower-cases the whole netloc and keeps `user:pass@`. Refused only for a URL with userinfo.',
    },
  ],
  'ruby-oauth': [
    {
      cases: [
        'base-string/rfc5849-3-4-1',
        'base-string/rfc5849-3-4-1-with-signature',
        'base-string/sort-encoded-c-at',
        'base-string/sort-non-bmp',
      ],
      text: "parameter order: `OAuth::Helper.normalize` sorts the raw names (`params.sort`) and encodes afterwards, so `c@` comes after `c2` and non-ASCII names sort by their characters, where RFC 5849 3.4.1.3.2 sorts the encoded names (`c%40` before `c2`). Refused (403) only for names with characters that get encoded; the service's field names have none.",
    },
  ],
  'simple-oauth': [
    {
      cases: ['base-string/userinfo-dropped'],
      text: 'base string URI: `Header#url` is the URL after `URI#normalize!` with the query removed, so `user:pass@` stays. Refused only for a URL with userinfo.',
    },
  ],
  'pecl-oauth': [
    {
      cases: ['percent-encoding/empty'],
      text: "output: `oauth_urlencode('')` returns `false` with the warning \"Invalid uri length (0)\" instead of `''`; empty values inside a signature are encoded right (`base-string/empty-values` passes). Never refused.",
    },
    {
      cases: ['base-string/rfc5849-3-4-1', 'base-string/rfc5849-3-4-1-with-signature', 'base-string/query-and-body'],
      text: "parameter `a3` / `a`: `oauth_generate_sig_base` (oauth.c) merges the given parameters into one PHP array, then parses the URL's query into the same array (`oauth_parse_str`), so a query parameter replaces a body parameter of the same name. Refused (403) only for a request that repeats a name across query and body; the operations have no query.",
    },
    {
      cases: ['base-string/sort-encoded-c-at', 'base-string/sort-non-bmp'],
      text: "parameter order: `oauth_generate_sig_base` sorts the array with PHP's `ksort` on the raw names and encodes them afterwards (`oauth_http_build_query`), so `c@` comes after `c2` and non-ASCII names sort by their raw bytes, where RFC 5849 3.4.1.3.2 sorts encoded names. Refused only for names with characters that get encoded; the service's have none.",
    },
    {
      cases: ['base-string/empty-path'],
      text: 'refused: `oauth_get_sbs` throws "Invalid path (perhaps you only specified the hostname? try adding a slash at the end)" for `https://example.com` (`oauth_generate_sig_base` builds nothing without a parsed path), where RFC 5849 3.4.1.2 reads an empty path as `/`. The service\'s URLs all have a path.',
    },
    {
      cases: ['base-string/method-lower-case'],
      text: 'method: `oauth_generate_sig_base` writes the method as given (`post`), where RFC 5849 3.4.1.1 upper-cases it. Refused (403) only when a caller passes a lower-case method.',
    },
  ],
};
