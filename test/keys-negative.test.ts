// Runs paysig's key import over vectors/keys-negative.json (both vitest projects, so on the
// WebCrypto and node:crypto backends). The verdicts were computed by node:crypto and a strict
// Python DER reader, not by paysig; see vectors/generate/keys-negative.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { PaysigError } from '../src/errors.js';
import { rsaKeyBits } from '../src/keys/decode.js';
import { clearKeyCache, importPrivateKey, importPublicKey } from '../src/keys/import.js';

interface KeyCase {
  id: string;
  description: string;
  keyType: 'public' | 'private';
  pem: string;
  modulusBits?: number;
  publicExponent?: string;
  error?: string;
}

const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../vectors/keys-negative.json'), 'utf8')) as { cases: KeyCase[] };

beforeEach(() => clearKeyCache());

describe('vectors: keys-negative', () => {
  it('has refusals of every kind and positive controls', () => {
    const kinds = new Set(doc.cases.map((c) => c.error ?? 'accepted'));
    expect([...kinds].sort()).toEqual(['ERR_KEY_EXPONENT', 'ERR_KEY_INVALID', 'ERR_KEY_TOO_LARGE', 'ERR_KEY_TOO_SMALL', 'accepted']);
  });

  it.each(doc.cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const imported = c.keyType === 'public' ? importPublicKey(c.pem) : importPrivateKey(c.pem);
    let got = 'accepted';
    try {
      await imported;
    } catch (e) {
      expect(e).toBeInstanceOf(PaysigError);
      got = (e as PaysigError).code;
    }
    expect(got).toBe(c.error ?? 'accepted');
    if (c.error === undefined) expect(rsaKeyBits(c.pem)).toBe(c.modulusBits);
  });
});
