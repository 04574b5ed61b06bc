// `paysig gateway`: started as a process, it listens, verifies a request signed by a client
// written without paysig, explains a refusal on its output, and stops on SIGTERM.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientForm, sha1Hex } from './helpers/client-sign.js';

const ROOT = resolve(import.meta.dirname, '..');
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

describe('paysig gateway', () => {
  it('serves, verifies, explains a refusal, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=paysig-source',
        '--import',
        'tsx',
        'src/cli/main.ts',
        'gateway',
        '--port',
        '0',
        '--endpoint',
        '1111',
      ],
      { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', PAYSIG_LOGIN: 'merchant', PAYSIG_CONTROL_KEY: KEY } },
    );
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => String((await lines.next()).value);
    try {
      const first = await next();
      const url = /listening on (http:\/\/\S+)/.exec(first)?.[1];
      expect(url, first).toBeDefined();
      const pairs: Array<[string, string]> = [
        ['client_orderid', 'cli-1'],
        ['amount', '19.99'],
        ['currency', 'EUR'],
        ['email', 'jane@example.com'],
      ];
      const control = sha1Hex(`1111cli-1${1999}jane@example.com${KEY}`);
      const send = (body: string) =>
        fetch(`${url}/paynet/api/v2/sale/1111`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        });
      const ok = await send(clientForm([...pairs, ['control', control]]));
      expect(ok.status).toBe(200);
      expect(await next()).toBe('POST /paynet/api/v2/sale/1111 200');
      const bad = await send(
        clientForm([
          ...pairs.map(([k, v]): [string, string] => [k, k === 'amount' ? '91.99' : v]),
          ['control', control],
        ]),
      );
      expect(bad.status).toBe(403);
      const line = await next();
      expect(line).toMatch(/^POST \/paynet\/api\/v2\/sale\/1111 403 ERR_CONTROL_MISMATCH/);
      expect(line).toContain('amount "9199"');
      expect(line).not.toContain(KEY);
      // No signing oracle (issue 29): neither the line nor the header carries the digest that passes.
      const right = sha1Hex(`1111cli-1${9199}jane@example.com${KEY}`);
      expect(line).not.toContain(right);
      expect(bad.headers.get('x-paysig-explanation') ?? '').not.toContain(right);
      // A body over the limit: a line, with its code, and the header too.
      const big = await send(clientForm([...pairs, ['order_desc', 'x'.repeat(70 * 1024)], ['control', control]]));
      expect(big.status).toBe(413);
      const bigLine = await next();
      expect(bigLine).toMatch(/^POST \/paynet\/api\/v2\/sale\/1111 413 ERR_BODY_TOO_LARGE: /);
      expect(big.headers.get('x-paysig-explanation')).toMatch(/^ERR_BODY_TOO_LARGE: .*size limit/);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
  });

  it('listens only on a loopback address unless --allow-remote', async () => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=paysig-source',
        '--import',
        'tsx',
        'src/cli/main.ts',
        'gateway',
        '--port',
        '0',
        '--host',
        '0.0.0.0',
      ],
      { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', PAYSIG_LOGIN: 'merchant', PAYSIG_CONTROL_KEY: KEY } },
    );
    let err = '';
    child.stderr.on('data', (d) => {
      err += String(d);
    });
    const code = await new Promise((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(2);
    expect(err).toMatch(/not a loopback address.*--allow-remote/);
  });

  it('--reveal-expected adds the digest that would pass, and says so when it starts', async () => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=paysig-source',
        '--import',
        'tsx',
        'src/cli/main.ts',
        'gateway',
        '--port',
        '0',
        '--reveal-expected',
      ],
      { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', PAYSIG_LOGIN: 'merchant', PAYSIG_CONTROL_KEY: KEY } },
    );
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => String((await lines.next()).value);
    try {
      const first = await next();
      expect(first).toContain('--reveal-expected');
      const url = /listening on (http:\/\/\S+)/.exec(first)?.[1];
      const body = clientForm([
        ['client_orderid', 'cli-2'],
        ['amount', '1.00'],
        ['currency', 'EUR'],
        ['email', 'jane@example.com'],
        ['control', 'c'.repeat(40)],
      ]);
      const res = await fetch(`${url}/paynet/api/v2/sale/1111`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(res.status).toBe(403);
      const right = sha1Hex(`1111cli-2${100}jane@example.com${KEY}`);
      expect(res.headers.get('x-paysig-explanation')).toContain(`expected control ${right}`);
      expect(await next()).toContain(`expected control ${right}`);
    } finally {
      child.kill('SIGTERM');
    }
    await new Promise((r) => child.once('exit', r));
  });
});
