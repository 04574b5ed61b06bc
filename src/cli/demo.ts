/**
 * `paysig demo` (what `npm start` runs): for every operation of the catalog, signs a sample
 * request with throwaway credentials and verifies it with `verifyRequest`, one line per
 * operation. Exits non-zero if any operation fails.
 *
 * @module
 */
import { generateKeyPair, MemoryNonceStore, OPERATIONS, signRequest, verifyRequest, type Scheme } from '../index.js';
import { parseCommand, type Io } from './util.js';

/** Help text of the subcommand. */
export const DEMO_HELP = `usage: paysig demo

Signs a sample request for every operation with throwaway credentials (a fresh
2048-bit RSA key, a random control key) and verifies it. Operations whose scheme is
not published are signed with an explicit scheme, marked "explicit".`;

/** Runs the subcommand; returns the exit status. */
export async function runDemo(argv: readonly string[], io: Io): Promise<number> {
  parseCommand(argv, {});
  const keys = await generateKeyPair({ bits: 2048 });
  const login = 'demo-merchant';
  const controlKey = globalThis.crypto.randomUUID().toUpperCase();
  const schemes: Record<string, Scheme> = {};
  // Samples come from the catalog rows (the one place an operation is described).
  for (const op of OPERATIONS) if (op.sample.scheme !== undefined) schemes[op.id] = op.sample.scheme;
  const nonceStore = new MemoryNonceStore();
  const width = Math.max(...OPERATIONS.map((o) => o.id.length));
  const pathWidth = Math.max(...OPERATIONS.map((o) => o.path.length));
  let failures = 0;
  for (const op of OPERATIONS) {
    const sample = op.sample;
    let line = `${op.id.padEnd(width)}  ${op.path.padEnd(pathWidth)}  `;
    try {
      const signed = await signRequest(op.id, {
        baseUrl: 'https://gate.example.com/paynet',
        endpointId: 1111,
        params: sample.params,
        credentials: { login, controlKey, privateKey: keys.privateKeyPkcs8 },
        ...(sample.scheme !== undefined ? { scheme: sample.scheme } : {}),
      });
      const ok = await verifyRequest(signed.toRequest(), {
        basePath: '/paynet',
        schemes,
        nonceStore,
        credentials: (who) => {
          const id = who.login ?? who.consumerKey;
          return id === undefined || id === login ? { controlKey, publicKey: keys.publicKeySpki } : undefined;
        },
      });
      line += `${ok.scheme.padEnd(10)}  verified${sample.scheme !== undefined ? ' (explicit scheme: none published)' : ''}`;
    } catch (e) {
      failures++;
      line += `FAILED: ${(e as Error).message}${(e as { code?: string }).code !== undefined ? ` (${(e as { code: string }).code})` : ''}`;
    }
    io.out(line);
  }
  io.out(
    failures === 0
      ? `all ${OPERATIONS.length} operations signed and verified`
      : `${failures} of ${OPERATIONS.length} operations failed`,
  );
  return failures === 0 ? 0 : 1;
}
