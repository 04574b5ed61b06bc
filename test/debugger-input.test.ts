// The signature debugger's page-side parsers (docs/debugger/): curl command lines, raw HTTP
// requests and bare URLs into request parts. Expected values are written out by hand from what
// curl and HTTP/1.1 send.
import { describe, expect, it } from 'vitest';
import { parsePasted } from '../docs/debugger/input.js';
import { parseCurl, shellWords } from '../docs/debugger/parse-curl.js';
import { parseHttp } from '../docs/debugger/parse-http.js';

describe('shellWords', () => {
  it('splits like a POSIX shell: quotes, escapes, $-quotes and line continuations', () => {
    expect(shellWords(`curl -H 'A: b c' "x\\"y" a\\ b \\\n  $'t\\tn\\n' ''`)).toEqual([
      'curl',
      '-H',
      'A: b c',
      'x"y',
      'a b',
      't\tn\n',
      '',
    ]);
  });
  it('refuses an unclosed quote', () => {
    expect(() => shellWords(`curl 'abc`)).toThrow(/single quote/);
    expect(() => shellWords(`curl "abc`)).toThrow(/double quote/);
  });
});

describe('parseCurl', () => {
  it('reads method, URL, headers and form data; -d values join with &', () => {
    const r = parseCurl(`curl -s -X POST 'https://gate.example.com/paynet/api/v2/sale/1111' \\
  -H 'Content-Type: application/x-www-form-urlencoded' --header="Authorization: OAuth a=\\"b\\"" \\
  -d 'client_orderid=902B4FF5' --data-raw 'amount=10.42' --compressed`);
    expect(r).toEqual({
      method: 'POST',
      url: 'https://gate.example.com/paynet/api/v2/sale/1111',
      headers: [
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['Authorization', 'OAuth a="b"'],
      ],
      body: 'client_orderid=902B4FF5&amount=10.42',
    });
  });
  it('defaults to POST with data and adds the form content type curl sends', () => {
    const r = parseCurl(`curl https://h.example/p --data-urlencode 'email=a b@c.example' --data-urlencode '=x&y'`);
    expect(r.method).toBe('POST');
    expect(r.body).toBe('email=a%20b%40c.example&x%26y');
    expect(r.headers).toEqual([['content-type', 'application/x-www-form-urlencoded']]);
  });
  it('moves data into the query with -G, and skips options that do not shape the request', () => {
    const r = parseCurl(`curl -G -u user:pass -o out.txt --url 'https://h.example/cb?x=1' -d 'status=approved'`);
    expect(r).toEqual({ method: 'GET', url: 'https://h.example/cb?x=1&status=approved', headers: [], body: '' });
  });
  it('says what is wrong', () => {
    expect(() => parseCurl('wget https://h.example')).toThrow(/starts with "curl"/);
    expect(() => parseCurl('curl -s')).toThrow(/no URL/);
    expect(() => parseCurl('curl https://h.example -H')).toThrow(/-H needs a value/);
    expect(() => parseCurl("curl https://h.example -H 'nocolon'")).toThrow(/name: value/);
  });
});

describe('parseHttp', () => {
  it('rebuilds the URL from the Host header over https and keeps the body as sent', () => {
    const r = parseHttp(
      'POST /paynet/api/v2/sale/1111 HTTP/1.1\r\nHost: gate.example.com\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\namount=+10.42+&x=1\n',
    );
    expect(r).toEqual({
      method: 'POST',
      url: 'https://gate.example.com/paynet/api/v2/sale/1111',
      headers: [
        ['Host', 'gate.example.com'],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
      body: 'amount=+10.42+&x=1',
    });
  });
  it('keeps a body longer than Content-Length (UTF-8 bytes) whole, with a warning; unfolds folded headers', () => {
    const r = parseHttp(
      'post http://h.example/a?b=c HTTP/1.1\nAuthorization: OAuth a="1",\n  b="2"\nContent-Length: 7\n\nx=\u00e9&y=2&z=3',
    );
    expect(r.method).toBe('POST');
    expect(r.url).toBe('http://h.example/a?b=c');
    expect(r.headers[0]).toEqual(['Authorization', 'OAuth a="1", b="2"']);
    expect(r.body).toBe('x=\u00e9&y=2&z=3');
    expect(r.warning).toBe(
      'Content-Length says 7 bytes but the body has 12: using the whole body (was the request edited? update or drop Content-Length)',
    );
  });
  it('says what is wrong', () => {
    expect(() => parseHttp('hello')).toThrow(/request line/);
    expect(() => parseHttp('GET /x HTTP/1.1\n\n')).toThrow(/Host header/);
    expect(() => parseHttp('GET /x HTTP/1.1\nbad header\n\n')).toThrow(/name: value/);
  });
});

describe('parsePasted', () => {
  it('recognises curl, a URL and raw HTTP', () => {
    expect(parsePasted('  curl https://h.example/a').kind).toBe('curl');
    expect(parsePasted('https://shop.example/cb?status=approved&orderid=1').request).toEqual({
      method: 'GET',
      url: 'https://shop.example/cb?status=approved&orderid=1',
      headers: [],
      body: '',
    });
    expect(parsePasted('GET /a HTTP/1.1\nHost: h.example')).toEqual({
      kind: 'http',
      request: { method: 'GET', url: 'https://h.example/a', headers: [['Host', 'h.example']], body: '' },
    });
    expect(() => parsePasted('  ')).toThrow(/paste/);
  });
});

describe('the debugger on a request received behind a proxy', () => {
  it('a curl command from the proxy log, signed for the public URL, gets the forwarded-url hint', async () => {
    // examine() imports paysig by name: dist/, which the test suite builds first.
    const { examine } = await import('../docs/debugger/examine.js');
    const { clientAuthorization, clientForm } = await import('./helpers/client-sign.js');
    const key = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
    const pairs: Array<[string, string]> = [
      ['client_orderid', 'P-1'],
      ['amount', '10.00'],
      ['currency', 'EUR'],
    ];
    const signedFor = 'https://gate.example.com/paynet/api/v2/payout/1111';
    const auth = clientAuthorization(signedFor, pairs, { method: 'HMAC-SHA1', consumerKey: 'm', secret: key });
    const curl = `curl -X POST http://127.0.0.1:3000/paynet/api/v2/payout/1111 -H 'X-Forwarded-Proto: https' -H 'X-Forwarded-Host: gate.example.com' -H 'Authorization: ${auth}' --data-raw '${clientForm(pairs)}'`;
    const pasted = parsePasted(curl);
    expect(pasted.kind).toBe('curl');
    const result = await examine(pasted.request, { controlKey: key, publicKey: '' });
    expect(result.kind).toBe('operation');
    const d = result.kind === 'operation' ? result.diagnosis : undefined;
    expect(d?.valid).toBe(false);
    expect(d?.hints.map((h) => h.id)).toEqual(['forwarded-url']);
    expect(d?.hints[0]?.message).toContain(signedFor);
  });
});
