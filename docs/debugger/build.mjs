// Builds the signature debugger into a folder: index.html, debugger.css and debugger.js (main.ts,
// bundled by esbuild for the browser). `paysig` is imported by name, so it resolves through the
// package's own "exports" to dist/ (run `npm run build` first) and its `#crypto` import, under
// the browser conditions, to the WebCrypto backend. Used by the docs build (scripts/typedoc-site.mjs)
// and by the Chromium test (test/runtimes/debugger.mjs).
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..');

/**
 * @param {string} outDir where index.html, debugger.css and debugger.js go
 * @returns {Promise<{ inputs: string[] }>} the files bundled, relative to the repository root
 */
export async function buildDebugger(outDir) {
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(HERE, 'main.ts')],
    outfile: join(outDir, 'debugger.js'),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  for (const f of ['index.html', 'debugger.css']) copyFileSync(join(HERE, f), join(outDir, f));
  return { inputs: Object.keys(result.metafile.inputs) };
}
