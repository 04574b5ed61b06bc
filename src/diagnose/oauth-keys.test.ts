// The OAuth diagnosis: keys of the wrong kind or form, methods it cannot check, valid signatures
// of the other method, and the variants (encoded twice, counted twice, untrimmed) it recognises.
// Signatures and base strings come from test/helpers/diagnose-oauth.ts (node:crypto and a base
// string written out by hand).
import { describe, expect, it } from 'vitest';
import {
  baseString,
  context,
  hmac,
  header,
  KEY,
  oauthParams,
  PAYOUT,
  pe,
  PUBLIC,
  rsa,
  signedHeader,
} from '../../test/helpers/diagnose-oauth.js';
import { diagnoseOAuth } from './oauth.js';

const RSA_OAUTH = oauthParams({ oauth_signature_method: 'RSA-SHA256' });
const wrongKey = (id: string, text: string) => ({ id, message: expect.stringContaining(text) });

describe('diagnoseOAuth: keys and methods', () => {
  it('HMAC-SHA1 without a control key: says so, with a hint only when the merchant has an RSA key', async () => {
    const authorization = signedHeader(oauthParams(), []);
    for (const creds of [{ publicKey: PUBLIC }, { controlKey: '', publicKey: PUBLIC }]) {
      const rsaOnly = await diagnoseOAuth(context({ authorization, creds }));
      expect(rsaOnly.problem).toBe('no key to check HMAC-SHA1 for this consumer');
      expect(rsaOnly.hints).toEqual([
        wrongKey(
          'wrong-key-form',
          'the request is signed with HMAC-SHA1, which needs the control key, but the merchant',
        ),
      ]);
    }
    for (const creds of [{}, { controlKey: '' }]) {
      const none = await diagnoseOAuth(context({ authorization, creds }));
      expect(none.problem).toBe('no key to check HMAC-SHA1 for this consumer');
      expect(none.hints).toEqual([]);
    }
  });

  it('RSA-SHA256 without a public key: says so, with a hint only when the merchant has a control key', async () => {
    const authorization = signedHeader(RSA_OAUTH, [], rsa);
    const ctx = { authorization, expectedMethod: 'RSA-SHA256' } as const;
    const hmacOnly = await diagnoseOAuth(context({ ...ctx, creds: { controlKey: KEY } }));
    expect(hmacOnly.problem).toBe('no key to check RSA-SHA256 for this consumer');
    expect(hmacOnly.hints).toEqual([wrongKey('wrong-key-form', 'which needs an RSA public key')]);
    const none = await diagnoseOAuth(context({ ...ctx, creds: {} }));
    expect(none.problem).toBe('no key to check RSA-SHA256 for this consumer');
    expect(none.hints).toEqual([]);
  });

  it('a method it cannot check: no hint, and the method quoted in at most 32 characters', async () => {
    const plain = await diagnoseOAuth(
      context({ authorization: signedHeader(oauthParams({ oauth_signature_method: 'PLAINTEXT' }), []) }),
    );
    expect(plain.problem).toBe('no key to check PLAINTEXT for this consumer');
    expect(plain.hints).toEqual([]);
    const long = await diagnoseOAuth(
      context({ authorization: signedHeader(oauthParams({ oauth_signature_method: 'X'.repeat(40) }), []) }),
    );
    expect(long.problem).toBe(`no key to check ${'X'.repeat(32)} for this consumer`);
  });

  it('a control key that is a PEM key gets a hint even when the signature made with it is valid', async () => {
    const authorization = signedHeader(oauthParams(), [], (b) => hmac(b, PUBLIC));
    const r = await diagnoseOAuth(context({ authorization, creds: { controlKey: PUBLIC } }));
    expect(r.problem).toBeUndefined();
    expect(r.hints).toEqual([wrongKey('wrong-key-form', 'the control key configured for this merchant is a PEM key')]);
  });

  it('RSA-SHA256: a valid signature has no hint; one that is not Base64 verifies false; a bad key stops', async () => {
    const ctx = { expectedMethod: 'RSA-SHA256' } as const;
    const good = await diagnoseOAuth(context({ ...ctx, authorization: signedHeader(RSA_OAUTH, [], rsa) }));
    expect(good.oauth.rsaVerified).toBe(true);
    expect(good.hints).toEqual([]);
    const junk = await diagnoseOAuth(
      context({ ...ctx, authorization: header({ ...RSA_OAUTH, oauth_signature: 'not Base64!' }) }),
    );
    expect(junk.oauth.rsaVerified).toBe(false);
    expect(junk.problem).toBeUndefined();
    expect(Object.keys(junk)).not.toContain('difference');
    const badKey = await diagnoseOAuth(
      context({ ...ctx, authorization: signedHeader(RSA_OAUTH, [], rsa), creds: { publicKey: 'not a key' } }),
    );
    expect(badKey.problem).toMatch(/^the public key cannot be used: ./);
    expect(badKey.hints).toEqual([wrongKey('wrong-key-form', 'is not PEM')]);
  });

  it('a valid signature of the other method names the method and key the operation needs', async () => {
    const hmacOnRsa = await diagnoseOAuth(
      context({ authorization: signedHeader(oauthParams(), []), expectedMethod: 'RSA-SHA256' }),
    );
    expect(hmacOnRsa.hints).toEqual([
      wrongKey(
        'wrong-key-form',
        "the signature is valid HMAC-SHA1, but this operation is signed with RSA-SHA256 and the merchant's RSA private key, not the control key",
      ),
    ]);
    const rsaOnHmac = await diagnoseOAuth(context({ authorization: signedHeader(RSA_OAUTH, [], rsa) }));
    expect(rsaOnHmac.hints).toEqual([
      wrongKey(
        'wrong-key-form',
        'the signature is valid RSA-SHA256, but this operation is signed with HMAC-SHA1 and the merchant control key',
      ),
    ]);
  });
});

