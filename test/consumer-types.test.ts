// paysig's published .d.ts files, compiled as a TypeScript user compiles them: a consumer project
// importing `paysig`, `paysig/redis` and `paysig/testing` by name, with skipLibCheck off, once without the DOM
// library (`"lib": ["es2022"]` + @types/node, a plain Node service) and once with it (there
// the consumer's own code is what is checked: skipLibCheck on). The
// declarations are built fresh into the consumer's node_modules (as `npm pack` would ship them),
// so a parallel build of dist/ cannot interfere. Node project only (vitest.config.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
let dir = '';

// Uses the public API where key and Web types appear: keys from node:crypto's WebCrypto, a
// Request, the Redis store, the nonce-store contract, and the error classes.
const CONSUMER = `
import { webcrypto } from 'node:crypto';
import { createVerifier, importPrivateKey, importPublicKey, MemoryNonceStore, signOAuth, signRequest, verifyOAuth, verifyRequest, httpStatusOf, type CryptoKeyLike } from 'paysig';
import { RedisNonceStore } from 'paysig/redis';
import { assertNonceStore, checkNonceStore, type NonceStoreContractReport, type StoreUnderTest } from 'paysig/testing';

const pair = await webcrypto.subtle.generateKey(
  { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  false,
  ['sign', 'verify'],
);
const key: CryptoKeyLike = pair.privateKey;
await importPrivateKey(key);
await importPublicKey(pair.publicKey);
const signed = await signOAuth({ method: 'POST', url: 'https://x.example/a', params: [], consumerKey: 'm', signatureMethod: 'RSA-SHA256', privateKey: pair.privateKey });
await verifyOAuth(
  { method: 'POST', url: 'https://x.example/a', params: [], authorization: signed.authorization },
  { credentials: () => ({ publicKey: pair.publicKey }), nonceStore: new MemoryNonceStore() },
);
const sale = await signRequest('sale', {
  baseUrl: 'https://gate.example.com/paynet',
  endpointId: 1,
  params: { client_orderid: '1', amount: '1.00', currency: 'EUR', email: 'a@b.example' },
  credentials: { login: 'm', controlKey: 'k' },
});
const request: Request = sale.toRequest();
const verifier = createVerifier({ basePath: '/paynet', credentials: () => ({ controlKey: 'k' }), now: () => Date.now() / 1000 });
try {
  await verifier.verify(request, { url: request.url });
  await verifyRequest(request, { basePath: '/paynet', credentials: () => ({ controlKey: 'k' }) });
} catch (error) {
  console.log(httpStatusOf(error));
}
export const store: typeof RedisNonceStore = RedisNonceStore;
const underTest = (): StoreUnderTest => ({ store: { check: async () => true }, breakBackend: () => {} });
const report: NonceStoreContractReport = await checkNonceStore(underTest, { clock: { now: () => 0, advance: async () => {} } });
export const contract: Promise<NonceStoreContractReport> = report.passed ? assertNonceStore(underTest) : Promise.resolve(report);
`;

// Every entry point under each moduleResolution a TypeScript app uses: bundler (Vite, Next.js),
// node16 and nodenext. paysig/node is exported under every condition, so bundler resolves it too.
const ENTRIES = `
import { createVerifier, httpStatusOf, verifyCallback } from 'paysig';
import { createMiddleware, toFetchRequest, verifyIncoming, type IncomingMessageLike, type NodeMiddleware } from 'paysig/node';

const verifier = createVerifier({ credentials: () => undefined, trustProxy: 1, bodyTimeoutMs: 10_000 });
export const middleware: NodeMiddleware = createMiddleware(verifier);
import { RedisNonceStore } from 'paysig/redis';

export async function handle(req: IncomingMessageLike): Promise<number> {
  try {
    await verifyIncoming(verifier, req, { url: 'https://gate.example.com/paynet/api/v2/sale/1' });
    await verifyIncoming(req, { credentials: () => undefined, trustProxy: 1, bodyTimeoutMs: 10_000 });
    await verifyCallback(req, 'control key');
    return 200;
  } catch (error) {
    return httpStatusOf(error);
  }
}
export const parts = { toFetchRequest, RedisNonceStore };
`;

