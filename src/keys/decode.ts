/**
 * From PEM text to checked DER ready for import: the label says the form, the DER is checked
 * (RSA only, structure, modulus length), and PKCS#1 is wrapped into PKCS#8 or SPKI, the forms
 * every backend imports.
 *
 * @module
 */
import { KeyError } from '../errors/index.js';
import { pkcs1ToPkcs8, pkcs1ToSpki } from './der-write.js';
import { pkcs8ToPkcs1, readRsaPrivateKey, readRsaPublicKey, spkiToPkcs1 } from './der.js';
import { parsePem, type Pem, type PemLabel } from './pem.js';
import { checkRsaKey } from './rules.js';

/** Which half of a key pair. */
export type KeyKind = 'private' | 'public';

/** A decoded, checked key. */
export interface DecodedKey {
  /** Which half of the pair it is. */
  readonly kind: KeyKind;
  /** The PEM label it came with. */
  readonly label: PemLabel;
  /** Modulus length in bits. */
  readonly bits: number;
  /** Public exponent, big-endian content bytes. */
  readonly exponent: Uint8Array;
  /** PKCS#1 DER (`RSAPrivateKey` or `RSAPublicKey`); may be a view into a larger buffer. */
  readonly pkcs1: Uint8Array;
}

/** Kind of key a label holds. */
function kindOf(pem: Pem): KeyKind {
  return pem.label === 'PRIVATE KEY' || pem.label === 'RSA PRIVATE KEY' ? 'private' : 'public';
}

/** The label whose DER form the other label of the same half holds. */
const SWAPPED: Record<PemLabel, PemLabel> = {
  'PRIVATE KEY': 'RSA PRIVATE KEY',
  'RSA PRIVATE KEY': 'PRIVATE KEY',
  'PUBLIC KEY': 'RSA PUBLIC KEY',
  'RSA PUBLIC KEY': 'PUBLIC KEY',
};
const FORM: Record<PemLabel, string> = {
  'PRIVATE KEY': 'PKCS#8',
  'RSA PRIVATE KEY': 'PKCS#1',
  'PUBLIC KEY': 'SPKI',
  'RSA PUBLIC KEY': 'PKCS#1',
};

/**
 * Decodes and checks the structure of any of the four PEM forms; no size floor. A DER that
 * fails under its label but reads under the other label of the same half (PKCS#8 armoured as
 * `RSA PRIVATE KEY`, and the like) is refused with a message that names the right armour.
 */
export function decodeKeyPem(text: string): DecodedKey {
  return decodeHinted(parsePem(text), decodeAs);
}

/** Decodes `pem` with `decode`; when that fails, says so with the right armour if the other label of the half reads. */
function decodeHinted(pem: Pem, decode: (pem: Pem) => DecodedKey): DecodedKey {
  try {
    return decode(pem);
  } catch (error) {
    const other = SWAPPED[pem.label];
    try {
      decode({ label: other, der: pem.der });
    } catch {
      throw error;
    }
    throw new KeyError(
      `the PEM says BEGIN ${pem.label} but holds a ${FORM[other]} key: change its BEGIN and END lines to "${other}" (the label must match the DER format)`,
      { cause: error },
    );
  }
}

function decodeAs(pem: Pem): DecodedKey {
  return (kindOf(pem) === 'private' ? decodePrivate : decodePublic)(pem);
}

/*
 * One decoder per half, so that a bundle which only verifies carries no private-key reader and
 * one which only signs no public-key reader.
 */

/** A `PRIVATE KEY` (PKCS#8) or `RSA PRIVATE KEY` (PKCS#1) block. */
function decodePrivate(pem: Pem): DecodedKey {
  const pkcs1 = pem.label === 'PRIVATE KEY' ? pkcs8ToPkcs1(pem.der) : pem.der;
  return { kind: 'private', label: pem.label, ...readRsaPrivateKey(pkcs1), pkcs1 };
}

/** A `PUBLIC KEY` (SPKI) or `RSA PUBLIC KEY` (PKCS#1) block. */
function decodePublic(pem: Pem): DecodedKey {
  const pkcs1 = pem.label === 'PUBLIC KEY' ? spkiToPkcs1(pem.der) : pem.der;
  return { kind: 'public', label: pem.label, ...readRsaPublicKey(pkcs1), pkcs1 };
}

/**
 * Decodes a PEM key that must be of `kind`, checks it against the rules of `rules.ts` (modulus
 * size, public exponent; private keys too) and returns the DER the backend imports (canonical
 * re-encodings). The half is checked from the label before the DER is read.
 */
function keyDer(
  text: string,
  kind: KeyKind,
  decode: (pem: Pem) => DecodedKey,
  wrap: (pkcs1: Uint8Array) => Uint8Array,
): Uint8Array {
  const pem = parsePem(text);
  const got = kindOf(pem);
  if (got !== kind) throw new KeyError(`got a ${got} key (BEGIN ${pem.label}) where a ${kind} key is needed`);
  const key = decodeHinted(pem, decode);
  checkRsaKey(key.bits, key.exponent);
  return wrap(key.pkcs1);
}

/** {@link keyDer} for a private key: PKCS#8 DER. */
export function privateKeyDer(text: string): Uint8Array {
  return keyDer(text, 'private', decodePrivate, pkcs1ToPkcs8);
}

/** {@link keyDer} for a public key: SPKI DER. */
export function publicKeyDer(text: string): Uint8Array {
  return keyDer(text, 'public', decodePublic, pkcs1ToSpki);
}

/**
 * The modulus length, in bits, of an RSA key given as PEM in any of the four forms
 * (`PRIVATE KEY`, `RSA PRIVATE KEY`, `PUBLIC KEY`, `RSA PUBLIC KEY`), read from the DER without
 * importing the key. No size floor is applied: a 1024-bit key reports 1024.
 *
 * @param pem - the key, PEM-armoured
 * @returns the number of significant bits of the modulus
 * @throws {@link KeyError} (`ERR_KEY_INVALID`) when the text is not one well-formed, unencrypted
 *   RSA key
 *
 * @example
 * ```ts
 * rsaKeyBits(pem) >= 2048 || console.warn('key too small');
 * ```
 */
export function rsaKeyBits(pem: string): number {
  return decodeKeyPem(pem).bits;
}