describe('diagnoseOAuth: variants', () => {
  const oauth = oauthParams();
  const entries = Object.entries(oauth);

  it('recognises oauth_* values encoded twice', async () => {
    const client = baseString(
      PAYOUT,
      entries.map(([k, v]): [string, string] => [k, pe(v)]),
    );
    const r = await diagnoseOAuth(context({ authorization: header({ ...oauth, oauth_signature: hmac(client) }) }));
    expect(r.hints).toEqual([wrongKey('oauth-double-encoded', 'values were percent-encoded twice')]);
    expect(r.oauth.clientBaseString).toBe(client);
  });

  it('recognises body repeats of oauth_* values counted a second time', async () => {
    const raw: Array<[string, string]> = [['oauth_nonce', oauth['oauth_nonce']!]];
    const client = baseString(PAYOUT, [...raw, ...entries]);
    const authorization = header({ ...oauth, oauth_signature: hmac(client) });
    const r = await diagnoseOAuth(context({ authorization, raw }));
    expect(r.hints).toEqual([wrongKey('oauth-counted-twice', 'repeated in the body a second time')]);
    expect(r.oauth.clientBaseString).toBe(client);
  });

  it('recognises body values signed before trimming', async () => {
    const raw: Array<[string, string]> = [['amount', ' 10.00\t']];
    const client = baseString(PAYOUT, [...raw, ...entries]);
    const authorization = header({ ...oauth, oauth_signature: hmac(client) });
    const r = await diagnoseOAuth(context({ authorization, raw }));
    expect(r.hints).toEqual([wrongKey('untrimmed-values', 'over the body values as sent, before trimming')]);
    expect(r.oauth.clientBaseString).toBe(client);
    expect(r.difference?.what).toBe('base string');
  });

  it('recognises a URL variant over the oauth_* values encoded once', async () => {
    // The nonce n+/=1 reads differently once and twice encoded.
    const client = baseString(`${PAYOUT}/`, entries);
    const r = await diagnoseOAuth(context({ authorization: header({ ...oauth, oauth_signature: hmac(client) }) }));
    expect(r.hints).toEqual([wrongKey('trailing-slash', 'the client signed the path with a trailing slash')]);
    expect(r.oauth.clientBaseString).toBe(client);
  });

  it('without a matching variant: the first difference of the HMAC signatures; none for RSA', async () => {
    const wrong = signedHeader(oauth, [], (b) => hmac(b, 'another key'));
    const r = await diagnoseOAuth(context({ authorization: wrong }));
    const expected = hmac(baseString(PAYOUT, entries));
    expect(r.oauth.expectedSignature).toBe(expected);
    expect(r.hints).toEqual([]);
    expect(r.difference).toMatchObject({ what: 'signature', expected: expect.stringMatching(/^[A-Za-z0-9+/=]+$/) });
    expect(expected).toContain(r.difference!.expected);

    const rsaWrong = await diagnoseOAuth(
      context({ authorization: signedHeader(RSA_OAUTH, [['x', '1']], rsa), expectedMethod: 'RSA-SHA256' }),
    );
    expect(rsaWrong.oauth.rsaVerified).toBe(false);
    expect(Object.keys(rsaWrong).sort()).toEqual(['hints', 'oauth']);
  });

  it('skips a variant whose base string cannot be built (over the parameter bound)', async () => {
    // 9,994 fields + 6 header parameters = 10,000; counting the body repeat again makes 10,001.
    const trimmed: Array<[string, string]> = Array.from({ length: 9_994 }, (_, i) => [`f${i}`, '1']);
    trimmed.push(['oauth_version', '1.0']);
    const wrong = signedHeader(oauth, [], (b) => hmac(b, 'another key'));
    const r = await diagnoseOAuth(context({ authorization: wrong, raw: trimmed }));
    expect(r.problem).toBeUndefined();
    expect(r.hints).toEqual([]);
    expect(r.difference?.what).toBe('signature');
  });
});