// A CommonJS TypeScript project: paysig is ESM only, so it is reached with a dynamic import().
const CJS_DYNAMIC = `
export async function handle(req: import('paysig/node').IncomingMessageLike): Promise<number> {
  const { httpStatusOf, verifyCallback } = await import('paysig');
  const { verifyIncoming } = await import('paysig/node');
  try {
    await verifyIncoming(req, { credentials: () => undefined });
    await verifyCallback(req, 'control key');
    return 200;
  } catch (error) {
    return httpStatusOf(error);
  }
}
`;
const CJS_STATIC = `import { verifyCallback } from 'paysig';\nexport const v = verifyCallback;\n`;

function resolutionConfig(module: string, moduleResolution: string, file: string): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module,
      moduleResolution,
      lib: ['es2022'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    },
    files: [file],
  });
}

function tsconfig(lib: string[], skipLibCheck: boolean): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib,
      types: ['node'],
      strict: true,
      skipLibCheck,
      noEmit: true,
    },
    files: ['main.ts'],
  });
}

function compile(project: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [TSC, '-p', join(dir, project)], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('the published types in a consumer project', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paysig-types-'));
    const pkg = join(dir, 'node_modules', 'paysig');
    mkdirSync(pkg, { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    const build = spawnSync(
      process.execPath,
      [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', join(pkg, 'dist')],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    if (build.status !== 0) throw new Error(`building the declarations failed:\n${build.stdout}${build.stderr}`);
    symlinkSync(join(ROOT, 'node_modules', '@types'), join(dir, 'node_modules', '@types'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(join(dir, 'main.ts'), CONSUMER);
    writeFileSync(join(dir, 'tsconfig.node.json'), tsconfig(['es2022'], false));
    writeFileSync(join(dir, 'tsconfig.dom.json'), tsconfig(['es2022', 'dom'], true));
    writeFileSync(join(dir, 'entries.ts'), ENTRIES);
    writeFileSync(join(dir, 'tsconfig.bundler.json'), resolutionConfig('ESNext', 'bundler', 'entries.ts'));
    writeFileSync(join(dir, 'tsconfig.node16.json'), resolutionConfig('Node16', 'Node16', 'entries.ts'));
    writeFileSync(join(dir, 'tsconfig.nodenext.json'), resolutionConfig('NodeNext', 'NodeNext', 'entries.ts'));
    const cjs = join(dir, 'cjs');
    mkdirSync(cjs);
    writeFileSync(join(cjs, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true, type: 'commonjs' }));
    writeFileSync(join(cjs, 'dynamic.ts'), CJS_DYNAMIC);
    writeFileSync(join(cjs, 'static.ts'), CJS_STATIC);
    writeFileSync(join(cjs, 'tsconfig.dynamic.json'), resolutionConfig('NodeNext', 'NodeNext', 'dynamic.ts'));
    writeFileSync(join(cjs, 'tsconfig.static.json'), resolutionConfig('Node16', 'Node16', 'static.ts'));
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compile without the DOM library (lib es2022 + @types/node, skipLibCheck false)', () => {
    expect(compile('tsconfig.node.json')).toEqual({ code: 0, out: '' });
  }, 120_000);

  it('compile with the DOM library (its CryptoKey and Request fit the same types)', () => {
    expect(compile('tsconfig.dom.json')).toEqual({ code: 0, out: '' });
  }, 120_000);

  it.each(['bundler', 'node16', 'nodenext'])(
    'resolve paysig, paysig/node and paysig/redis under moduleResolution %s',
    (resolution) => {
      expect(compile(`tsconfig.${resolution}.json`)).toEqual({ code: 0, out: '' });
    },
    120_000,
  );

  it('in a CommonJS project: a static import is TS1479 (as docs/typescript.md says), a dynamic import() compiles', () => {
    const fails = compile('cjs/tsconfig.static.json');
    expect(fails.code).not.toBe(0);
    expect(fails.out).toContain('error TS1479');
    expect(compile('cjs/tsconfig.dynamic.json')).toEqual({ code: 0, out: '' });
  }, 120_000);
});
