// Generator of vectors/keys-negative.json: RSA public and private keys a verifier or signer must
// refuse (weak or odd exponents, sizes out of bounds, non-DER encodings), and good keys as
// positive controls. The key bytes are built here with a DER writer of this file's own, from the
// numbers of the committed test-only keys (read with node:crypto). Every verdict is computed by
// two oracles that are not paysig and must agree with each other and with the case's intent:
//   1. node:crypto (OpenSSL): parse, re-export the canonical DER and compare it byte for byte
//      (a non-canonical input differs), read modulusLength and publicExponent;
//   2. ../keys-negative.py: a strict DER reader in Python's standard library.
// Both then apply paysig's documented policy (docs/security.md): modulus 2048..8192 bits, public
// exponent exactly 65537.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { PYTHON, keyPath, vectorFile } from '../support.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

const MIN_BITS = 2048;
const MAX_BITS = 8192;
const E = 65537n;

// ------------------------------------------------------------------------------ DER writer

function len(n) {
  if (n < 0x80) return [n];
  const out = [];
  for (let x = n; x > 0; x = Math.floor(x / 256)) out.unshift(x & 0xff);
  return [0x80 | out.length, ...out];
}
const tlv = (tag, ...parts) => {
  const body = Buffer.concat(parts.map((p) => Buffer.from(p)));
  return Buffer.concat([Buffer.from([tag, ...len(body.length)]), body]);
};
/** DER INTEGER of a non-negative value; `pad` adds a redundant leading 0x00 (not DER). */
function int(v, pad = false) {
  const hex = BigInt(v).toString(16);
  let b = Buffer.from(hex.length % 2 ? '0' + hex : hex, 'hex');
  if (b[0] & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  if (pad) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}
const RSA_ALG = Buffer.from('300d06092a864886f70d0101010500', 'hex');
const pkcs1Public = (n, e, { padN = false } = {}) => tlv(0x30, int(n, padN), int(e));
const spki = (pkcs1) => tlv(0x30, RSA_ALG, tlv(0x03, [0], pkcs1));
const pkcs8 = (pkcs1) => tlv(0x30, int(0), RSA_ALG, tlv(0x04, pkcs1));
function pem(label, der) {
  const lines = Buffer.from(der)
    .toString('base64')
    .match(/.{1,64}/g);
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

const big = (b64url) => BigInt('0x' + Buffer.from(b64url, 'base64url').toString('hex'));
function numbers(file, priv = false) {
  const text = readFileSync(keyPath(file), 'utf8');
  const jwk = (priv ? createPrivateKey(text) : createPublicKey(text)).export({ format: 'jwk' });
  const out = {};
  for (const name of ['n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'])
    if (jwk[name] !== undefined) out[name] = big(jwk[name]);
  return out;
}

// ------------------------------------------------------------------------------ oracles

function policy(bits, e) {
  if (bits < MIN_BITS) return 'ERR_KEY_TOO_SMALL';
  if (bits > MAX_BITS) return 'ERR_KEY_TOO_LARGE';
  if (e !== E) return 'ERR_KEY_EXPONENT';
  return null;
}

const FORMS = {
  'PUBLIC KEY': ['public', 'spki'],
  'RSA PUBLIC KEY': ['public', 'pkcs1'],
  'PRIVATE KEY': ['private', 'pkcs8'],
  'RSA PRIVATE KEY': ['private', 'pkcs1'],
};

/** node:crypto's verdict: { error } or { modulusBits, publicExponent }. */
function nodeVerdict(keyType, text) {
  const label = /-----BEGIN ([A-Z ]+)-----/.exec(text)[1];
  const [kind, type] = FORMS[label];
  if (kind !== keyType) return { error: 'ERR_KEY_INVALID' };
  const der = Buffer.from(text.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  let key;
  try {
    key =
      kind === 'public'
        ? createPublicKey({ key: der, format: 'der', type })
        : createPrivateKey({ key: der, format: 'der', type });
  } catch {
    return { error: 'ERR_KEY_INVALID' };
  }
  if (key.asymmetricKeyType !== 'rsa') return { error: 'ERR_KEY_INVALID' };
  if (!key.export({ format: 'der', type }).equals(der)) return { error: 'ERR_KEY_INVALID' };
  const { modulusLength, publicExponent } = key.asymmetricKeyDetails;
  const error = policy(modulusLength, publicExponent);
  return error ? { error } : { modulusBits: modulusLength, publicExponent: publicExponent.toString() };
}

function pythonVerdicts(cases) {
  const input = JSON.stringify(cases.map((c) => ({ keyType: c.keyType, pem: c.pem })));
  return JSON.parse(execFileSync(PYTHON, [join(HERE, '..', 'keys-negative.py')], { input, encoding: 'utf8' }));
}

// ------------------------------------------------------------------------------ cases

const POLICY = 'P-KEY-POLICY';
const DER = 'R-X690-DER';
const EXP = 'R-8017; R-FIPS-186-5; ' + POLICY;
const SIZE = 'S-RSA-MIN-2048; ' + POLICY;

function specs() {
  const k2048 = numbers('test-only-rsa-2048-pkcs8.pem', true);
  const n2048 = k2048.n;
  const n8192 = numbers('test-only-rsa-8192-spki.pem').n;
  const n1024 = numbers('test-only-rsa-1024-spki.pem').n;
  const pub = (n, e, opts) => pem('PUBLIC KEY', spki(pkcs1Public(n, e, opts)));
  const weakPrivate = tlv(0x30, ...[0, n2048, 1, 1, k2048.p, k2048.q, 1, 1, k2048.qi].map((v) => int(v)));
  const good = spki(pkcs1Public(n2048, 65537n));
  // each: id, description, source, keyType, pem, the verdict intended (null: accepted)
  // biome-ignore format: a table, one case per line
  return [
    ['good-2048-spki', 'positive control: a 2048-bit key with e = 65537 (SPKI)', POLICY, 'public', pub(n2048, 65537n), null],
    ['good-2048-pkcs1-public', 'positive control: the same key as PKCS#1 RSAPublicKey', POLICY, 'public', pem('RSA PUBLIC KEY', pkcs1Public(n2048, 65537n)), null],
    ['good-8192-spki', 'positive control: 8192 bits, the largest modulus accepted', POLICY, 'public', pub(n8192, 65537n), null],
    ['good-2048-private-pkcs8', 'positive control: the 2048-bit test private key (PKCS#8)', POLICY, 'private', readFileSync(keyPath('test-only-rsa-2048-pkcs8.pem'), 'utf8'), null],
    ['exponent-1-spki', 'e = 1: the padded digest is its own signature, anyone can forge', EXP, 'public', pub(n2048, 1n), 'ERR_KEY_EXPONENT'],
    ['exponent-1-pkcs1-public', 'e = 1 in a PKCS#1 RSAPublicKey', EXP, 'public', pem('RSA PUBLIC KEY', pkcs1Public(n2048, 1n)), 'ERR_KEY_EXPONENT'],
    ['exponent-1-private-pkcs8', 'a private key with e = d = 1 (PKCS#8): private keys obey the same rules', EXP, 'private', pem('PRIVATE KEY', pkcs8(weakPrivate)), 'ERR_KEY_EXPONENT'],
    ['exponent-1-private-pkcs1', 'the same private key with e = 1 as PKCS#1 RSAPrivateKey', EXP, 'private', pem('RSA PRIVATE KEY', weakPrivate), 'ERR_KEY_EXPONENT'],
    ['exponent-2', 'e = 2 is even: not an RSA key', EXP, 'public', pub(n2048, 2n), 'ERR_KEY_EXPONENT'],
    ['exponent-3', 'e = 3 is refused: paysig accepts no exponent below 65537', EXP, 'public', pub(n2048, 3n), 'ERR_KEY_EXPONENT'],
    ['exponent-17', 'e = 17 is refused: below 65537', EXP, 'public', pub(n2048, 17n), 'ERR_KEY_EXPONENT'],
    ['exponent-even-65538', 'an even exponent above 65537', EXP, 'public', pub(n2048, 65538n), 'ERR_KEY_EXPONENT'],
    ['exponent-65539', 'e = 65539: odd and above 65537, sound, but refused (some runtimes, e.g. workerd, cannot import it)', EXP, 'public', pub(n2048, 65539n), 'ERR_KEY_EXPONENT'],
    ['exponent-33-bits', 'e = 2^32 + 1, a large odd exponent', EXP, 'public', pub(n2048, 2n ** 32n + 1n), 'ERR_KEY_EXPONENT'],
    ['modulus-1024', 'a 1024-bit modulus (the committed test-only 1024-bit key)', SIZE, 'public', pub(n1024, 65537n), 'ERR_KEY_TOO_SMALL'],
    ['modulus-2047', 'a 2047-bit modulus, one bit short', SIZE, 'public', pub((n2048 >> 1n) | 1n, 65537n), 'ERR_KEY_TOO_SMALL'],
    ['modulus-8200', 'an 8200-bit modulus, above the 8192-bit maximum', POLICY, 'public', pub(n8192 * 256n + 1n, 65537n), 'ERR_KEY_TOO_LARGE'],
    ['modulus-leading-zero', 'the modulus INTEGER carries a redundant leading zero byte (not DER)', DER, 'public', pub(n2048, 65537n, { padN: true }), 'ERR_KEY_INVALID'],
    ['trailing-byte-after-spki', 'one byte after the SubjectPublicKeyInfo', DER, 'public', pem('PUBLIC KEY', Buffer.concat([good, Buffer.from([0])])), 'ERR_KEY_INVALID'],
    ['trailing-bytes-after-rsapublickey', 'a NULL after the RSAPublicKey inside the BIT STRING', DER, 'public', pem('PUBLIC KEY', spki(Buffer.concat([pkcs1Public(n2048, 65537n), Buffer.from([5, 0])]))), 'ERR_KEY_INVALID'],
    ['trailing-byte-after-pkcs1-public', 'one byte after a PKCS#1 RSAPublicKey', DER, 'public', pem('RSA PUBLIC KEY', Buffer.concat([pkcs1Public(n2048, 65537n), Buffer.from([0])])), 'ERR_KEY_INVALID'],
  ];
}

const DESCRIPTION =
  'RSA keys a signer or verifier must refuse, and good keys as positive controls. Inputs: keyType (`public`: import it for verification; `private`: for signing) and pem (one PEM block: PUBLIC KEY = SPKI, RSA PUBLIC KEY = PKCS#1, PRIVATE KEY = PKCS#8, RSA PRIVATE KEY = PKCS#1). Expected: `modulusBits` and `publicExponent` (decimal) for an accepted key, or `error`. Rules: strict DER (minimal INTEGERs, nothing after the structure) else ERR_KEY_INVALID; modulus below 2048 bits ERR_KEY_TOO_SMALL, above 8192 bits ERR_KEY_TOO_LARGE; public exponent other than 65537 ERR_KEY_EXPONENT (size is checked before the exponent). The moduli are those of the test-only keys in vectors/keys/ (or derived from them); never use these keys for anything real.';

/** The keys-negative.json document. */
export function generate() {
  const defs = specs();
  const cases = defs.map(([id, description, source, keyType, text]) => ({
    id,
    description,
    source,
    keyType,
    pem: text,
  }));
  const py = pythonVerdicts(cases);
  return vectorFile(
    'keys-negative',
    DESCRIPTION,
    cases.map((c, i) => {
      const js = nodeVerdict(c.keyType, c.pem);
      if (!isDeepStrictEqual(js, py[i]))
        throw new Error(
          `keys-negative ${c.id}: node:crypto says ${JSON.stringify(js)}, Python ${JSON.stringify(py[i])}`,
        );
      const intended = defs[i][5];
      if ((js.error ?? null) !== intended)
        throw new Error(`keys-negative ${c.id}: oracles say ${JSON.stringify(js)}, case intends ${intended}`);
      return { ...c, ...js };
    }),
  );
}
