// `npx paysig debugger`: the signature debugger offline, from the package. Runs the built CLI
// (dist/, as `npm run build` leaves it; the test suite builds first) as a child process: it writes
// the single page, or serves it on 127.0.0.1; the page keeps its no-network guarantee (a CSP that
// allows nothing but its own inline script and style, by hash, and no external URL to load).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const MAIN = join(ROOT, 'dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'paysig-debugger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('paysig debugger', () => {
  it('writes the self-contained page, whose CSP allows only its own inline script and style', () => {
    expect(existsSync(MAIN)).toBe(true);
    const out = join(dir, 'page.html');
    const r = spawnSync(process.execPath, [MAIN, 'debugger', '--out', out], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`wrote ${out}`);
    const html = readFileSync(out, 'utf8');
    expect(html).toBe(readFileSync(join(ROOT, 'dist/debugger.html'), 'utf8'));
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect([scripts.length, styles.length]).toEqual([1, 1]);
    expect(csp).toBe(
      `default-src 'none'; script-src ${sha256(scripts[0]!)}; style-src ${sha256(styles[0]!)}; connect-src 'none'; img-src 'none'; form-action 'none'; base-uri 'none'`,
    );
    // Nothing to load from anywhere: no src or href attribute, no <link>, <iframe> or <img>.
    expect(html).not.toMatch(/<(link|iframe|img|object|embed)\b/i);
    expect(html).not.toMatch(/\s(src|href)\s*=/i);
    expect(html).not.toMatch(/<script\s[^>]*>/i);
  });

  it('is in the package: dist/debugger.html ships with it', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const files = (JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    expect(files).toContain('dist/debugger.html');
    expect(files).toContain('dist/cli/debugger.js');
  }, 60_000);

  it('--serve serves the page (with its CSP as a header too) on 127.0.0.1 and nothing else, until stopped', async () => {
    const child = spawn(process.execPath, [MAIN, 'debugger', '--serve'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((found, fail) => {
        let text = '';
        child.stdout.on('data', (b: Buffer) => {
          text += b.toString();
          if (text.includes('\n')) found(text);
        });
        child.once('exit', (code) => fail(new Error(`exited ${code}`)));
        setTimeout(() => fail(new Error('no URL printed')), 20_000).unref();
      });
      const url = /http:\/\/127\.0\.0\.1:[0-9]+\//.exec(line)?.[0];
      expect(url).toBeDefined();
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toBe(readFileSync(join(ROOT, 'dist/debugger.html'), 'utf8'));
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-/);
      expect((await fetch(new URL('/etc/passwd', url))).status).toBe(404);
      expect((await fetch(url!, { method: 'POST', body: 'x' })).status).toBe(404);
    } finally {
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 60_000);

  it('refuses --port without --serve, and a bad port', () => {
    const bad = spawnSync(process.execPath, [MAIN, 'debugger', '--port', '80'], { encoding: 'utf8', timeout: 30_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--port needs --serve');
    const port = spawnSync(process.execPath, [MAIN, 'debugger', '--serve', '--port', '99999'], { encoding: 'utf8' });
    expect(port.status).toBe(2);
  });
});
