// vectors/keys-negative.json: RSA keys to import for verification (public) or signing (private):
// accepted with their modulus length, or refused with the case's code (weak or even exponent,
// size out of bounds, non-DER encoding).
import { eq, need, ok, rejects } from './assert.mjs';

export const topic = 'keys-negative';

export async function check(lib, c, ctx) {
  ok(c.keyType === 'public' || c.keyType === 'private', 'keyType of a keys-negative case is public or private');
  const load = need(lib, c.keyType === 'public' ? 'importPublicKey' : 'importPrivateKey');
  if (c.error !== undefined) return rejects(lib, c.error, () => load(c.pem), `import of a ${c.keyType} key`);
  try {
    await load(c.pem);
  } catch (e) {
    // A platform limit, not paysig's rule: Deno's crypto cannot import RSA public keys above
    // 4096 bits (node:crypto and WebCrypto alike), so paysig reports the backend's refusal.
    const denoLimit = typeof globalThis.Deno === 'object' && c.keyType === 'public' && c.modulusBits > 4096;
    if (denoLimit && e?.code === 'ERR_KEY_INVALID' && /refused by the \w+ crypto backend/.test(e.message)) {
      ctx.note(`keys-negative/${c.id}: skipped: Deno refuses RSA public keys above 4096 bits`);
      return 'skip';
    }
    throw e;
  }
  eq(need(lib, 'rsaKeyBits')(c.pem), c.modulusBits, 'rsaKeyBits');
}

export const fileChecks = [
  [
    'refusals of every kind and positive controls',
    async (_lib, cases) => {
      const kinds = [...new Set(cases.map((c) => c.error ?? 'accepted'))].sort();
      eq(
        kinds,
        ['ERR_KEY_EXPONENT', 'ERR_KEY_INVALID', 'ERR_KEY_TOO_LARGE', 'ERR_KEY_TOO_SMALL', 'accepted'],
        'kinds of keys-negative cases',
      );
    },
  ],
];
