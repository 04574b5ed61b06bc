// One raw-HTTP parser (src/cli/raw-http.ts) for `paysig diagnose`/`verify` and the signature
// debugger: the same texts, fed to the parser, to the CLI's reader (the request it uses and what it
// prints on stderr) and to the debugger's paste reader (the request it examines and the warning it
// shows), give the same answer. Expected values are written out by hand from the rule in the
// parser's comment: nothing but line breaks is ever cut from a body, and a Content-Length that
// disagrees with the body is a warning.
import { describe, expect, it } from 'vitest';
import { parsePasted } from '../docs/debugger/input.js';
import { parseRawHttp, type RawRequest } from '../src/cli/raw-http.js';
import { readRequest } from '../src/cli/request-input.js';
import { UsageError } from '../src/cli/util.js';

const STALE = '(was the request edited? update or drop Content-Length)';

interface Case {
  name: string;
  text: string;
  want: RawRequest;
}

const cases: Case[] = [
  {
    name: 'CRLF, Content-Length equal to the body, the line break an editor adds after it',
    text: 'POST /p HTTP/1.1\r\nHost: h.example\r\nContent-Length: 7\r\n\r\na=1&b=2\r\n',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', '7'],
      ],
      body: 'a=1&b=2',
    },
  },
  {
    name: 'LF, Content-Length equal to the body, nothing after it',
    text: 'POST /p HTTP/1.1\nHost: h.example\nContent-Length: 7\n\na=1&b=2',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', '7'],
      ],
      body: 'a=1&b=2',
    },
  },
  {
    name: "a line break of the body's own, declared, is kept",
    text: 'POST /p HTTP/1.1\nHost: h.example\nContent-Length: 8\n\na=1&b=2\n\n',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', '8'],
      ],
      body: 'a=1&b=2\n',
    },
  },
  {
    name: 'Content-Length counts UTF-8 bytes',
    text: 'POST /p HTTP/1.1\nHost: h.example\nContent-Length: 4\n\nx=\u00e9\n',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', '4'],
      ],
      body: 'x=\u00e9',
    },
  },
  {
    name: 'Content-Length shorter than the body (a value edited longer): the whole body, a warning',
    text: 'POST /p HTTP/1.1\r\nHost: h.example\r\nContent-Length: 7\r\n\r\na=10&b=2\r\n',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', '7'],
      ],
      body: 'a=10&b=2',
      warning: `Content-Length says 7 bytes but the body has 8: using the whole body ${STALE}`,
    },
  },
  {
    name: 'Content-Length longer than the body (cut short, or a value edited shorter): the whole body, a warning',
    text: 'POST /p HTTP/1.1\nHost: h.example\nContent-Length: 20\n\na=1&b=2\n',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', '20'],
      ],
      body: 'a=1&b=2',
      warning: `Content-Length says 20 bytes but the body has 7: using the whole body ${STALE}`,
    },
  },
  {
    name: 'no Content-Length: the line breaks at the end are dropped',
    text: 'POST /p HTTP/1.1\r\nHost: h.example\r\n\r\na=1&b=2\r\n\r\n',
    want: { method: 'POST', url: 'https://h.example/p', headers: [['Host', 'h.example']], body: 'a=1&b=2' },
  },
  {
    name: 'a Content-Length that is not a number: the whole body, a warning',
    text: 'POST /p HTTP/1.1\nHost: h.example\nContent-Length: seven\n\na=1&b=2\n',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', 'seven'],
      ],
      body: 'a=1&b=2',
      warning: 'Content-Length "seven" is not a number of bytes: using the whole body (fix or drop Content-Length)',
    },
  },
  {
    name: 'two Content-Length headers that disagree: the whole body, a warning',
    text: 'POST /p HTTP/1.1\nHost: h.example\nContent-Length: 7\nContent-Length: 8\n\na=1&b=2\n',
    want: {
      method: 'POST',
      url: 'https://h.example/p',
      headers: [
        ['Host', 'h.example'],
        ['Content-Length', '7'],
        ['Content-Length', '8'],
      ],
      body: 'a=1&b=2',
      warning:
        'the request has Content-Length headers that disagree ("7", "8"): using the whole body (keep one, or drop them)',
    },
  },
  {
    name: 'an absolute-form target is the URL, whatever Host says; the method is upper-cased',
    text: 'post http://h.example/a?b=c HTTP/1.1\nHost: other.example\n\n',
    want: { method: 'POST', url: 'http://h.example/a?b=c', headers: [['Host', 'other.example']], body: '' },
  },
  {
    name: 'a folded header line continues the one before it',
    text: 'GET /cb?x=1 HTTP/1.1\r\nHost: h.example\r\nAuthorization: OAuth a="1",\r\n\tb="2"\r\n\r\n',
    want: {
      method: 'GET',
      url: 'https://h.example/cb?x=1',
      headers: [
        ['Host', 'h.example'],
        ['Authorization', 'OAuth a="1", b="2"'],
      ],
      body: '',
    },
  },
  {
    name: 'no HTTP version, no blank line after the headers',
    text: 'GET /a\nHost: h.example\n',
    want: { method: 'GET', url: 'https://h.example/a', headers: [['Host', 'h.example']], body: '' },
  },
];

