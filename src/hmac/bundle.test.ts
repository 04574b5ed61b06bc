// paysig/hmac's reason to exist: a bundle built from it carries no RSA key reader. The entry is
// built from src/ with esbuild and the files that went in are read from its metafile. Apart from
// index.test.ts because mutation testing leaves it out (stryker/vitest.config.ts): Stryker's
// instrumented source does not tree-shake as the real source does.
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

describe('paysig/hmac bundles', () => {
  /** The src/ files that end up in a minified browser bundle of `code` (resolved from src/). */
  async function bundledFiles(code: string): Promise<string[]> {
    const result = await build({
      stdin: { contents: code, resolveDir: SRC, loader: 'ts', sourcefile: 'entry.ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['paysig-webcrypto'],
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [
        {
          name: 'crypto-seam',
          setup(b) {
            b.onResolve({ filter: /^#crypto$/ }, () => ({ path: join(SRC, 'crypto/web.ts') }));
          },
        },
      ],
    });
    const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
    return Object.entries(inputs)
      .filter(([, v]) => v.bytesInOutput > 0)
      .map(([f]) => f.replace(/^.*?src\//, 'src/'));
  }
  // The reader is everything in keys/ but rules.ts (a size bound) and list.ts (key lists for rotation).
  const keyReader = (files: string[]) => files.filter((f) => /^src\/keys\/(?!rules\.ts|list\.ts)/.test(f));

  it('an HMAC-only signer and verifier carry no RSA key reader; the root entry does', async () => {
    expect(keyReader(await bundledFiles("export { signOAuth, verifyOAuth } from './hmac/index.ts';"))).toEqual([]);
    expect(keyReader(await bundledFiles("export { signOAuth } from './index.ts';"))).toContain('src/keys/pem.ts');
  });
});
