// The `paysig` command, run as child processes from a fresh build (`tsc -p tsconfig.build.json`
// into a temporary directory, so parallel builds of dist/ do not interfere). The CLI always uses
// the node:crypto backend, so these run in the `node` project only.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/index.js';

// counts derived from the catalog, never typed in
const OPERATION_COUNT = OPERATIONS.length;
const WITHOUT_SCHEME = OPERATIONS.filter((o) => o.auth.kind === 'unknown').length;

const ROOT = resolve(import.meta.dirname, '..');
const LOGIN = 'merchantlogin';
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const BASE = 'https://gate.example.com/paynet';
let dir = '';
let main = '';

function run(args: string[], env: Record<string, string> = {}, input?: string) {
  const r = spawnSync(process.execPath, [main, ...args], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
    ...(input !== undefined ? { input } : {}),
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const ENV = { PAYSIG_LOGIN: LOGIN, PAYSIG_CONTROL_KEY: KEY };
const sha1 = (s: string): string => createHash('sha1').update(s).digest('hex');

// The CLI always runs on node:crypto, so vitest.config.ts runs this file in the `node` project only.
describe('paysig CLI', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paysig-cli-'));
    const out = join(dir, 'dist');
    try {
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out],
        {
          cwd: ROOT,
          stdio: 'pipe',
        },
      );
    } catch {
      // Type errors elsewhere in the tree still emit JavaScript; the checks below need only the CLI.
    }
    main = join(out, 'cli/main.js');
    expect(existsSync(main)).toBe(true);
    // As installed: package.json beside dist/ (paysig --version reads it).
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  }, 120_000);
  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('prints help, and refuses a missing or unknown command in one line without a stack trace', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('usage: paysig <command>');
    expect(run([]).code).toBe(2);
    const bad = run(['frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toBe('paysig: unknown command "frobnicate"; run paysig --help (ERR_INVALID_INPUT)');
    const opt = run(['operations', '--bogus']);
    expect(opt.code).toBe(2);
    expect(opt.err).toMatch(/^paysig: unknown option --bogus \(ERR_INVALID_INPUT\)\n$/);
    expect(run(['sign', '--help']).out).toContain('PAYSIG_CONTROL_KEY_FILE');
  });

  it('lists every operation', () => {
    const r = run(['operations']);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(OPERATION_COUNT + 1);
    expect(r.out).toMatch(/payout-pay\s+-\s+RSA-SHA256\s+paysig\s+\/api\/v4\/payout-pay\/\{endpointId\}/);
    const json = JSON.parse(run(['operations', '--json']).out) as Array<{ id: string }>;
    expect(json).toHaveLength(OPERATION_COUNT);
  });

  it('signs a control request without printing the key; refuses a missing env and an unknown operation', () => {
    const args = [
      'sign',
      'sale',
      '--endpoint',
      '1111',
      '--base-url',
      BASE,
      'client_orderid=902B4FF5',
      'amount=10.42',
      'currency=EUR',
      'email=john.smith@gmail.com',
    ];
    const r = run(args, ENV);
    expect(r.code).toBe(0);
    const digest = sha1('1111902B4FF51042john.smith@gmail.com' + KEY);
    expect(r.out).toContain(`curl -X POST 'https://gate.example.com/paynet/api/v2/sale/1111'`);
    expect(r.out).toContain(`&control=${digest}`);
    expect(r.out).toContain('POST /paynet/api/v2/sale/1111 HTTP/1.1');
    expect(r.out).not.toContain(KEY);

    const missing = run(args, { PAYSIG_CONTROL_KEY: KEY });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('PAYSIG_LOGIN');
    expect(missing.err).toContain('(ERR_MISSING_FIELD)');
    const noKey = run(args, { PAYSIG_LOGIN: LOGIN });
    expect(noKey.code).toBe(2);
    expect(noKey.err).toContain('PAYSIG_CONTROL_KEY');
    const unknown = run(['sign', 'refund', '--endpoint', '1', '--base-url', BASE], ENV);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('(ERR_UNKNOWN_OPERATION)');
    expect(unknown.err).not.toContain('    at ');
    const rule = run(
      [
        'sign',
        'void',
        '--endpoint',
        '1',
        '--base-url',
        BASE,
        'client_orderid=a',
        'orderid=b',
        'amount=1.00',
        'currency=EUR',
      ],
      ENV,
    );
    expect(rule.code).toBe(2);
    expect(rule.err).toContain('"amount" is not allowed on "void"');

    // the key from a file gives the same digest
    const keyFile = join(dir, 'control.key');
    writeFileSync(keyFile, KEY + '\n');
    const fromFile = run(args, { PAYSIG_LOGIN: LOGIN, PAYSIG_CONTROL_KEY_FILE: keyFile });
    expect(fromFile.out).toContain(`&control=${digest}`);
  });

  it('verify: OK for a signed request, FAIL with the reason and --explain for a tampered one', () => {
    const signed = run(
      [
        'sign',
        'status',
        '--endpoint',
        '1111',
        '--base-url',
        BASE,
        'client_orderid=902B4FF5',
        'orderid=840019',
        '--format',
        'http',
      ],
      ENV,
    );
    expect(signed.code).toBe(0);
    const ok = run(['verify', '-', '--base-path', '/paynet'], ENV, signed.out);
    expect(ok.out.trim()).toBe('OK status (C-S) endpoint 1111');
    expect(ok.code).toBe(0);

    const file = join(dir, 'tampered.http');
    writeFileSync(file, signed.out.replace('orderid=840019', 'orderid=840018'));
    const bad = run(['verify', file, '--base-path', '/paynet', '--explain'], ENV);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('FAIL control digest does not match formula C-S (ERR_CONTROL_MISMATCH)');
    expect(bad.out).toContain(`concatenation: ${LOGIN}902B4FF5840018<control key>`);
    expect(bad.out).toContain(`expected control: ${sha1(`${LOGIN}902B4FF5840018${KEY}`)}`);
    expect(bad.out).toMatch(/first difference \(control digest\) at position \d+:/);
    expect(bad.out).not.toContain(KEY);

    const guessed = run(['verify', '-'], ENV, signed.out);
    expect(guessed.out.trim()).toBe('OK status (C-S) endpoint 1111');
    const wrongPath = run(['verify', '-', '--base-path', '/other'], ENV, signed.out);
    expect(wrongPath.out).toContain('(ERR_UNKNOWN_OPERATION)');
    expect(wrongPath.code).toBe(1);
    expect(run(['verify', join(dir, 'nope.http')], ENV).code).toBe(2);
  });

  it('signs RSA-SHA256 with a key file and verifies with the public key file; explains HMAC', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    writeFileSync(join(dir, 'k.pem'), privateKey);
    writeFileSync(join(dir, 'k.pub'), publicKey);
    const env = {
      PAYSIG_LOGIN: LOGIN,
      PAYSIG_PRIVATE_KEY_FILE: join(dir, 'k.pem'),
      PAYSIG_PUBLIC_KEY_FILE: join(dir, 'k.pub'),
    };
    const signed = run(
      ['sign', 'payout-check', '--group', '77', '--base-url', BASE, 'amount=5.00', 'currency=EUR', '--format', 'http'],
      env,
    );
    expect(signed.code).toBe(0);
    expect(signed.out).toContain('Authorization: OAuth ');
    expect(signed.out).not.toContain('PRIVATE KEY');
    const ok = run(['verify', '-', '--base-path', '/paynet'], env, signed.out);
    expect(ok.out.trim()).toBe('OK payout-check (RSA-SHA256) group 77');
    const noKey = run(['sign', 'payout-check', '--endpoint', '1', '--base-url', BASE], { PAYSIG_LOGIN: LOGIN });
    expect(noKey.code).toBe(2);
    expect(noKey.err).toContain('PAYSIG_PRIVATE_KEY_FILE');

    const hmac = run(
      [
        'sign',
        'pan-eligibility-send',
        '--endpoint',
        '1',
        '--base-url',
        BASE,
        '--nonce',
        'y3qlvMPky7g',
        '--timestamp',
        '1669966913',
        'client-order-id=1234567890',
        'sending-card-ref-id=7654321',
        '--format',
        'http',
      ],
      ENV,
    );
    const explained = run(['verify', '-', '--base-path', '/paynet', '--explain', '--now', '1669966913'], ENV, hmac.out);
    expect(explained.out).toContain('OK pan-eligibility-send (HMAC-SHA1)');
    expect(explained.out).toContain(
      'normalized parameters: client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321',
    );
    const exp = /expected signature: (\S+)/.exec(explained.out)?.[1];
    const rec = /received signature: (\S+)/.exec(explained.out)?.[1];
    expect(exp).toBeDefined();
    expect(exp).toBe(rec);
    const stale = run(['verify', '-', '--base-path', '/paynet'], ENV, hmac.out);
    expect(stale.out).toContain('(ERR_OAUTH_TIMESTAMP)');
    expect(stale.code).toBe(1);
  });

  it('keygen writes three PEM files with private modes and refuses to overwrite', () => {
    const prefix = join(dir, 'merchant');
    const r = run(['keygen', '--bits', '2048', '--out', prefix]);
    expect(r.code).toBe(0);
    const pkcs8 = readFileSync(prefix + '.pkcs8.pem', 'utf8');
    expect(pkcs8).toContain('BEGIN PRIVATE KEY');
    expect(readFileSync(prefix + '.pkcs1.pem', 'utf8')).toContain('BEGIN RSA PRIVATE KEY');
    expect(statSync(prefix + '.pkcs8.pem').mode & 0o777).toBe(0o600);
    expect(statSync(prefix + '.pkcs1.pem').mode & 0o777).toBe(0o600);
    const pub = createPublicKey(readFileSync(prefix + '.spki.pem', 'utf8'));
    expect(pub.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(createPublicKey(createPrivateKey(pkcs8)).export({ type: 'spki', format: 'pem' })).toBe(
      readFileSync(prefix + '.spki.pem', 'utf8'),
    );

    const again = run(['keygen', '--bits', '2048', '--out', prefix]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('refusing to overwrite');
    expect(readFileSync(prefix + '.pkcs8.pem', 'utf8')).toBe(pkcs8);
    const weak = run(['keygen', '--bits', '1024', '--out', join(dir, 'weak')]);
    expect(weak.err).toContain('(ERR_KEY_TOO_SMALL)');
    expect(weak.code).toBe(2);
  });

  it('demo signs and verifies every operation and exits 0', () => {
    const r = run(['demo']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines.filter((l) => /^\S+\s+\/api\S+\s+\S+\s+verified/.test(l))).toHaveLength(OPERATION_COUNT);
    expect(lines.filter((l) => /explicit scheme/.test(l))).toHaveLength(WITHOUT_SCHEME);
    expect(lines.at(-1)).toBe(`all ${OPERATION_COUNT} operations signed and verified`);
  });

  it('installs from the packed tarball and runs as `npx paysig`', () => {
    // The package directory as published: package.json, README, LICENSE and the fresh build.
    const pkg = join(dir, 'pkg');
    mkdirSync(pkg);
    for (const f of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(ROOT, f), join(pkg, f));
    execFileSync('cp', ['-r', join(dir, 'dist'), join(pkg, 'dist')]);
    execFileSync('cp', ['-r', join(ROOT, 'vectors'), join(pkg, 'vectors')]);
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', [...args, '--no-audit', '--no-fund', '--ignore-scripts'], {
        cwd,
        stdio: 'pipe',
        encoding: 'utf8',
        timeout: 120_000,
      });
    npm(['pack', '--pack-destination', dir], pkg);
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    expect(tgz).toBeDefined();
    const consumer = join(dir, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    npm(['install', '--offline', join(dir, tgz!)], consumer);
    const r = spawnSync('npx', ['--no-install', 'paysig', 'operations'], {
      cwd: consumer,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(34);
    expect(r.stdout).toContain('/api/v2/sale/{endpointId}');
    // the golden vectors ship under the "./vectors/*" export, with their sources, schemas and test keys
    const script = [
      "const c = await import('paysig/vectors/control.json', { with: { type: 'json' } });",
      "const s = await import('paysig/vectors/schema/control.schema.json', { with: { type: 'json' } });",
      "const { readFileSync } = await import('node:fs');",
      "const sources = readFileSync(new URL(import.meta.resolve('paysig/vectors/SOURCES.md')), 'utf8');",
      "const key = readFileSync(new URL(import.meta.resolve('paysig/vectors/keys/test-only-rsa-2048-pkcs8.pem')), 'utf8');",
      "console.log(c.default.format, c.default.cases.length > 50, s.default.properties.format.const, sources.includes('| S-OP-SALE |'), key.startsWith('-----BEGIN PRIVATE KEY'));",
    ].join('\n');
    const v = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: consumer,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(v.stderr).toBe('');
    expect(v.stdout.trim()).toBe('2 true 2 true true');
    const listed = readdirSync(join(consumer, 'node_modules', 'paysig', 'vectors'));
    expect(listed).toEqual(
      expect.arrayContaining(['operations.json', 'callbacks.json', 'catalog.json', 'SOURCES.md', 'schema', 'keys']),
    );
    expect(listed).not.toContain('generate');
    expect(listed).not.toContain('engine');
  }, 180_000);

  describe('paysig CLI: a good Unix tool', () => {
    it('--version prints the version of package.json; without a version there it is a runtime failure (1)', () => {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      for (const flag of ['--version', '-V']) {
        const r = run([flag]);
        expect(r.code).toBe(0);
        expect(r.out).toBe(pkg.version + '\n');
      }
      const bare = join(dir, 'bare');
      mkdirSync(bare, { recursive: true });
      execFileSync('cp', ['-r', join(dir, 'dist'), join(bare, 'dist')]);
      // dist needs package.json to resolve #crypto: keep it, without its version
      const { version: _dropped, ...rest } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      writeFileSync(join(bare, 'package.json'), JSON.stringify(rest));
      const r = spawnSync(process.execPath, [join(bare, 'dist/cli/main.js'), '--version'], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('cannot find the package.json');
    });

    it('suggests the command, operation or option meant, and exits 2 for every usage error', () => {
      const cmd = run(['verfy']);
      expect(cmd.code).toBe(2);
      expect(cmd.err.trim()).toBe('paysig: unknown command "verfy"; did you mean "verify"? (ERR_INVALID_INPUT)');
      const op = run(['sign', 'create-card-ref-4', '--endpoint', '1', '--base-url', BASE], ENV);
      expect(op.code).toBe(2);
      expect(op.err).toContain('unknown operation "create-card-ref-4"; did you mean "create-card-ref-v4"?');
      const far = run(['sign', 'refund', '--endpoint', '1', '--base-url', BASE], ENV);
      expect(far.err).toContain('run paysig operations for the list');
      const opt = run(['operations', '--jsno']);
      expect(opt.code).toBe(2);
      expect(opt.err).toContain('unknown option --jsno; did you mean --json?');
      for (const args of [
        ['keygen', '--bits'],
        ['keygen', '--bits', 'many'],
        ['verify', '--explain=yes'],
        ['diagnose', 'a', 'b'],
        ['--bogus'],
        ['verify', '--scheme', 'C-Z'],
      ]) {
        const r = run(args, ENV, '');
        expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
        expect(r.err).toMatch(/^paysig: .+ \(ERR_[A-Z_]+\)\n$/);
      }
    });

    it('diagnose explains a float amount and prints JSON; exit 1 for a refused request, 0 for a valid one', () => {
      const body = `client_orderid=902B4FF5&amount=0.29&currency=EUR&email=a%40b.example&control=${sha1(`1111902B4FF528a@b.example${KEY}`)}`;
      const http = `POST /paynet/api/v2/sale/1111 HTTP/1.1\r\nHost: gate.example.com\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: application/vnd.pay+json\r\n\r\n${body}`;
      const text = run(['diagnose', '-'], ENV, http);
      expect(text.code).toBe(1);
      expect(text.out).toContain('FAIL control digest does not match formula C-B (ERR_CONTROL_MISMATCH)');
      expect(text.out).toContain('concatenation: 1111902B4FF529a@b.example<control key>');
      expect(text.out).toContain('client hashed: 1111902B4FF528a@b.example<control key>');
      expect(text.out).toContain('hint [amount-float]:');
      expect(text.out).not.toContain(KEY);
      const json = run(['diagnose', '--json'], ENV, http);
      const d = JSON.parse(json.out) as { valid: boolean; hints: Array<{ id: string }>; control: { expected: string } };
      expect(d.valid).toBe(false);
      expect(d.hints.map((h) => h.id)).toEqual(['amount-float']);
      expect(d.control.expected).toBe(sha1(`1111902B4FF529a@b.example${KEY}`));
      expect(json.out).not.toContain(KEY);
      const explained = run(['verify', '--explain', '--json'], ENV, http);
      expect((JSON.parse(explained.out) as { hints: Array<{ id: string }> }).hints[0]?.id).toBe('amount-float');

      const good = http.replace(/control=[0-9a-f]+/, `control=${sha1(`1111902B4FF529a@b.example${KEY}`)}`);
      const ok = run(['diagnose'], ENV, good);
      expect(ok.code).toBe(0);
      expect(ok.out.split('\n')[0]).toBe('OK sale (C-B) endpoint 1111');
    });

    it('verify and diagnose say on stderr that they wait for standard input when it is a terminal', async () => {
      const { main: runMain } = await import('../src/cli/run.js');
      const request = 'POST /paynet/api/v2/status/1111 HTTP/1.1\nHost: gate.example.com\n\nclient_orderid=1';
      for (const [command, tty] of [
        ['verify', true],
        ['diagnose', true],
        ['verify', false],
        ['diagnose', false],
      ] as const) {
        const err: string[] = [];
        const io = {
          out: () => undefined,
          err: (l: string) => err.push(l),
          env: ENV,
          readStdin: () => Promise.resolve(request),
          stdinIsTTY: tty,
        };
        expect(await runMain([command], io)).toBe(1);
        expect(err.some((l) => l.includes('reading the request from standard input'))).toBe(tty);
      }
    });

    it('no file in src/cli imports a library module other than the public entries', () => {
      const cli = join(ROOT, 'src/cli');
      // The package's entry points (package.json "exports" with types), as source paths.
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
      const entries = new Set(
        [...JSON.stringify(pkg.exports).matchAll(/"types":"\.\/dist\/([^"]+)\.d\.ts"/g)].map((m) =>
          join(ROOT, 'src', `${m[1]}.js`),
        ),
      );
      expect(entries).toContain(join(ROOT, 'src/index.js'));
      const offenders: string[] = [];
      const files = (readdirSync(cli, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
      expect(files).toContain(join('conformance', 'run.ts'));
      for (const file of files) {
        const text = readFileSync(join(cli, file), 'utf8');
        // Static imports and re-exports (a statement, not a string that says "from"), side-effect and dynamic imports.
        const statements =
          /^(?:import\s[^;]*?\sfrom|export\s[^;=]*?\sfrom|import)\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm;
        for (const m of text.matchAll(statements)) {
          const spec = m[1] ?? m[2]!;
          if (spec.startsWith('node:')) continue;
          const target = resolve(cli, dirname(file), spec);
          if (entries.has(target) || (spec.startsWith('.') && target.startsWith(`${cli}/`))) continue;
          offenders.push(`${file}: ${spec}`);
        }
      }
      expect(offenders).toEqual([]);
    });
  });
});
