// RSA-SHA256: signOAuth and verifyOAuth with the key as a PEM string on every call, against
// node:crypto sign/verify with a KeyObject imported once.
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import { CONSUMER_KEY, NONCE, NOW, PAYOUT_PARAMS, PAYOUT_URL, TIMESTAMP, rsaKeys } from '../fixtures.mjs';
import { signOAuth, verifyOAuth } from '../reference.mjs';
import { VALID_AND_TAMPERED, refusesTampered } from '../runner.mjs';
import { noopNonceStore } from './nonce.mjs';

const require = createRequire(import.meta.url);

export default function rsaGroups(lib, { quick }) {
  const groups = [];
  for (const bits of quick ? [2048] : [2048, 4096]) {
    const { privateKey, publicKey } = rsaKeys()[bits];
    const priv = createPrivateKey(privateKey);
    const pub = createPublicKey(publicKey);
    const request = {
      method: 'POST',
      url: PAYOUT_URL,
      params: PAYOUT_PARAMS,
      consumerKey: CONSUMER_KEY,
      signatureMethod: 'RSA-SHA256',
      privateKey,
      nonce: NONCE,
      timestamp: TIMESTAMP,
    };
    const ref = () => signOAuth({ ...request, privateKey: priv });
    const signed = ref();

    const OAuth = require('oauth-1.0a');
    const o1 = OAuth({
      consumer: { key: CONSUMER_KEY, secret: '' },
      signature_method: 'RSA-SHA256',
      hash_function: (base) => sign('sha256', Buffer.from(base), privateKey).toString('base64'),
    });
    o1.getNonce = () => NONCE;
    o1.getTimeStamp = () => TIMESTAMP;
    const data = Object.fromEntries(PAYOUT_PARAMS);
    const o1sign = () => o1.authorize({ url: PAYOUT_URL, method: 'POST', data }).oauth_signature;
    const { rsasign } = require('oauth-sign');
    const osParams = {
      ...data,
      oauth_consumer_key: CONSUMER_KEY,
      oauth_nonce: NONCE,
      oauth_signature_method: 'RSA-SHA256',
      oauth_timestamp: String(TIMESTAMP),
      oauth_version: '1.0',
    };

    groups.push({
      id: `sign RSA-SHA256 ${bits}`,
      title: `signOAuth RSA-SHA256 ${bits}-bit, PEM string each call`,
      target: { case: 'paysig signOAuth (PEM)', max: 1.05 },
      timeScale: bits === 4096 ? 3 : 1.5,
      expected: signed.signature,
      cases: [
        { name: 'node:crypto sign, KeyObject (reference)', ref: true, fn: ref, check: () => ref().signature },
        {
          name: 'paysig signOAuth (PEM)',
          fn: () => lib.signOAuth(request),
          check: async () => (await lib.signOAuth(request)).signature,
        },
        { name: 'node:crypto sign, PEM parsed each call', info: true, fn: () => signOAuth(request) },
        { name: 'oauth-1.0a (node:crypto sign, PEM)', peer: true, fn: o1sign, check: o1sign },
        {
          name: 'oauth-sign rsasign',
          peer: true,
          likelyBecause: 'oauth-sign signs RSA-SHA1 only',
          fn: () => rsasign('POST', PAYOUT_URL, osParams, privateKey),
          check: () => rsasign('POST', PAYOUT_URL, osParams, privateKey),
        },
      ],
    });

    const req = { method: 'POST', url: PAYOUT_URL, params: PAYOUT_PARAMS, authorization: signed.authorization };
    const tampered = { ...req, params: PAYOUT_PARAMS.map(([k, v]) => [k, k === 'amount' ? '10.43' : v]) };
    const options = {
      credentials: (key) => (key === CONSUMER_KEY ? { publicKey } : undefined),
      now: NOW,
      nonceStore: noopNonceStore(),
    };
    const refVerify = (r) => verifyOAuth(r, { publicKey: pub, now: NOW });
    const verify = (r) => lib.verifyOAuth(r, options);
    groups.push({
      id: `verify RSA-SHA256 ${bits}`,
      title: `verifyOAuth RSA-SHA256 ${bits}-bit, PEM string each call (now fixed, no-op nonce store)`,
      target: { case: 'paysig verifyOAuth (PEM)', max: 1.1 },
      timeScale: 1.5,
      expected: VALID_AND_TAMPERED,
      cases: [
        {
          name: 'node:crypto verify, KeyObject (reference)',
          ref: true,
          fn: () => refVerify(req),
          check: () => refusesTampered(refVerify, req, tampered),
        },
        {
          name: 'paysig verifyOAuth (PEM)',
          fn: () => verify(req),
          check: () => refusesTampered(verify, req, tampered, lib),
        },
        {
          name: 'node:crypto verify, PEM parsed each call',
          info: true,
          fn: () => verifyOAuth(req, { publicKey, now: NOW }),
        },
      ],
    });
  }
  return groups;
}
