// Bundles a runtime entry with esbuild for the runtimes that have no file system (workerd and the
// browser). `paysig` is resolved BY NAME through the package's "exports" (self-reference), and its
// `#crypto` import through "imports", with the conditions the target runtime uses, so the WebCrypto
// backend (dist/crypto/web.js) is the one bundled. The vectors and
// keys are embedded through the virtual module `paysig-fixtures`.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { loadFixtures } from './fixtures.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const fixturesPlugin = {
  name: 'paysig-fixtures',
  setup(b) {
    b.onResolve({ filter: /^paysig-fixtures$/ }, () => ({ path: 'paysig-fixtures', namespace: 'paysig-fixtures' }));
    b.onLoad({ filter: /.*/, namespace: 'paysig-fixtures' }, () => {
      const { vectors, keys } = loadFixtures();
      // JSON.stringify escapes lone surrogates (\ud800), so the vectors survive as written.
      return {
        contents: `export const vectors = ${JSON.stringify(vectors)};\nexport const keys = ${JSON.stringify(keys)};\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * @param {{ entry: string, outfile: string, conditions: string[], platform?: 'neutral'|'browser', format?: 'esm'|'iife' }} o
 * @returns {Promise<{ resolvedPaysig: string[] }>} which files of dist/ went into the bundle
 */
export async function bundle({ entry, outfile, conditions, platform = 'neutral', format = 'esm' }) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format,
    platform,
    target: 'es2022',
    conditions,
    mainFields: ['module', 'main'],
    absWorkingDir: ROOT,
    plugins: [fixturesPlugin],
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  // The entry and the backend module `#crypto` resolved to, e.g. dist/index.js+dist/crypto/web.js.
  const resolvedPaysig = Object.keys(result.metafile.inputs).filter((p) =>
    /^dist\/(index|crypto\/(web|node))\.js$/.test(p),
  );
  return { resolvedPaysig };
}
