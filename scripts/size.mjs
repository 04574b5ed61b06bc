#!/usr/bin/env node
// Bundle-size budgets: what a browser app pays for one paysig function. Each entry imports only
// that function from the built dist/ (tsc's modules, as a browser bundler resolves `paysig`), and
// is bundled with esbuild (--bundle --minify --format=esm --platform=browser), then gzipped at
// level 9. Prints a table with two figures per entry: the goal (issue 14's budget, not met yet
// for any entry: the note in bench/README.md says by how much) and the ceiling, today's size plus
// a little, which CI enforces so that no change makes a bundle grow unnoticed. Exits 1 when an
// entry is over its ceiling; lower a ceiling whenever a change shrinks its bundle.
//   npm run size                    (builds dist/ first)
//   node scripts/size.mjs [--detail] [--dist <dir>]   (--detail: the bytes each file adds)
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Goals (issue 14.2) and enforced ceilings (measured 2026-11-23 after the first shrinks, plus about 2%;
 * raised 2026-11-26 to the size then plus about 2% for the CryptoKey checks of issue 20.6, which read a
 * key's slots through the CryptoKey.prototype getters and its real parameters by JWK export, and the
 * callback input forms of issue 21.1), gzip bytes.
 */
export const ENTRIES = [
  { name: 'control', code: "export { control } from './index.js';", goal: 1536, maxGzip: 2241 },
  { name: 'signOAuth', code: "export { signOAuth } from './index.js';", goal: 4096, maxGzip: 9415 },
  { name: 'verifyOAuth', code: "export { verifyOAuth } from './index.js';", goal: 5120, maxGzip: 11385 },
  { name: 'verifyRequest', code: "export { verifyRequest } from './index.js';", goal: 9216, maxGzip: 19800 },
  { name: 'everything', code: "export * from './index.js';", goal: 10240, maxGzip: 30880 },
];

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Minified and gzip sizes of each entry, with `met` against its budget. */
export async function bundleSizes({ dist = DIST, detail = false, log = console.log } = {}) {
  const out = [];
  log('bundle sizes (esbuild --bundle --minify --format=esm --platform=browser, gzip -9)');
  log(`  ${'entry'.padEnd(14)} ${'minified'.padStart(9)} ${'gzip'.padStart(7)}  ceiling (CI)   goal`);
  for (const e of ENTRIES) {
    const result = await build({
      stdin: { contents: e.code, resolveDir: dist, loader: 'js', sourcefile: 'entry.js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      metafile: detail,
    });
    const bytes = result.outputFiles[0].contents;
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const rec = {
      name: e.name,
      minified: bytes.length,
      gzip,
      maxGzip: e.maxGzip,
      goal: e.goal,
      met: gzip <= e.maxGzip,
      goalMet: gzip <= e.goal,
    };
    out.push(rec);
    const verdict = rec.met ? 'ok' : `OVER by ${gzip - e.maxGzip} B`;
    const goal = rec.goalMet ? 'met' : `missed by ${gzip - e.goal} B`;
    log(
      `  ${e.name.padEnd(14)} ${String(bytes.length).padStart(7)} B ${String(gzip).padStart(5)} B  <= ${e.maxGzip} B ${verdict.padEnd(4)}  ${e.goal} B ${goal}`,
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
  const over = sizes.filter((s) => !s.met);
  if (over.length > 0) {
    console.error(`size: over the ceiling: ${over.map((s) => `${s.name} ${s.gzip} B > ${s.maxGzip} B`).join(', ')}`);
    process.exit(1);
  }
}
