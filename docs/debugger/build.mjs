// Builds the signature debugger into a folder: index.html, debugger.css and debugger.js (main.ts,
// bundled by esbuild for the browser), or into one self-contained page (buildDebuggerHtml, for
// dist/debugger.html: `npm run build` writes it with scripts/build-debugger.mjs). `paysig` is imported by name, so it resolves through the
// package's own "exports" to dist/ (run `npm run build` first) and its `#crypto` import, under
// the browser conditions, to the WebCrypto backend. Used by the docs build (scripts/typedoc-site.mjs)
// and by the Chromium test (test/runtimes/debugger.mjs).
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
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

/**
 * The debugger as one self-contained HTML page (`npx paysig debugger` writes or serves it): the
 * CSS and the bundled script inline, allowed by their SHA-256 hashes in the page's
 * Content-Security-Policy, which still forbids every network request (connect-src, img-src,
 * form-action 'none'; no other source). Links into the documentation site are dropped: the page
 * stands alone.
 *
 * @returns {Promise<string>} the page
 */
export async function buildDebuggerHtml() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(HERE, 'main.ts')],
    write: false,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  // Inline, `</script` would end the element early; the bundle is escaped where it could occur.
  const js = result.outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
  const css = readFileSync(join(HERE, 'debugger.css'), 'utf8');
  const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const csp = `default-src 'none'; script-src ${hash(js)}; style-src ${hash(css)}; connect-src 'none'; img-src 'none'; form-action 'none'; base-uri 'none'`;
  let html = readFileSync(join(HERE, 'index.html'), 'utf8');
  const swap = (pattern, text) => {
    if (!pattern.test(html)) throw new Error(`docs/debugger/index.html no longer has ${pattern}`);
    html = html.replace(pattern, () => text);
  };
  swap(
    /<meta http-equiv="Content-Security-Policy" content="[^"]*">/,
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
  );
  swap(/<link rel="stylesheet" href="debugger.css">/, `<style>${css}</style>`);
  swap(/<script defer src="debugger.js"><\/script>/, '');
  swap(/<p class="crumbs">.*?<\/p>\n/s, '');
  swap(
    /<footer>.*?<\/footer>/s,
    '<footer><p>Built on <code>diagnose()</code> from paysig (<code>npx paysig debugger</code>).</p></footer>',
  );
  // At the end of the body: the form exists when the script runs (it was deferred before).
  swap(/<\/body>/, `<script>${js}</script>\n</body>`);
  return html;
}
