// The crypto backend is chosen by export conditions when the module graph is resolved, so it
// survives bundling. A small app imports `paysig` by name from a consumer project (package.json and
// a fresh build of dist/ copied into node_modules/paysig, in a temporary directory) and is bundled
// with esbuild's JS API three ways: --platform=node as ESM, --platform=node as CJS (as for AWS
// Lambda), and --platform=browser. The Node bundles must run on node:crypto, the browser bundle on
// WebCrypto with no `node:` import; all must compute the control digest node:crypto computes.
// Builds dist/ itself as `npm run build` does (tsc into a temporary directory), so it never reads
// a stale dist/. Then: every entry of the package shares one copy of each module (one replay
// memory, one set of classes), and the published JavaScript is readable in a stack trace.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Every `.js` file under a folder, recursively. */
function jsFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(folder, f));
}

// Run in a consumer project that installs the package by name, under the node condition, as a
// server would: the same signed request through each entry, the classes each entry throws.
const ENTRIES_APP = `import * as root from 'paysig';
import * as node from 'paysig/node';
import * as hmac from 'paysig/hmac';
import * as testing from 'paysig/testing';
import * as redis from 'paysig/redis';
const controlKey = 'k'.repeat(32);
const url = 'https://gate.example.com/paynet/api/v2/payout/1111';
const credentials = () => ({ controlKey });
const verifier = root.createVerifier({ basePath: '/paynet', credentials });
const params = { client_orderid: 'o-1', amount: '10.42', currency: 'EUR', destination_card_no: '4444555566661111' };
const fresh = () =>
  root.signRequest('payout', { baseUrl: 'https://gate.example.com/paynet', endpointId: 1111, params, credentials: { login: 'merchant', controlKey } });
const codeOf = (p) => p.then(() => 'accepted', (e) => (e instanceof root.PaysigError ? e.code : 'untyped:' + e));
function nodeReq(parts) {
  const u = new URL(parts.url);
  return { method: 'POST', url: u.pathname + u.search, headers: { host: u.host, ...Object.fromEntries(Object.entries(parts.headers).map(([k, v]) => [k.toLowerCase(), v])) }, on() {}, removeListener() {} };
}
const out = {};
// 1. One request, the verifier's store: accepted through the root, a replay through paysig/node.
let p = await fresh();
out.rootThenNode = [
  await codeOf(verifier.verify(new Request(p.url, { method: 'POST', headers: p.headers, body: p.body }))),
  await codeOf(node.verifyIncoming(verifier, nodeReq(p), { body: p.body, url: p.url })),
];
// 2. And the other way round, then paysig/hmac's verifyOAuth on the same store.
p = await fresh();
const oauth = { method: 'POST', url: p.url, params: root.parseForm(p.body), authorization: p.headers.authorization ?? p.headers.Authorization };
out.nodeThenRootThenHmac = [
  await codeOf(node.verifyIncoming(verifier, nodeReq(p), { body: p.body, url: p.url })),
  await codeOf(verifier.verify(new Request(p.url, { method: 'POST', headers: p.headers, body: p.body }))),
  await codeOf(hmac.verifyOAuth(oauth, { credentials: () => ({ consumerSecret: controlKey }), nonceStore: verifier.nonceStore })),
];
// 3. The classes each entry throws are the root's.
const thrown = [
  await Promise.resolve().then(() => node.verifiedOf({})).catch((e) => e),
  await hmac.verifyOAuth(oauth, { credentials }).catch((e) => e),
  await testing.checkNonceStore(undefined).catch((e) => e),
  await Promise.resolve().then(() => new redis.RedisNonceStore(undefined)).catch((e) => e),
];
out.sameClasses = thrown.map((e) => e instanceof root.PaysigError && e.constructor === root[e.constructor.name]);
out.names = thrown.map((e) => e.constructor.name);
console.log(JSON.stringify(out));
`;

describe('one copy of each module, whichever entry loads it', () => {
  it('a request accepted through one entry is a replay through every other; classes are the same objects', () => {
    const app = consumer('entries');
    writeFileSync(join(app, 'entries.mjs'), ENTRIES_APP);
    const out = execFileSync(process.execPath, [join(app, 'entries.mjs')], {
      cwd: app,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const result = JSON.parse(out.trim()) as Record<string, unknown>;
    expect(result['rootThenNode']).toEqual(['accepted', 'ERR_OAUTH_NONCE_REPLAYED']);
    expect(result['nodeThenRootThenHmac']).toEqual([
      'accepted',
      'ERR_OAUTH_NONCE_REPLAYED',
      'ERR_OAUTH_NONCE_REPLAYED',
    ]);
    expect(result['sameClasses']).toEqual([true, true, true, true]);
  });

  it('the package.json maps every entry to the one tree tsc writes (no separate bundle of the root)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | Record<string, string>>;
    };
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target).sort(), entry).toEqual(['default', 'types']);
      expect(target['default'], entry).toMatch(/^\.\/dist\/(?:[a-z/]+\/)?index\.js$/);
    }
  });

  it('published JavaScript is readable in a stack trace: no line over 500 characters, a source map beside each file', () => {
    const files = jsFiles(join(built, 'dist'));
    expect(files.length).toBeGreaterThan(50);
    const long = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((line) => line.length > 500 && !line.startsWith('//# sourceMappingURL='))
        .map((line) => `${f}: ${line.length}`),
    );
    expect(long).toEqual([]);
    const unmapped = files.filter((f) => !existsSync(`${f}.map`));
    expect(unmapped).toEqual([]);
  });

  it('an uncaught paysig error prints a short trace that names the source file', () => {
    const app = consumer('uncaught');
    writeFileSync(join(app, 'uncaught.mjs'), "import { control } from 'paysig';\nawait control('C-Z', {}, 'key');\n");
    let stderr = '';
    try {
      execFileSync(process.execPath, ['--enable-source-maps', join(app, 'uncaught.mjs')], {
        cwd: app,
        encoding: 'utf8',
        stdio: 'pipe',
        timeout: 30_000,
      });
    } catch (e) {
      stderr = String((e as { stderr?: unknown }).stderr);
    }
    expect(stderr).toMatch(/PaysigError|InvalidInputError|UnsupportedError|ERR_/);
    expect(stderr.length).toBeLessThan(5_000);
    expect(stderr).toMatch(/control\/[a-z-]+\.ts/);
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
