#!/usr/bin/env node
// paysig conformance adapter for the npm package `oauth-1.0a` (protocol: vectors/PROTOCOL.md).
//
//   paysig conformance --adapter "node vectors/adapters/oauth-1.0a/adapter.mjs"
//
// It answers what that library does (percent-encoding, base string, signing key, whole signed
// requests, the header) and skips the rest (control digests, forms, callbacks, verification, key
// checks: the library has none). It is expected to fail cases: it shows what the kit finds in a
// widely used OAuth 1.0a signer. The library leaves hashing to its caller; node:crypto does it here.
import { createHmac, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import OAuth from 'oauth-1.0a';

const KEYS = join(process.env.PAYSIG_VECTORS ?? new URL('../../', import.meta.url).pathname, 'keys');

const hmacSha1 = (base, key) => createHmac('sha1', key).update(base).digest('base64');
const rsaSha256 = (file) => (base) =>
  sign('sha256', Buffer.from(base), createPrivateKey(readFileSync(join(KEYS, file), 'utf8'))).toString('base64');

/** The library takes parameters as an object; a repeated name becomes an array, as it expects. */
function toData(pairs) {
  const data = {};
  for (const [n, v] of pairs) {
    if (!Object.hasOwn(data, n)) data[n] = v;
    else data[n] = [].concat(data[n], v);
  }
  return data;
}

/** A signer with the case's consumer, method, fixed nonce and timestamp. */
function signer(c) {
  const oauth = OAuth({
    consumer: { key: c.consumerKey, secret: c.consumerSecret ?? '' },
    signature_method: c.signatureMethod,
    hash_function: c.signatureMethod === 'RSA-SHA256' ? rsaSha256(c.privateKeyFile) : hmacSha1,
    ...(c.realm !== undefined ? { realm: c.realm } : {}),
  });
  oauth.getNonce = () => c.nonce;
  oauth.getTimeStamp = () => c.timestamp;
  const token = c.token !== undefined ? { key: c.token, secret: c.tokenSecret ?? '' } : { secret: c.tokenSecret };
  return { oauth, signed: oauth.authorize({ method: c.method, url: c.url, data: toData(c.params ?? []) }, token) };
}

const plain = OAuth({ consumer: { key: '', secret: '' } });

const OUTPUTS = {
  'percent-encoding': (c) => (c.operation === 'encode' ? plain.percentEncode(c.input) : undefined),
  'base-string': (c) => plain.getBaseString({ method: c.method, url: c.url, data: toData(c.params) }, {}),
  'hmac-sha1': (c) =>
    hmacSha1(
      c.baseString,
      OAuth({
        consumer: { key: '', secret: c.consumerSecret },
        signature_method: 'HMAC-SHA1',
        hash_function: hmacSha1,
      }).getSigningKey(c.tokenSecret),
    ),
  'rsa-sha256': (c) => signer(c).signed.oauth_signature,
  'oauth-sign': (c) => {
    const { oauth, signed } = signer(c);
    return oauth.toHeader(signed).Authorization;
  },
};

function answer({ id, topic, input }) {
  const compute = OUTPUTS[topic];
  if (compute === undefined) return { id, skip: 'oauth-1.0a has no such function' };
  try {
    const output = compute(input);
    return output === undefined ? { id, skip: 'oauth-1.0a has no percent-decoder' } : { id, output };
  } catch (e) {
    return { id, error: `${e.name}: ${e.message}` };
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim() !== '') process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + '\n');
}
