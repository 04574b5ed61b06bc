// The crypto backend is chosen by export conditions when the module graph is resolved, so it
// survives bundling. A small app imports `paysig` by name from a consumer project (package.json and
// a fresh build of dist/ copied into node_modules/paysig, in a temporary directory) and is bundled
// with esbuild's JS API three ways: --platform=node as ESM, --platform=node as CJS (as for AWS
// Lambda), and --platform=browser. The Node bundles must run on node:crypto, the browser bundle on
// WebCrypto with no `node:` import; all must compute the control digest node:crypto computes.
// Builds dist/ itself as `npm run build` does (tsc into the temporary directory, then
// scripts/bundle-dist.mjs bundles the main entry), so it never reads a stale dist/.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
/** The published C-B example: endpointId, client_orderid, amount in minor units, email. */
const EXPECTED = createHash('sha1').update(`1111902B4FF51042john.smith@gmail.com${KEY}`, 'utf8').digest('hex');

// No top-level await: the CJS output format cannot hold it.
const APP = `import { control, cryptoBackendName } from 'paysig';
const fields = { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' };
control('C-B', fields, ${JSON.stringify(KEY)}).then((digest) => {
  console.log(JSON.stringify({ backend: cryptoBackendName(), digest }));
});
`;

let dir = '';
let built = '';

/** A consumer project with `paysig` installed from `built`, its package.json edited by `edit`. */
function consumer(name: string, edit: (pkg: Record<string, unknown>) => void = () => {}): string {
  const app = join(dir, name);
  const pkgDir = join(app, 'node_modules', 'paysig');
  mkdirSync(pkgDir, { recursive: true });
  cpSync(join(built, 'dist'), join(pkgDir, 'dist'), { recursive: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  edit(pkg);
  writeFileSync(join(pkgDir, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true }));
  writeFileSync(join(app, 'app.mjs'), APP);
  return app;
}

/** Bundles app.mjs of a consumer; returns the output path, its text and which paysig files went in. */
async function bundle(app: string, platform: 'node' | 'browser', format: 'esm' | 'cjs') {
  const outfile = join(app, `out-${platform}.${format === 'esm' ? 'mjs' : 'cjs'}`);
  const result = await build({
    absWorkingDir: app,
    entryPoints: ['app.mjs'],
    outfile,
    bundle: true,
    platform,
    format,
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys((result.metafile as Metafile).inputs).map((p) =>
    p.replace(/^.*node_modules\/paysig\//, ''),
  );
  return {
    outfile,
    text: readFileSync(outfile, 'utf8'),
    // The two backend modules (crypto/name.js and the web backend's promise-cache.js are helpers).
    backends: inputs.filter((p) => /^dist\/crypto\/(node|web)\.js$/.test(p)),
  };
}

function runBundle(outfile: string): { backend: string; digest: string } {
  const out = execFileSync(process.execPath, [outfile], { encoding: 'utf8', timeout: 30_000 });
  return JSON.parse(out.trim()) as { backend: string; digest: string };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysig-bundling-'));
  built = join(dir, 'build');
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(ROOT, 'tsconfig.build.json'),
      '--outDir',
      join(built, 'dist'),
    ],
    {
      cwd: ROOT,
      stdio: 'pipe',
    },
  );
  execFileSync(process.execPath, [join(ROOT, 'scripts/bundle-dist.mjs'), join(built, 'dist')], {
    cwd: ROOT,
    stdio: 'pipe',
  });
}, 120_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('a bundled app gets the backend of its target platform', () => {
  it.each(['esm', 'cjs'] as const)('--platform=node --format=%s keeps node:crypto', async (format) => {
    const b = await bundle(consumer(`node-${format}`), 'node', format);
    expect(b.backends).toEqual(['dist/crypto/node.js']);
    expect(runBundle(b.outfile)).toEqual({ backend: 'node', digest: EXPECTED });
  });

  it('--platform=browser gets WebCrypto and imports nothing from node:', async () => {
    const b = await bundle(consumer('browser'), 'browser', 'esm');
    expect(b.backends).toEqual(['dist/crypto/web.js']);
    expect(b.text).not.toMatch(/\bnode:|require\(/);
    // Node has WebCrypto too, so the browser bundle runs there as plain ESM.
    expect(runBundle(b.outfile)).toEqual({ backend: 'web', digest: EXPECTED });
  });

  it('would catch a package whose node condition led to WebCrypto', async () => {
    const broken = consumer('broken', (pkg) => {
      const imports = pkg['imports'] as Record<string, Record<string, string>>;
      imports['#crypto']!['node'] = './dist/crypto/web.js';
    });
    const b = await bundle(broken, 'node', 'esm');
    expect(b.backends).toEqual(['dist/crypto/web.js']);
    expect(runBundle(b.outfile).backend).toBe('web');
  });
});

describe('the main entry served to Node, Deno and Bun is one module (start-up)', () => {
  it('imports only the shared error classes and the #crypto backend', () => {
    const text = readFileSync(join(built, 'dist/index.bundled.js'), 'utf8');
    const specifiers = new Set([...text.matchAll(/\bfrom\s*"([^"]+)"/g)].map((m) => m[1]));
    const outside = [...specifiers].filter((s) => s !== '#crypto' && !/^\.\/errors\/[a-z]+\.js$/.test(s ?? ''));
    expect(outside).toEqual([]);
    expect(specifiers).toContain('#crypto');
    expect(specifiers).toContain('./errors/index.js');
  });

  it('shares its error classes with the backends and paysig/redis', async () => {
    const index = (await import(join(built, 'dist/index.bundled.js'))) as Record<string, unknown>;
    const errors = (await import(join(built, 'dist/errors/index.js'))) as Record<string, unknown>;
    expect(index['UnsupportedError']).toBe(errors['UnsupportedError']);
    expect(index['NonceStoreError']).toBe(errors['NonceStoreError']);
  });

  it('paysig/testing resolves by name and runs on the same error classes', () => {
    const app = consumer('testing-entry');
    writeFileSync(
      join(app, 'testing.mjs'),
      `import { checkNonceStore } from 'paysig/testing';
import { InvalidInputError } from 'paysig';
const refused = await checkNonceStore(undefined).catch((e) => e);
console.log(JSON.stringify({ shared: refused instanceof InvalidInputError, code: refused.code }));
`,
    );
    const out = execFileSync(process.execPath, [join(app, 'testing.mjs')], {
      cwd: app,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(JSON.parse(out.trim())).toEqual({ shared: true, code: 'ERR_INVALID_INPUT' });
  });
});
