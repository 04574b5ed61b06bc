/**
 * `paysig keygen [--bits 4096] [--out prefix]`: generates an RSA key pair for RSA-SHA256 and
 * writes `prefix.pkcs8.pem` and `prefix.pkcs1.pem` (private, mode 0600) and `prefix.spki.pem`
 * (public: send it to the service's support staff). Never overwrites a file.
 *
 * @module
 */
import { existsSync, writeFileSync } from 'node:fs';
import { generateKeyPair } from '../index.js';
import { flag, parseCommand, UsageError, type Io } from './util.js';

/** Help text of the subcommand. */
export const KEYGEN_HELP = `usage: paysig keygen [--bits 4096] [--out prefix]

Generates an RSA key pair (default 4096 bits, at least 2048) and writes
  <prefix>.pkcs8.pem   private key, PKCS#8 (mode 0600)
  <prefix>.pkcs1.pem   private key, PKCS#1 (mode 0600), for interactive request builders
  <prefix>.spki.pem    public key, to send to the service
The default prefix is "paysig". Existing files are never overwritten. Use different key
pairs for production and for testing.`;

/** Runs the subcommand; returns the exit status. */
export async function runKeygen(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, { bits: { type: 'string' }, out: { type: 'string' } });
  if (args.positionals.length > 0)
    throw new UsageError(`unexpected argument ${JSON.stringify(args.positionals[0])}`, { field: 'argv' });
  const bitsText = flag(args, 'bits') ?? '4096';
  if (!/^[0-9]{1,6}$/.test(bitsText))
    throw new UsageError('--bits must be a whole number such as 2048 or 4096', { field: 'bits' });
  const prefix = flag(args, 'out') ?? 'paysig';
  if (prefix === '') throw new UsageError('--out must not be empty', { field: 'out' });
  const files = { pkcs8: `${prefix}.pkcs8.pem`, pkcs1: `${prefix}.pkcs1.pem`, spki: `${prefix}.spki.pem` };
  for (const f of Object.values(files)) {
    if (existsSync(f)) throw new UsageError(`refusing to overwrite ${f}`, { field: 'out' });
  }
  const pair = await generateKeyPair({ bits: Number(bitsText) });
  // 'wx' fails if the file appeared meanwhile: still no overwrite.
  writeFileSync(files.pkcs8, pair.privateKeyPkcs8, { mode: 0o600, flag: 'wx' });
  writeFileSync(files.pkcs1, pair.privateKeyPkcs1, { mode: 0o600, flag: 'wx' });
  writeFileSync(files.spki, pair.publicKeySpki, { mode: 0o644, flag: 'wx' });
  io.out(`wrote ${files.pkcs8} (private, PKCS#8), ${files.pkcs1} (private, PKCS#1), ${files.spki} (public)`);
  return 0;
}
