// `paysig diagnose` and `paysig verify` on what users save or copy: a request file edited after it
// was saved (Content-Length now stale) and a curl command, quoted as a shell would. Run in process
// through the CLI's main(); digests and signatures from node:crypto (test/helpers/client-sign.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/run.js';
import { clientAuthorization, clientForm } from './helpers/client-sign.js';

const LOGIN = 'merchantlogin';
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const ENV = { PAYSIG_LOGIN: LOGIN, PAYSIG_CONTROL_KEY: KEY };
const sha1 = (s: string): string => createHash('sha1').update(s).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'paysig-cli-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[], input = ''): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
    env: ENV,
    readStdin: () => Promise.resolve(input),
    stdinIsTTY: false,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const PAYOUT = 'https://gate.example.com/paynet/api/v2/payout/1111';
function payoutFile(amount: string, signedAmount = amount): string {
  const pairs: Array<[string, string]> = [
    ['client_orderid', 'P-1'],
    ['amount', signedAmount],
    ['currency', 'EUR'],
  ];
  const auth = clientAuthorization(PAYOUT, pairs, { method: 'HMAC-SHA1', consumerKey: LOGIN, secret: KEY });
  const body = clientForm(pairs);
  const edited = body.replace(`amount=${signedAmount}`, `amount=${amount}`);
  return `POST /paynet/api/v2/payout/1111 HTTP/1.1\r\nHost: gate.example.com\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nAuthorization: ${auth}\r\n\r\n${edited}\n`;
}

describe('a saved request whose Content-Length no longer fits the body', () => {
  it('a file saved as sent (with the newline an editor adds) verifies, with no warning', async () => {
    const file = join(dir, 'payout.http');
    writeFileSync(file, payoutFile('10.00'));
    const r = await run(['diagnose', file]);
    expect(r.err).toBe('');
    expect(r.out.split('\n')[0]).toBe('OK payout (HMAC-SHA1) endpoint 1111');
    expect(r.code).toBe(0);
  });

  it('amount 10.00 edited to 100.00: the whole body is used and a warning says so', async () => {
    const file = join(dir, 'edited.http');
    writeFileSync(file, payoutFile('100.00', '10.00'));
    const r = await run(['diagnose', file]);
    expect(r.err).toContain('Content-Length says');
    expect(r.err).toContain('using the whole body');
    // Read whole, the request is what was sent: a signature mismatch, not a cut field.
    expect(r.out).toContain('ERR_SIGNATURE_INVALID');
    expect(r.out).toContain('body    amount = "100.00"');
    expect(r.code).toBe(1);
  });
});

describe('a curl command', () => {
  const body = `client_orderid=902B4FF5&amount=10.42&currency=EUR&email=a%40b.example&control=${sha1(`1111902B4FF51042a@b.example${KEY}`)}`;

  it('diagnose and verify read -X, -H and -d quoted as a shell would', async () => {
    const curl = `curl -s -X POST 'https://gate.example.com/paynet/api/v2/sale/1111' \\\n  -H "Content-Type: application/x-www-form-urlencoded" \\\n  -H 'Accept: application/vnd.pay+json' \\\n  --data-raw '${body}'\n`;
    const r = await run(['diagnose', '-'], curl);
    expect(r.out.split('\n')[0]).toBe('OK sale (C-B) endpoint 1111');
    expect(r.code).toBe(0);
    const file = join(dir, 'sale.curl');
    writeFileSync(file, curl);
    expect((await run(['verify', file])).code).toBe(0);
  });

  it('--data-urlencode values are encoded as curl encodes them, and a wrong digest is still explained', async () => {
    const curl = `curl https://gate.example.com/paynet/api/v2/sale/1111 -d client_orderid=902B4FF5 -d amount=10.42 -d currency=EUR --data-urlencode "email=a@b.example" --data "control=${sha1('wrong')}"`;
    const r = await run(['diagnose', '-'], curl);
    expect(r.code).toBe(1);
    expect(r.out).toContain('ERR_CONTROL_MISMATCH');
    expect(r.out).toContain('"a@b.example"');
  });

  it('an unclosed quote is a usage error that says so', async () => {
    const r = await run(['diagnose', '-'], `curl -d 'amount=1 https://gate.example.com/paynet/api/v2/sale/1111`);
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot read the curl command: a single quote is not closed');
  });
});

describe('a request received behind a proxy', () => {
  it('diagnose and verify --explain name the URL the client signed (forwarded-url)', async () => {
    const pairs: Array<[string, string]> = [
      ['client_orderid', 'P-1'],
      ['amount', '10.00'],
      ['currency', 'EUR'],
    ];
    const auth = clientAuthorization(PAYOUT, pairs, { method: 'HMAC-SHA1', consumerKey: LOGIN, secret: KEY });
    const http = `POST /paynet/api/v2/payout/1111 HTTP/1.1\nHost: 127.0.0.1:3000\nX-Forwarded-Proto: https\nX-Forwarded-Host: gate.example.com\nContent-Type: application/x-www-form-urlencoded\nAuthorization: ${auth}\n\n${clientForm(pairs)}`;
    for (const argv of [['diagnose'], ['verify', '--explain']]) {
      const r = await run([...argv, '--url-scheme', 'http'], http);
      expect(r.code).toBe(1);
      expect(r.out).toContain(
        'oauth_signature does not verify for POST http://127.0.0.1:3000/paynet/api/v2/payout/1111',
      );
      expect(r.out).toContain(`hint [forwarded-url]: the signature verifies for ${PAYOUT}`);
    }
  });
});
