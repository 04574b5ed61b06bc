// What diagnose() reports for OAuth requests and RSA keys of the wrong kind or form: signatures
// from node:crypto (test/helpers/client-sign.ts), keys from vectors/keys, messages by hand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientAuthorization, clientForm } from '../../test/helpers/client-sign.js';
import { diagnose, type DiagnoseOptions } from './index.js';
import type { CredentialsQuery, VerifyCredentials } from '../request/verify.js';

const pem = (name: string) => readFileSync(new URL(`../../vectors/keys/${name}`, import.meta.url), 'utf8');
const PRIVATE = pem('test-only-rsa-2048-pkcs8.pem');
const PUBLIC = pem('test-only-rsa-2048-spki.pem');
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const HOST = 'https://gate.example.com';
const CT = { 'content-type': 'application/x-www-form-urlencoded' };
const PAYOUT = `${HOST}/api/v2/payout/1111`;
const V4 = `${HOST}/api/v4/create-card-ref/1111`;
const BODY: Array<[string, string]> = [
  ['client_orderid', 'P-1'],
  ['amount', '10.00'],
  ['currency', 'EUR'],
];
const V4BODY: Array<[string, string]> = [
  ['client_orderid', 'A-1'],
  ['credit_card_number', '4111111111111111'],
  ['expire_month', '12'],
  ['expire_year', '2030'],
];
const NOW = Math.floor(Date.now() / 1000);
const hmacRequest = (url: string, pairs = BODY, timestamp = NOW, secret = KEY, sentTo = url) => ({
  method: 'POST',
  url: sentTo,
  headers: {
    ...CT,
    authorization: clientAuthorization(url, pairs, { method: 'HMAC-SHA1', consumerKey: 'merchant', secret, timestamp }),
  },
  body: clientForm(pairs),
});
const rsaRequest = () => ({
  method: 'POST',
  url: V4,
  headers: {
    ...CT,
    authorization: clientAuthorization(V4, V4BODY, { method: 'RSA-SHA256', consumerKey: 'merchant', secret: PRIVATE }),
  },
  body: clientForm(V4BODY),
});
const opts = (c: VerifyCredentials, extra: Partial<DiagnoseOptions> = {}): DiagnoseOptions => ({
  credentials: () => c,
  ...extra,
});
const keyHints = (d: { hints: ReadonlyArray<{ id: string; message: string }> }) =>
  d.hints.filter((h) => h.id === 'wrong-key-form').map((h) => h.message);

describe('diagnose: OAuth', () => {
  it('checks against the clock when no "now" is given, and asks for the merchant by consumer key', async () => {
    const queries: CredentialsQuery[] = [];
    const credentials = (who: CredentialsQuery) => {
      queries.push(who);
      const known = who.consumerKey === 'merchant' && who.endpointId === '1111' && who.operation.id === 'payout';
      return known ? { controlKey: KEY } : undefined;
    };
    const d = await diagnose(hmacRequest(PAYOUT), { credentials });
    expect(d.valid).toBe(true);
    expect(Object.keys(d).sort()).toEqual(['hints', 'oauth', 'operation', 'request', 'scheme', 'valid']);
    expect(d.hints).toEqual([]);
    expect(Math.abs(d.oauth!.timestampOffsetSeconds!)).toBeLessThan(60);
    expect(d.oauth?.expectedSignature).toBe(d.oauth?.receivedSignature);
    expect(queries).toHaveLength(1);
  });

  it('uses the signed URL given as "url" and the allowed skew given as "maxSkewSeconds"', async () => {
    const proxied = hmacRequest(PAYOUT, BODY, NOW - 900, KEY, 'http://10.0.0.7:8080/api/v2/payout/1111');
    const d = await diagnose(proxied, opts({ controlKey: KEY }, { url: PAYOUT, maxSkewSeconds: 1000 }));
    expect(d).toMatchObject({ valid: true, hints: [] });
    const exact = await diagnose(hmacRequest(PAYOUT), opts({ controlKey: KEY }, { now: NOW, maxSkewSeconds: 0 }));
    expect(exact.valid).toBe(true);
  });

  it('reads no body when the parts have none', async () => {
    const url = `${PAYOUT}?client_orderid=P-1`;
    const { body: _none, ...request } = hmacRequest(url, []);
    const d = await diagnose(request, opts({ controlKey: KEY }));
    expect(d.oauth?.parameters.filter((p) => p.source === 'body')).toEqual([]);
    expect(d.oauth?.parameters.filter((p) => p.source === 'query')).toEqual([
      { name: 'client_orderid', value: 'P-1', source: 'query', signed: true },
    ]);
  });

  it('HMAC-SHA1 for a merchant with only an RSA public key: names the key the method needs', async () => {
    const d = await diagnose(hmacRequest(PAYOUT), opts({ publicKey: PUBLIC }));
    expect(d.problem).toBe('no key to check HMAC-SHA1 for this consumer');
    expect(keyHints(d)).toEqual([
      'the request is signed with HMAC-SHA1, which needs the control key, but the merchant has only the other kind of key',
    ]);
  });

  it('with a list of control keys: reports each key and shows the signature of the one that matches', async () => {
    const d = await diagnose(hmacRequest(PAYOUT), opts({ controlKey: [{ key: 'OLD-KEY-5A1F' }, { key: KEY }] }));
    expect(d.valid).toBe(true);
    expect(d.keys).toStrictEqual([
      { index: 0, matches: false },
      { index: 1, matches: true },
    ]);
    expect(d.oauth?.expectedSignature).toBe(d.oauth?.receivedSignature);
    expect(d.hints).toEqual([]);
  });

  it('recognises a PEM key configured as the control key', async () => {
    const d = await diagnose(hmacRequest(PAYOUT, BODY, NOW, PUBLIC), opts({ controlKey: PUBLIC }));
    expect(keyHints(d)).toEqual([
      'the control key configured for this merchant is a PEM key: HMAC-SHA1 uses the merchant control key',
    ]);
    expect(keyHints(await diagnose(hmacRequest(PAYOUT), opts({ controlKey: KEY })))).toEqual([]);
  });
});

