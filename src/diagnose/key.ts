/**
 * Why a key could not serve its method, for {@link diagnose}: a private key where the public one
 * is needed, a control key where an RSA key is needed (or the reverse), a PEM label that does not
 * match its content (PKCS#1 vs PKCS#8/SPKI). Each finding is confirmed by decoding the key again
 * under the other label. Messages never quote key material. Internal.
 *
 * @module
 */
import type { CryptoKeyLike } from '../crypto/key-like.js';
import { decodeKeyPem } from '../keys/decode.js';
import { formatPem, parsePem, type PemLabel } from '../keys/pem.js';

const LABELS: readonly PemLabel[] = ['PUBLIC KEY', 'RSA PUBLIC KEY', 'PRIVATE KEY', 'RSA PRIVATE KEY'];

const FORM: Record<PemLabel, string> = {
  'PUBLIC KEY': 'an SPKI public key',
  'RSA PUBLIC KEY': 'a PKCS#1 public key',
  'PRIVATE KEY': 'a PKCS#8 private key',
  'RSA PRIVATE KEY': 'a PKCS#1 private key',
};

/** What is wrong with a public key configured for RSA-SHA256, when it is a matter of form. */
export function publicKeyFormProblem(key: string | CryptoKeyLike): string | undefined {
  if (typeof key !== 'string') {
    return key.type === 'public' ? undefined : `the CryptoKey configured as the public key is a ${key.type} key`;
  }
  const openSsh = /^\s*(ssh-rsa|ssh-ed25519|ecdsa-sha2-\S+) /.exec(key)?.[1];
  if (openSsh === 'ssh-rsa') {
    return 'the public key configured for this merchant is an OpenSSH key (ssh-rsa ...): convert it with `ssh-keygen -e -m PKCS8 -f key.pub` (BEGIN PUBLIC KEY)';
  }
  if (openSsh !== undefined) {
    return `the public key configured for this merchant is an OpenSSH ${openSsh} key, not RSA: RSA-SHA256 needs the merchant's RSA public key (BEGIN PUBLIC KEY, 2048 bits or more)`;
  }
  if (!key.includes('-----BEGIN')) {
    return 'the public key configured for this merchant is not PEM (a control key?): RSA-SHA256 needs the RSA public key the merchant sent (BEGIN PUBLIC KEY)';
  }
  try {
    const decoded = decodeKeyPem(key);
    if (decoded.kind === 'private') {
      return `the key configured as the public key is ${FORM[decoded.label]} (BEGIN ${decoded.label}): configure its public half (BEGIN PUBLIC KEY) instead, and keep the private key with the merchant`;
    }
    return undefined;
  } catch {
    // Not decodable as labelled: try the DER under the other labels.
  }
  let der: Uint8Array;
  let label: PemLabel;
  try {
    ({ der, label } = parsePem(key));
  } catch {
    return undefined;
  }
  for (const other of LABELS) {
    if (other === label) continue;
    try {
      decodeKeyPem(formatPem(other, der));
    } catch {
      continue;
    }
    return `the PEM says BEGIN ${label} but holds ${FORM[other]} (BEGIN ${other}): the label and the DER format (PKCS#1 vs PKCS#8/SPKI) must agree`;
  }
  return undefined;
}

/** True when a control key looks like a PEM key: an RSA key given where the HMAC secret is needed. */
export function controlKeyLooksLikePem(key: string): boolean {
  return key.includes('-----BEGIN');
}
