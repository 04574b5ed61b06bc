// The WebCrypto backend forced on Node (its own process, started with --conditions=paysig-webcrypto).
import { createHash } from 'node:crypto';
import {
  CONSUMER_KEY,
  CONTROL_CONCAT,
  CONTROL_FIELDS,
  CONTROL_KEY,
  NOW,
  PAYOUT_PARAMS,
  PAYOUT_URL,
} from '../fixtures.mjs';
import { authorizationHeader, baseString, oauthPairs, percentEncode, signOAuth, verifyOAuth } from '../reference.mjs';
import { HMAC_REQUEST } from './sign-hmac.mjs';
import { noopNonceStore } from './nonce.mjs';

/** The reference pipeline with the HMAC on WebCrypto, the key imported once by the caller. */
async function signHmacWeb(r, cryptoKey) {
  const oauth = Object.fromEntries(oauthPairs(r));
  const base = baseString({ method: r.method, url: r.url, params: [...r.params, ...Object.entries(oauth)] }).baseString;
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(base)));
  let bin = '';
  for (let i = 0; i < mac.length; i++) bin += String.fromCharCode(mac[i]);
  const signature = btoa(bin);
  return {
    authorization: authorizationHeader(undefined, { ...oauth, oauth_signature: signature }),
    signature,
    baseString: base,
  };
}

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export default async function webGroups(lib) {
  const groups = [];
  const utf8 = new TextEncoder();
  const digest = async () => hex(await crypto.subtle.digest('SHA-1', utf8.encode(CONTROL_CONCAT)));
  const control = () => lib.control('C-B', CONTROL_FIELDS, CONTROL_KEY);
  groups.push({
    id: 'web control',
    title: 'control() C-B on the WebCrypto backend (report only)',
    target: null,
    expected: createHash('sha1').update(CONTROL_CONCAT).digest('hex'),
    cases: [
      { name: 'crypto.subtle.digest (reference)', ref: true, fn: digest, check: digest },
      { name: 'paysig control()', fn: control, check: control },
    ],
  });
  const key = await crypto.subtle.importKey(
    'raw',
    utf8.encode(percentEncode(CONTROL_KEY) + '&'),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const { authorization, signature: expected } = signOAuth(HMAC_REQUEST);
  groups.push({
    id: 'web sign HMAC-SHA1',
    title: 'signOAuth HMAC-SHA1 on the WebCrypto backend, 16-field payout',
    target: { case: 'paysig signOAuth', max: 0.9 },
    expected,
    cases: [
      {
        name: 'plain pipeline, WebCrypto HMAC, key imported once (reference)',
        ref: true,
        fn: () => signHmacWeb(HMAC_REQUEST, key),
        check: async () => (await signHmacWeb(HMAC_REQUEST, key)).signature,
      },
      {
        name: 'paysig signOAuth',
        fn: () => lib.signOAuth(HMAC_REQUEST),
        check: async () => (await lib.signOAuth(HMAC_REQUEST)).signature,
      },
      { name: 'plain pipeline, node:crypto (for scale)', info: true, fn: () => signOAuth(HMAC_REQUEST) },
    ],
  });
  const req = { method: 'POST', url: PAYOUT_URL, params: PAYOUT_PARAMS, authorization };
  const options = {
    credentials: (k) => (k === CONSUMER_KEY ? { consumerSecret: CONTROL_KEY } : undefined),
    now: NOW,
    nonceStore: noopNonceStore(),
  };
  groups.push({
    id: 'web verify HMAC-SHA1',
    title: 'verifyOAuth HMAC-SHA1 on the WebCrypto backend (report only)',
    target: null,
    expected: CONSUMER_KEY,
    cases: [
      {
        name: 'plain node:crypto parse+rebuild+HMAC (reference)',
        ref: true,
        fn: () => verifyOAuth(req, { consumerSecret: CONTROL_KEY, now: NOW }),
        check: () => verifyOAuth(req, { consumerSecret: CONTROL_KEY, now: NOW }).consumerKey,
      },
      {
        name: 'paysig verifyOAuth',
        fn: () => lib.verifyOAuth(req, options),
        check: async () => (await lib.verifyOAuth(req, options)).consumerKey,
      },
    ],
  });
  return groups;
}
