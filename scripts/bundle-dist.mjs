#!/usr/bin/env node
// Bundles the main entry after tsc into dist/index.bundled.js: one module (esbuild, ES2022)
// instead of a graph of about 40, which was most of the cost of importing paysig. package.json
// serves it under the node, deno and bun conditions (runtimes, and bundlers targeting servers);
// every other consumer (browser bundlers, workerd) gets tsc's dist/index.js, whose separate
// modules tree-shake best (a one-file bundle keeps every table built at its top level).
// Two imports stay outside the bundle on purpose:
// - `#crypto`, so the backend is still picked by export conditions where the package is used
//   (node:crypto under node/deno/bun, WebCrypto by default or with `paysig-webcrypto`);
// - every module of `errors/`, so the error classes exist once: the crypto backends and the
//   other entries throw them too, and `instanceof` must hold across entries.
// tsc's other files stay in dist/ for paysig/redis, the CLI and the backends; the .d.ts are tsc's.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url));
const entry = join(dist, 'index.js');
const out = join(dist, 'index.bundled.js');

const keepOutside = {
  name: 'keep-outside',
  setup(b) {
    b.onResolve({ filter: /^#crypto$/ }, (a) => ({ path: a.path, external: true }));
    // Any import that lands in dist/errors/, written as seen from dist/ (where the bundle lives).
    b.onResolve({ filter: /errors/ }, (a) => {
      const target = resolve(a.resolveDir, a.path);
      const inErrors = relative(join(dist, 'errors'), target);
      if (inErrors.startsWith('..') || isAbsolute(inErrors)) return undefined;
      return { path: `./${relative(dist, target).split(sep).join('/')}`, external: true };
    });
  },
};

const result = await build({
  stdin: { contents: readFileSync(entry, 'utf8'), resolveDir: dist, sourcefile: 'index.js', loader: 'js' },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // Whitespace and syntax only: less to parse at start-up, names kept for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  treeShaking: true,
  legalComments: 'none',
  plugins: [keepOutside],
  write: false,
  logLevel: 'warning',
});
const text = result.outputFiles[0].text;
writeFileSync(out, `// paysig main entry, bundled from the modules next to it (scripts/bundle-dist.mjs).\n${text}`);
