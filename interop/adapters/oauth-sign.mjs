#!/usr/bin/env node
// npm `oauth-sign` 0.9.0 (the signer `request` used): rfc3986(), generateBase(), hmacsign(),
// rsasign() (RSA-SHA1 only). It signs the base URI and parameters its caller hands it and
// writes no header: header and whole-request topics are unsupported, and so is HMAC over a given
// base string (no exported function takes one).
import { generateBase, rfc3986 } from 'oauth-sign';
import { pairsToObject, serve, skip } from '../lib/loop.mjs';
import { splitQuery } from '../lib/query.mjs';

serve('oauth-sign', {
  'percent-encoding': (c) => (c.operation === 'encode' ? rfc3986(c.input) : skip('oauth-sign has no decoder')),
  'base-string': (c) => {
    const { base, query } = splitQuery(c.url);
    return generateBase(c.method, base, pairsToObject([...query, ...c.params]));
  },
  'hmac-sha1': () => skip('oauth-sign signs only a base string it builds itself (hmacsign takes method, URI, params)'),
  'rsa-sha256': () => skip('oauth-sign has RSA-SHA1 only'),
  'oauth-sign': () => skip('oauth-sign writes no Authorization header'),
});