const errors: Array<[string, string, string]> = [
  [
    'hello',
    'the request does not start with a request line such as "POST /paynet/api/v2/sale/1111 HTTP/1.1"',
    'request',
  ],
  [
    'GET /x HTTP/1.1\n\n',
    'a request with a path target needs a Host header (or use the absolute URL in the request line)',
    'Host',
  ],
  ['GET /x HTTP/1.1\nbad header\n\n', 'header line "bad header" has no "name: value"', 'headers'],
  ['GET x HTTP/1.1\nHost: h.example\n\n', 'the request target "x" is neither a path nor an absolute URL', 'request'],
  [
    'GET /x HTTP/1.1\n folded: first\n\n',
    'the first header line starts with a space: there is no header to continue',
    'headers',
  ],
];

/** What the CLI uses and prints for `text` read from standard input. */
async function cli(text: string): Promise<{ raw: RawRequest; stderr: string[] }> {
  const stderr: string[] = [];
  const raw = await readRequest(
    { flags: new Map(), positionals: ['-'] },
    { out: () => {}, err: (l) => stderr.push(l), env: {}, readStdin: () => Promise.resolve(text), stdinIsTTY: false },
  );
  return { raw, stderr };
}

describe('one raw-HTTP parser for the CLI and the debugger', () => {
  it.each(cases)('$name', async ({ text, want }) => {
    const pageError = (message: string): Error => new Error(message);
    expect(parseRawHttp(text, pageError)).toEqual(want);

    const { warning, ...request } = want;
    const { raw, stderr } = await cli(text);
    expect(raw).toEqual(want);
    expect(stderr).toEqual(warning === undefined ? [] : [`paysig: ${warning}`]);

    expect(parsePasted(text)).toEqual({ kind: 'http', request, ...(warning === undefined ? {} : { warning }) });
  });

  it.each(errors)('%j is refused alike: %s', async (text, message, field) => {
    const refused = await cli(text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).toMatchObject({ message, field });
    expect(() => parsePasted(text)).toThrow(new Error(message));
  });
});

describe('bounded work on hostile text', () => {
  // A long run of line breaks or spaces that does not end the text: an end-anchored regex
  // (/[\r\n]+$/, /\s+$/) retries from every character of the run, about 40 s for these 200,000
  // (beyond the test's timeout); the parser walks back from the end once.
  const fail = (message: string): Error => new Error(message);
  it('a body of line breaks followed by a character keeps them all', () => {
    const body = `${'\r\n'.repeat(100_000)}x`;
    const r = parseRawHttp(`POST /p HTTP/1.1\r\nHost: h\r\n\r\n${body}`, fail);
    expect(r.body).toBe(body);
    expect(r.body.length).toBe(200_001);
  });
  it('a request line without a blank line, padded with spaces before a last character', () => {
    const r = parseRawHttp(`POST /p HTTP/1.1\nHost: h\nX: a${' '.repeat(600_000)}b`, fail);
    expect(r.headers).toEqual([
      ['Host', 'h'],
      ['X', `a${' '.repeat(600_000)}b`],
    ]);
  });
});
