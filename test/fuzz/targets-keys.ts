/**
 * Fuzz targets for key import: PEM text and DER bytes derived from valid test keys by random
 * edits, and hostile text. Import must resolve or reject with a PaysigError (never a
 * DOMException or TypeError from the platform's key import).
 */
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { rsaKeyBits } from '../../src/keys/decode.js';
import { importPrivateKey, importPublicKey } from '../../src/keys/import.js';
import { editsOf, hostile, stringEditsOf } from './arbitraries.js';
import { target } from './harness.js';

const keyFile = (name: string): string => readFileSync(new URL(`../../vectors/keys/${name}`, import.meta.url), 'utf8');

/** DER bytes of a PEM, decoded with Buffer (independent of paysig's PEM reader). */
function derOf(pem: string): { label: string; der: Uint8Array } {
  const m = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END/.exec(pem)!;
  return { label: m[1]!, der: new Uint8Array(Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64')) };
}

function pemOf(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

const PUBLIC = ['test-only-rsa-2048-spki.pem', 'test-only-rsa-2048-pkcs1-public.pem', 'test-only-ec-p256-spki.pem'].map(
  keyFile,
);
const PRIVATE = [
  'test-only-rsa-2048-pkcs8.pem',
  'test-only-rsa-2048-pkcs1.pem',
  'test-only-ec-p256-pkcs8.pem',
  'test-only-rsa-2048-encrypted-pkcs8.pem',
].map(keyFile);
const LABELS = [
  'PUBLIC KEY',
  'RSA PUBLIC KEY',
  'PRIVATE KEY',
  'RSA PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY',
  'CERTIFICATE',
];

/** A PEM whose DER is an edited valid key, possibly under another label; or edited PEM text. */
function keyText(pems: readonly string[]): fc.Arbitrary<string> {
  const edited = fc.constantFrom(...pems).chain((pem) => {
    const { label, der } = derOf(pem);
    return fc
      .tuple(editsOf(der, 3), fc.oneof(fc.constant(label), fc.constantFrom(...LABELS)))
      .map(([d, l]) => pemOf(l, d));
  });
  const text = fc.constantFrom(...pems).chain((pem) => stringEditsOf(pem, 3));
  return fc.oneof(
    { weight: 6, arbitrary: edited },
    { weight: 3, arbitrary: text },
    { weight: 1, arbitrary: hostile(40) },
  );
}

export const keyTargets = [
  target('importPublicKey', 3, keyText(PUBLIC), (pem) => importPublicKey(pem)),
  target('importPrivateKey', 2, keyText(PRIVATE), (pem) => importPrivateKey(pem)),
  target('rsaKeyBits', 4, keyText([...PUBLIC, ...PRIVATE]), (pem) => rsaKeyBits(pem)),
];
