// decodeKeyPem, the reader behind rsaKeyBits and the key diagnosis: which half each of the four
// PEM forms is, and the armour hint for a DER under the wrong label of its half, whose cause is
// the refusal under the label given.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/helpers/refusal.js';
import { KeyError } from '../errors/index.js';
import { decodeKeyPem } from './decode.js';
import { parsePem } from './pem.js';

const KEYS = new URL('../../vectors/keys/', import.meta.url);
const pemOf = (name: string): string => readFileSync(new URL(`test-only-${name}.pem`, KEYS), 'utf8');

/** The same DER under another label. */
function relabel(pem: string, from: string, to: string): string {
  return pem
    .replace(`-----BEGIN ${from}-----`, `-----BEGIN ${to}-----`)
    .replace(`-----END ${from}-----`, `-----END ${to}-----`);
}

describe('decodeKeyPem', () => {
  it.each([
    ['rsa-2048-pkcs8', 'private', 'PRIVATE KEY'],
    ['rsa-2048-pkcs1', 'private', 'RSA PRIVATE KEY'],
    ['rsa-2048-spki', 'public', 'PUBLIC KEY'],
    ['rsa-2048-pkcs1-public', 'public', 'RSA PUBLIC KEY'],
  ])('%s is a %s key labelled %s, of 2048 bits and e = 65537', (file, kind, label) => {
    const key = decodeKeyPem(pemOf(file));
    expect(key.kind).toBe(kind);
    expect(key.label).toBe(label);
    expect(key.bits).toBe(2048);
    expect(Array.from(key.exponent)).toEqual([1, 0, 1]);
  });

  it('a PKCS#8 key armoured as RSA PRIVATE KEY: names the right armour, with the PKCS#1 refusal as cause', () => {
    const e = thrown(() => decodeKeyPem(relabel(pemOf('rsa-2048-pkcs8'), 'PRIVATE KEY', 'RSA PRIVATE KEY')));
    expect(e).toBeInstanceOf(KeyError);
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toBe(
      'the PEM says BEGIN RSA PRIVATE KEY but holds a PKCS#8 key: change its BEGIN and END lines to "PRIVATE KEY" (the label must match the DER format)',
    );
    expect(e.cause).toBeInstanceOf(KeyError);
    expect((e.cause as KeyError).code).toBe('ERR_KEY_INVALID');
    expect((e.cause as KeyError).message).toBe('malformed key DER: RSAPrivateKey modulus has tag 0x30, expected 0x02');
  });

  it('an SPKI key armoured as RSA PUBLIC KEY: names the right armour, with the PKCS#1 refusal as cause', () => {
    const text = relabel(pemOf('rsa-2048-spki'), 'PUBLIC KEY', 'RSA PUBLIC KEY');
    expect(parsePem(text).label).toBe('RSA PUBLIC KEY');
    const e = thrown(() => decodeKeyPem(text));
    expect(e).toBeInstanceOf(KeyError);
    expect(e.message).toBe(
      'the PEM says BEGIN RSA PUBLIC KEY but holds a SPKI key: change its BEGIN and END lines to "PUBLIC KEY" (the label must match the DER format)',
    );
    expect(e.cause).toBeInstanceOf(KeyError);
    expect((e.cause as KeyError).message).toBe('malformed key DER: RSAPublicKey modulus has tag 0x30, expected 0x02');
  });
});
