// RSA-SHA256: signOAuth and verifyOAuth with the key as a PEM string on every call, against
// node:crypto sign/verify with a KeyObject imported once.
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { CONSUMER_KEY, NOW, PAYOUT_PARAMS, PAYOUT_URL, payoutRequest, rsaKeys } from '../fixtures.mjs';
import { peers } from '../peers.mjs';
import { signOAuth, verifyOAuth } from '../reference.mjs';
import { VALID_AND_TAMPERED, refusesTampered } from '../runner.mjs';
import { noopNonceStore } from './nonce.mjs';

export default function rsaGroups(lib, { quick }) {
  const groups = [];
  for (const bits of quick ? [2048] : [2048, 4096]) {
    const { privateKey, publicKey } = rsaKeys()[bits];
    const priv = createPrivateKey(privateKey);
    const pub = createPublicKey(publicKey);
    // the payout of fixtures.mjs, signed with the private key instead of a consumer secret
    const { consumerSecret, ...payout } = payoutRequest(PAYOUT_PARAMS);
    const request = { ...payout, signatureMethod: 'RSA-SHA256', privateKey };
    const ref = () => signOAuth({ ...request, privateKey: priv });
    const signed = ref();

    const hash = (base) => sign('sha256', Buffer.from(base), privateKey).toString('base64');
    const { authorize, oauthSign, params } = peers('RSA-SHA256', '', hash);
    const o1sign = () => authorize().oauth_signature;
    const ossign = () => oauthSign.rsasign('POST', PAYOUT_URL, params, privateKey);

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
          fn: ossign,
          check: ossign,
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
