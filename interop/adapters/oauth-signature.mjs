#!/usr/bin/env node
// npm `oauth-signature` 1.5.0: oauthSignature.generate() and its parts (SignatureBaseString,
// HmacSha1Signature, Rfc3986), HMAC-SHA1 only, as its README shows. It takes every parameter from
// its caller (the URL's query is dropped by its UrlElement) and writes no header.
import oauthSignature from 'oauth-signature';
import { pairsToObject, serve, skip } from '../lib/loop.mjs';
import { splitQuery } from '../lib/query.mjs';

const rfc3986 = new oauthSignature.Rfc3986();

/** The library's parameter format: { name: [values] }. */
const parameters = (pairs) =>
  Object.fromEntries(Object.entries(pairsToObject(pairs)).map(([n, v]) => [n, [].concat(v)]));

serve('oauth-signature', {
  'percent-encoding': (c) => (c.operation === 'encode' ? rfc3986.encode(c.input) : rfc3986.decode(c.input)),
  'base-string': (c) => {
    const { query } = splitQuery(c.url);
    return new oauthSignature.SignatureBaseString(c.method, c.url, parameters([...query, ...c.params])).generate();
  },
  'hmac-sha1': (c) =>
    new oauthSignature.HmacSha1Signature(c.baseString, c.consumerSecret, c.tokenSecret).generate(false),
  'rsa-sha256': () => skip('oauth-signature has HMAC-SHA1 only'),
  'oauth-sign': () => skip('oauth-signature writes no Authorization header'),
});
