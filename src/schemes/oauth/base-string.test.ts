import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oauthlibBaseStrings, type BaseCase } from '../../../test/helpers/oauthlib.js';
import { signatureBaseString } from './base-string.js';
import { splitUrl } from './url.js';

// ---- a naive, independent reference (UTF-8 bytes, explicit comparator) ----
const te = new TextEncoder();
function naiveEncode(s: string): string {
  let out = '';
  for (const b of te.encode(s)) {
    const ch = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
function naiveParamString(pairs: ReadonlyArray<readonly [string, string]>): string {
  const enc = pairs.filter(([n]) => n !== 'oauth_signature').map(([n, v]) => [naiveEncode(n), naiveEncode(v)] as const);
  enc.sort((a, b) => {
    const byName = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
    if (byName !== 0) return byName;
    return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  });
  return enc.map(([n, v]) => `${n}=${v}`).join('&');
}

describe('signatureBaseString: published vectors', () => {
  it('RFC 5849 section 3.4.1.1 example', () => {
    const base = signatureBaseString({
      method: 'post',
      url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
      params: [
        ['oauth_consumer_key', '9djdj82h48djs9d2'],
        ['oauth_token', 'kkk9d7dh3k39sjv7'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '137131201'],
        ['oauth_nonce', '7d8f3e4a'],
        ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw='],
        ['c2', ''],
        ['a3', '2 q'],
      ],
    });
    expect(base).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('OAuth Core 1.0 Appendix A.5.1', () => {
    const base = signatureBaseString({
      method: 'GET',
      url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
      params: [
        ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
        ['oauth_token', 'nnch734d00sl2jdk'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '1191242096'],
        ['oauth_nonce', 'kllo9940pd9333jh'],
        ['oauth_version', '1.0'],
      ],
    });
    expect(base).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    );
  });

  it("the service's published parameter string (pan-eligibility send)", () => {
    const published =
      'client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321';
    const url = 'https://sandbox.example.com/paynet/api/v2/pan-eligibility/send/1234';
    const base = signatureBaseString({
      method: 'POST',
      url,
      params: [
        ['client-order-id', '1234567890'],
        ['sending-card-ref-id', '7654321'],
        ['oauth_consumer_key', 'merchantlogin'],
        ['oauth_nonce', 'y3qlvMPky7g'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '1669966913'],
        ['oauth_version', '1.0'],
      ],
    });
    expect(base).toBe(`POST&${encodeURIComponent(url)}&${encodeURIComponent(published)}`);
  });
});

describe('signatureBaseString: hard cases', () => {
  const p = (url: string, params: Array<[string, string]> = []) =>
    signatureBaseString({ method: 'POST', url, params }).split('&')[2]!;
  const uri = (url: string) =>
    decodeURIComponent(signatureBaseString({ method: 'GET', url, params: [] }).split('&')[1]!);

  it('sorts by encoded name, then value: a < a2 although "a=" > "a2" as text', () => {
    expect(
      decodeURIComponent(
        p('https://h/', [
          ['a2', '1'],
          ['a', '2'],
        ]),
      ),
    ).toBe('a=2&a2=1');
  });
  it('sorts c%40 (c@) before c2, by encoded bytes', () => {
    expect(
      decodeURIComponent(
        p('https://h/', [
          ['c2', ''],
          ['c@', ''],
        ]),
      ),
    ).toBe('c%40=&c2=');
  });
  it('keeps duplicates, sorted by value', () => {
    expect(
      decodeURIComponent(
        p('https://h/', [
          ['a', 'z'],
          ['a', 'b'],
          ['a', 'b'],
        ]),
      ),
    ).toBe('a=b&a=b&a=z');
  });
  it('encodes non-BMP characters as 4 UTF-8 bytes and sorts them by bytes', () => {
    // U+1F600 = F0 9F 98 80 ; U+FF5E (fullwidth tilde) = EF BD 9E : by bytes EF < F0, by UTF-16 units D83D < FF5E.
    expect(
      decodeURIComponent(
        p('https://h/', [
          ['k', '\u{1F600}'],
          ['k', '\uFF5E'],
        ]),
      ),
    ).toBe('k=%EF%BD%9E&k=%F0%9F%98%80');
  });
  it("encodes !*'()~ and spaces; keeps ~ unchanged", () => {
    expect(decodeURIComponent(p('https://h/', [['x', "!*'() ~+"]]))).toBe('x=%21%2A%27%28%29%20~%2B');
  });
  it('reads + in the query as a space, %2B as a plus', () => {
    expect(decodeURIComponent(p('https://h/?q=a+b&r=a%2Bb'))).toBe('q=a%20b&r=a%2Bb');
  });
  it('keeps empty values and names without "="', () => {
    expect(decodeURIComponent(p('https://h/?flag&e=', [['b', '']]))).toBe('b=&e=&flag=');
  });
  it('merges query and body parameters', () => {
    expect(
      decodeURIComponent(
        p('https://h/x?b=2', [
          ['a', '1'],
          ['b', '1'],
        ]),
      ),
    ).toBe('a=1&b=1&b=2');
  });
  it('leaves out oauth_signature but keeps a body "realm"', () => {
    expect(
      decodeURIComponent(
        p('https://h/', [
          ['oauth_signature', 'x'],
          ['realm', 'r'],
        ]),
      ),
    ).toBe('realm=r');
  });
  it('normalises scheme, host and default ports; keeps the path as written', () => {
    expect(uri('HTTP://Example.COM:80/A/./b/../C%7e')).toBe('http://example.com/A/./b/../C%7e');
    expect(uri('https://example.com:443')).toBe('https://example.com/');
    expect(uri('https://example.com:80/')).toBe('https://example.com:80/');
    expect(uri('http://example.com:443/')).toBe('http://example.com:443/');
    expect(uri('http://example.com:8080/p')).toBe('http://example.com:8080/p');
    expect(uri('https://user:pw@EXAMPLE.com/p?q=1#frag')).toBe('https://example.com/p');
    expect(uri('http://[::1]:8080/x')).toBe('http://[::1]:8080/x');
    expect(uri('http://example.com/a b')).toBe('http://example.com/a%20b');
    expect(uri('http://example.com/caf\u00e9')).toBe('http://example.com/caf%C3%A9');
  });
  it('upper-cases the method', () => {
    expect(signatureBaseString({ method: 'pAtCh', url: 'https://h/', params: [] })).toBe('PATCH&https%3A%2F%2Fh%2F&');
  });
  it.each([
    ['relative URL', '/path'],
    ['other scheme', 'ftp://example.com/'],
    ['no slashes', 'http:example.com/'],
    ['empty host', 'http:///x'],
    ['userinfo only', 'http://user@/x'],
    ['bad port', 'http://example.com:99999/'],
    ['control character', 'http://example.com/\n'],
    ['surrounding space', ' http://example.com/'],
    ['backslash in authority', 'http://example.com\\evil/'],
  ])('refuses a bad URL (%s) with ERR_INVALID_INPUT', (_, url) => {
    expect(() => signatureBaseString({ method: 'GET', url, params: [] })).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_INPUT' }),
    );
  });
  it('refuses a bad method and bad params with ERR_INVALID_INPUT, a bad query escape with ERR_ENCODING', () => {
    expect(() => signatureBaseString({ method: 'GE T', url: 'http://h/', params: [] })).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_INPUT' }),
    );
    expect(() => signatureBaseString({ method: '', url: 'http://h/', params: [] })).toThrow(
      expect.objectContaining({ code: 'ERR_INVALID_INPUT' }),
    );
    expect(() =>
      signatureBaseString({ method: 'GET', url: 'http://h/', params: [['a', 1 as unknown as string]] }),
    ).toThrow(expect.objectContaining({ code: 'ERR_INVALID_INPUT' }));
    expect(() => signatureBaseString({ method: 'GET', url: 'http://h/?a=%zz', params: [] })).toThrow(
      expect.objectContaining({ code: 'ERR_ENCODING' }),
    );
    expect(() => signatureBaseString({ method: 'GET', url: 'http://h/', params: [['a', '\uD800']] })).toThrow(
      expect.objectContaining({ code: 'ERR_ENCODING' }),
    );
  });
  it('splitUrl keeps the raw query without the fragment', () => {
    expect(splitUrl('https://h/p?a=1&b=%20#x?y')).toEqual({
      baseUri: 'https://h/p',
      encodedBaseUri: 'https%3A%2F%2Fh%2Fp',
      query: 'a=1&b=%20',
    });
  });
});

describe('signatureBaseString agrees with Python oauthlib', () => {
  const cases: BaseCase[] = [
    {
      method: 'POST',
      url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
      params: [
        ['c2', ''],
        ['a3', '2 q'],
      ],
    },
    {
      method: 'GET',
      url: 'HTTPS://API.Example.COM:443/v2/payout/42',
      params: [
        ['amount', '10.42'],
        ['currency', 'EUR'],
      ],
    },
    {
      method: 'POST',
      url: 'http://Example.com:8080/p?x=1+2&y=%2B',
      params: [
        ['a2', '1'],
        ['a', '2'],
        ['a', '1'],
      ],
    },
    {
      method: 'POST',
      url: 'https://h.example/p',
      params: [
        ['c@', 'v'],
        ['c2', 'w'],
        ['c', ''],
      ],
    },
    {
      method: 'POST',
      url: 'https://h.example/p',
      params: [
        ['k', '\u{1F600}'],
        ['k', '\uFF5E'],
        ['k', '\u00e9'],
        ['\u4e2d', "!*'()~ +"],
      ],
    },
    {
      method: 'PUT',
      url: 'http://h.example:80/a%20b/c?q=%E2%82%AC',
      params: [
        ['email', 'a+b@c.d'],
        ['e', ''],
      ],
    },
    {
      method: 'POST',
      url: 'https://h.example/x?dup=1&dup=1&dup=0',
      params: [
        ['dup', '1'],
        ['oauth_signature', 'ignored'],
      ],
    },
    {
      method: 'POST',
      url: 'https://sandbox.example.com/paynet/api/v2/pan-eligibility/send/1234',
      params: [
        ['client-order-id', '1234567890'],
        ['sending-card-ref-id', '7654321'],
        ['oauth_consumer_key', 'merchantlogin'],
        ['oauth_nonce', 'y3qlvMPky7g'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '1669966913'],
        ['oauth_version', '1.0'],
      ],
    },
  ];

  it('for a set of hand-picked cases', () => {
    const expected = oauthlibBaseStrings(cases);
    expect(cases.map((c) => signatureBaseString(c))).toEqual(expected);
  });

  it('for random requests (fast-check, one oauthlib batch)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 8 });
    const name = fc.oneof(text, fc.constantFrom('a', 'a2', 'c@', 'c2', 'oauth_nonce'));
    const gen = fc.record({
      method: fc.constantFrom('GET', 'POST', 'post', 'Delete'),
      host: fc.constantFrom('example.com', 'EXAMPLE.org', 'a-b.example', '127.0.0.1'),
      scheme: fc.constantFrom('http', 'https', 'HTTPS'),
      port: fc.constantFrom('', ':80', ':443', ':8443'),
      path: fc.constantFrom('/', '/p', '/a/b/c', '/v2/x%20y', ''),
      query: fc.array(fc.tuple(fc.oneof(text, fc.constantFrom('a', 'a2', 'c@')), text), { maxLength: 4 }),
      params: fc.array(fc.tuple(name, text), { maxLength: 6 }),
    });
    const samples = fc.sample(gen, { numRuns: 300, seed: 5849 });
    const cases: BaseCase[] = samples.map((s) => ({
      method: s.method,
      url: `${s.scheme}://${s.host}${s.port}${s.path}${s.query.length ? '?' + s.query.map(([n, v]) => naiveEncode(n) + '=' + naiveEncode(v)).join('&') : ''}`,
      // oauthlib percent-decodes oauth_* values once more: keep '%' out of them.
      params: s.params.map(([n, v]) => [n, n.startsWith('oauth_') ? v.replace(/%/g, '') : v] as const),
    }));
    const expected = oauthlibBaseStrings(cases.map((c) => ({ ...c, method: c.method.toUpperCase() })));
    expect(cases.map((c) => signatureBaseString(c))).toEqual(expected);
  });
});

describe('signatureBaseString agrees with a naive implementation (property)', () => {
  it('for random parameter lists, including non-BMP text and prefix names', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('a', 'c', '2', '@', '=', '&', '%', '+', ' ', '~', '*', '\u00e9', '\uFF5E', '\u{1F600}'),
      ),
      maxLength: 6,
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, text), { maxLength: 12 }),
        fc.array(fc.tuple(text, text), { maxLength: 4 }),
        (params, query) => {
          const q = query.map(([n, v]) => naiveEncode(n) + '=' + naiveEncode(v)).join('&');
          const url = 'https://Example.com:443/p' + (q ? '?' + q : '');
          const expected = `POST&${naiveEncode('https://example.com/p')}&${naiveEncode(naiveParamString([...query, ...params]))}`;
          expect(signatureBaseString({ method: 'post', url, params })).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