describe('diagnose: RSA-SHA256 keys of the wrong kind or form', () => {
  const der = (text: string) => Buffer.from(text.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const labelled = (label: string, bytes: Uint8Array) =>
    `-----BEGIN ${label}-----\n${Buffer.from(bytes).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;
  const ALG = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

  it('finds nothing wrong with the right public key, as PEM or as a CryptoKey', async () => {
    const good = await diagnose(rsaRequest(), opts({ publicKey: PUBLIC }));
    expect(good).toMatchObject({ valid: true, hints: [] });
    const key = await crypto.subtle.importKey('spki', der(PUBLIC), ALG, true, ['verify']);
    expect(await diagnose(rsaRequest(), opts({ publicKey: key }))).toMatchObject({ valid: true, hints: [] });
  });

  it('recognises a private CryptoKey, a control key and a PKCS#8 key labelled PUBLIC KEY', async () => {
    const priv = await crypto.subtle.importKey('pkcs8', der(PRIVATE), ALG, true, ['sign']);
    expect(keyHints(await diagnose(rsaRequest(), opts({ publicKey: priv })))).toEqual([
      'the CryptoKey configured as the public key is a private key',
    ]);
    expect(keyHints(await diagnose(rsaRequest(), opts({ publicKey: KEY })))).toEqual([
      'the public key configured for this merchant is not PEM (a control key?): RSA-SHA256 needs the RSA public key the merchant sent (BEGIN PUBLIC KEY)',
    ]);
    const pkcs8AsPublic = labelled('PUBLIC KEY', der(PRIVATE));
    expect(keyHints(await diagnose(rsaRequest(), opts({ publicKey: pkcs8AsPublic })))).toEqual([
      'the PEM says BEGIN PUBLIC KEY but holds a PKCS#8 private key (BEGIN PRIVATE KEY): the label and the DER format (PKCS#1 vs PKCS#8/SPKI) must agree',
    ]);
  });

  it('recognises an OpenSSH key at the start of the text, after any whitespace, and only there', async () => {
    const line = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 merchant@example';
    expect(keyHints(await diagnose(rsaRequest(), opts({ publicKey: `\n  ${line}\n` })))).toEqual([
      'the public key configured for this merchant is an OpenSSH key (ssh-rsa ...): convert it with `ssh-keygen -e -m PKCS8 -f key.pub` (BEGIN PUBLIC KEY)',
    ]);
    expect(keyHints(await diagnose(rsaRequest(), opts({ publicKey: `key.pub: ${line}` })))).toEqual([
      'the public key configured for this merchant is not PEM (a control key?): RSA-SHA256 needs the RSA public key the merchant sent (BEGIN PUBLIC KEY)',
    ]);
  });

  it('gives no form hint for a PEM that holds no key under any label, or is not well-formed', async () => {
    for (const publicKey of [
      labelled('PUBLIC KEY', new Uint8Array([48, 3, 2, 1, 1])),
      '-----BEGIN PUBLIC KEY-----\nMA==\n',
    ]) {
      const d = await diagnose(rsaRequest(), opts({ publicKey }));
      expect(d.valid).toBe(false);
      expect(keyHints(d)).toEqual([]);
      expect(d.problem).toMatch(/^the public key cannot be used: /);
    }
  });
});
