// Bundle sizes with esbuild (minified ESM, platform neutral) and gzip (node:zlib).
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const defaultDist = fileURLToPath(new URL('../dist/', import.meta.url));

export const ENTRIES = [
  { name: 'control only', code: "export { control } from './index.js';", maxGzip: 2048 },
  { name: 'signOAuth only', code: "export { signOAuth } from './index.js';", maxGzip: null },
  { name: 'verifyOAuth only', code: "export { verifyOAuth } from './index.js';", maxGzip: null },
  { name: 'everything', code: "export * from './index.js';", maxGzip: 10240 },
];

/** Sizes in bytes of each entry: minified and gzipped. */
export async function bundleSizes(log = console.log, detail = false, dist = defaultDist) {
  const out = [];
  log('\n== bundle sizes (esbuild --bundle --minify --format=esm --platform=neutral, then gzip, default level)');
  for (const e of ENTRIES) {
    let result;
    try {
      result = await build({
        stdin: { contents: e.code, resolveDir: dist, loader: 'js', sourcefile: 'entry.js' },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'neutral',
        write: false,
        logLevel: 'silent',
        metafile: detail,
      });
    } catch (err) {
      log(`  ${e.name.padEnd(18)} failed: ${String(err.message).split('\n')[0]}`);
      out.push({ name: e.name, error: String(err.message).split('\n')[0] });
      continue;
    }
    const bytes = result.outputFiles[0].contents;
    const gz = gzipSync(bytes).length;
    const rec = { name: e.name, minified: bytes.length, gzip: gz, maxGzip: e.maxGzip };
    if (e.maxGzip !== null) rec.met = gz <= e.maxGzip;
    out.push(rec);
    const verdict = e.maxGzip === null ? '' : `  target <= ${e.maxGzip / 1024} KB: ${rec.met ? 'met' : 'NOT met'}`;
    log(`  ${e.name.padEnd(18)} ${String(bytes.length).padStart(7)} B min  ${String(gz).padStart(6)} B gzip${verdict}`);
    if (detail) {
      const inputs = Object.values(result.metafile.outputs)[0].inputs;
      for (const [file, v] of Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) {
        if (v.bytesInOutput > 0) log(`      ${String(v.bytesInOutput).padStart(6)} B  ${file.replace(/^.*dist\//, 'dist/')}`);
      }
    }
  }
  return out;
}
