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
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
  });
});
