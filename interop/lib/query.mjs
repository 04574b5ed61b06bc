// What a caller of a signing primitive (npm oauth-sign, oauth-signature) has to do before calling
// it: those libraries take the base URI and every parameter from their caller, so the URL's query
// is cut off and its parameters handed over, form-decoded by node:querystring (as the `request`
// package, oauth-sign's original caller, did). Nothing else of the URL is touched: scheme, host,
// port and path normalisation stay the library's business.
import { parse } from 'node:querystring';

export function splitQuery(url) {
  const hash = url.indexOf('#');
  const noFragment = hash < 0 ? url : url.slice(0, hash);
  const q = noFragment.indexOf('?');
  if (q < 0) return { base: noFragment, query: [] };
  const query = [];
  for (const [name, value] of Object.entries(parse(noFragment.slice(q + 1))))
    for (const v of [].concat(value)) query.push([name, v]);
  return { base: noFragment.slice(0, q), query };
}
