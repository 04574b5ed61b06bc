#!/usr/bin/env node
// Bundle-size budgets: what a browser app pays for one paysig function. Each entry imports only
// that function from the built dist/ (tsc's modules, as a browser bundler resolves `paysig`), and
// is bundled with esbuild (--bundle --minify --format=esm --platform=browser), then gzipped at
// level 9. Prints a table with two figures per entry: the goal (issue 24's budget; the note in
// bench/README.md says by how much each is missed) and the ceiling, today's size plus
// a little, which CI enforces so that no change makes a bundle grow unnoticed. Exits 1 when an
// entry is over its ceiling; lower a ceiling whenever a change shrinks its bundle.
//   npm run size                    (builds dist/ first)
//   node scripts/size.mjs [--detail] [--dist <dir>]   (--detail: the bytes each file adds)
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * A verifier never reads a private key and a signer never reads a public one: `without` names a
 * text only the other half's DER reader holds (keys/der.js), which that bundle must not contain.
 */
const PRIVATE_READER = { text: 'RSAPrivateKey', what: 'the private-key reader' };
const PUBLIC_READER = { text: 'SubjectPublicKeyInfo', what: 'the public-key reader' };

/**
 * Goals (issue 24's budgets) and enforced ceilings (the sizes of 2026-11-26 after round three's
 * features, key rotation, byte caps, CryptoKey checks and better messages, plus about 2%; lowered
 * for signOAuth, verifyOAuth and verifyRequest when each half of the key reader left the other
 * half's bundles; reset to the sizes of 2026-11-26 plus about 2% for every OAuth row when the
 * `paysig/hmac` bundles were shrunk after e76d2cc's speed work had grown them), gzip bytes.
 * The `paysig/hmac` rows are what an HMAC-only signer or verifier pays: no RSA key reader.
 * 2026-11-27 (round four): verifyRequest lowered to 21,200 (its bundle no longer carries the
 * signer: each scheme's signer and verifier are apart); everything raised to 38,950 for the
 * verifier object, ConfigurationError and StoreContractError, and the diagnose hints.
 */
// biome-ignore format: a table, one entry per line
export const ENTRIES = [
  { name: 'control', code: "export { control } from './index.js';", goal: 1536, maxGzip: 2350 },
  { name: 'signOAuth', code: "export { signOAuth } from './index.js';", goal: null, maxGzip: 10015, without: PUBLIC_READER },
  { name: 'hmac signOAuth', code: "export { signOAuth } from './hmac/index.js';", goal: 4096, maxGzip: 4825, hmacOnly: true },
  { name: 'verifyOAuth', code: "export { verifyOAuth } from './index.js';", goal: null, maxGzip: 13595, without: PRIVATE_READER },
  { name: 'hmac verifyOAuth', code: "export { verifyOAuth } from './hmac/index.js';", goal: 6144, maxGzip: 8880, hmacOnly: true },
  { name: 'verifyRequest', code: "export { verifyRequest } from './index.js';", goal: 12288, maxGzip: 21200, without: PRIVATE_READER },
  { name: 'everything', code: "export * from './index.js';", goal: 20480, maxGzip: 38950 },
];

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Minified and gzip sizes of each entry, with `met` against its budget. */
export async function bundleSizes({ dist = DIST, detail = false, log = console.log } = {}) {
  const out = [];
  log('bundle sizes (esbuild --bundle --minify --format=esm --platform=browser, gzip -9)');
  log(`  ${'entry'.padEnd(16)} ${'minified'.padStart(9)} ${'gzip'.padStart(7)}  ceiling (CI)   goal`);
  for (const e of ENTRIES) {
    const result = await build({
      stdin: { contents: e.code, resolveDir: dist, loader: 'js', sourcefile: 'entry.js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const bytes = result.outputFiles[0].contents;
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const rec = {
      name: e.name,
      minified: bytes.length,
      gzip,
      maxGzip: e.maxGzip,
      goal: e.goal,
      // An HMAC-only entry must carry none of the RSA key reader (keys/rules.js's size bound, a
      // constant the protocol checks share, and keys/list.js, the key lists of rotation, are allowed).
      keyReader: Object.entries(result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].inputs)
        .filter(([f, v]) => /dist\/keys\/(?!rules\.js|list\.js)/.test(f) && v.bytesInOutput > 0)
        .map(([f]) => f.replace(/^.*dist\//, 'dist/')),
      // The other half's key reader, when the entry must not carry it (see PRIVATE_READER).
      otherHalf: e.without !== undefined && result.outputFiles[0].text.includes(e.without.text) ? e.without.what : null,
      met: gzip <= e.maxGzip,
      goalMet: e.goal === null ? null : gzip <= e.goal,
    };
    out.push(rec);
    const verdict = rec.met ? 'ok' : `OVER by ${gzip - e.maxGzip} B`;
    const goal = e.goal === null ? '(no goal: RSA included)' : rec.goalMet ? 'met' : `missed by ${gzip - e.goal} B`;
    log(
      `  ${e.name.padEnd(16)} ${String(bytes.length).padStart(7)} B ${String(gzip).padStart(5)} B  <= ${e.maxGzip} B ${verdict.padEnd(4)}  ${e.goal === null ? '' : `${e.goal} B `}${goal}`,
    );
    if (detail) {
      const inputs = Object.values(result.metafile.outputs)[0].inputs;
      for (const [file, v] of Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) {
        if (v.bytesInOutput > 0)
          log(`      ${String(v.bytesInOutput).padStart(6)} B  ${file.replace(/^.*dist\//, 'dist/')}`);
      }
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dist');
  const sizes = await bundleSizes({ detail: args.includes('--detail'), ...(at >= 0 ? { dist: args[at + 1] } : {}) });
  const withKeys = sizes.filter((s) => ENTRIES.find((e) => e.name === s.name).hmacOnly && s.keyReader.length > 0);
  if (withKeys.length > 0) {
    console.error(
      `size: an HMAC-only bundle carries the RSA key reader: ${withKeys.map((s) => `${s.name}: ${s.keyReader.join(', ')}`).join('; ')}`,
    );
    process.exit(1);
  }
  const halves = sizes.filter((s) => s.otherHalf !== null);
  if (halves.length > 0) {
    console.error(
      `size: a bundle carries a key reader it never uses: ${halves.map((s) => `${s.name}: ${s.otherHalf}`).join('; ')}`,
    );
    process.exit(1);
  }
  const over = sizes.filter((s) => !s.met);
  if (over.length > 0) {
    console.error(`size: over the ceiling: ${over.map((s) => `${s.name} ${s.gzip} B > ${s.maxGzip} B`).join(', ')}`);
    process.exit(1);
  }
}
