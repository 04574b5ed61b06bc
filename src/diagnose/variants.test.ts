// The deployment variants diagnose() recomputes for an OAuth request that does not verify: the
// URLs the client may have signed (forwarding headers, base path, trailing slash) and the HMAC
// keys it may have used. Expected URLs are written out from the headers by hand; expected keys
// are percent-encoded with the independent rfc3986() of test/helpers/client-sign.ts.
import { describe, expect, it } from 'vitest';
import { rfc3986 } from '../../test/helpers/client-sign.js';
import { keyVariants, urlVariants, type Variant } from './variants.js';

/** The URL as the server sees it behind a proxy, and the public URL the client addressed. */
const INTERNAL = 'http://127.0.0.1:3000/paynet/api/v2/payout/1111';
const PUBLIC = 'https://gate.example.com/paynet/api/v2/payout/1111';
const PATH = '/paynet/api/v2/payout/1111';

const PROXY_FIX =
  "verify against the URL the client addressed: with paysig/node pass { trustProxy: true } (Express's 'trust proxy' setting does not reach paysig: it reads the raw headers), or give verifyRequest/diagnose the public URL in options.url";

/** Id and URL of each variant, in the order they are tried. */
const tried = (v: ReadonlyArray<Variant<string>>): Array<[string, string]> => v.map((x) => [x.id, x.value]);

/** The variants of `url` with the given request headers (and no base path unless given). */
const variants = (url: string, headers: Record<string, string> = {}, basePath = '') =>
  urlVariants(url, new Headers(headers), basePath);

/** The trailing-slash variant of `url`, always tried last. */
const slashed = (url: string): [string, string] => ['trailing-slash', url.endsWith('/') ? url.slice(0, -1) : `${url}/`];

describe('urlVariants without forwarding headers', () => {
  it('is empty for a URL that is not absolute', () => {
    expect(urlVariants('/paynet/api/v2/payout/1111', new Headers(), '')).toEqual([]);
    expect(urlVariants('not a url', new Headers({ 'x-forwarded-host': 'gate.example.com' }), '/paynet')).toEqual([]);
  });

  it('tries only the path with a trailing slash, and says the client signed it with one', () => {
    const url = `${PUBLIC}/`;
    expect(variants(PUBLIC)).toEqual([
      {
        id: 'trailing-slash',
        value: url,
        message: `the signature verifies for ${url}: the client signed the path with a trailing slash; sign exactly the path requested`,
      },
    ]);
  });

  it('tries a path received with a trailing slash without it, and says the client signed it without', () => {
    expect(variants(`${PUBLIC}/?q=1`)).toEqual([
      {
        id: 'trailing-slash',
        value: `${PUBLIC}?q=1`,
        message: `the signature verifies for ${PUBLIC}?q=1: the client signed the path without a trailing slash; sign exactly the path requested`,
      },
    ]);
  });

  it('keeps the query after the path it changes', () => {
    expect(tried(variants(`${PUBLIC}?a=1&b=2`))).toEqual([['trailing-slash', `${PUBLIC}/?a=1&b=2`]]);
  });

  it('does not offer the URL itself, written another way, as a proxy or base-path variant', () => {
    // The default port and upper-case host name are how the URL was given, not what a proxy
    // changed: only the trailing slash is tried, on the URL as a URL parser writes it.
    expect(tried(variants('https://GATE.example.com:443/paynet/api/v2/payout/1111'))).toEqual([slashed(PUBLIC)]);
  });
});

describe('urlVariants from X-Forwarded-Proto, -Host and -Port', () => {
  it('tries the scheme and host the proxy forwarded, and says how to verify against it', () => {
    const v = variants(INTERNAL, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'gate.example.com' });
    expect(v[0]).toEqual({
      id: 'forwarded-url',
      value: PUBLIC,
      message: `the signature verifies for ${PUBLIC}, the URL in X-Forwarded-Proto/X-Forwarded-Host, not ${INTERNAL} as the server saw it behind the proxy: ${PROXY_FIX}`,
    });
    expect(tried(v)).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
  });

  it('takes the scheme of the received URL when only the host is forwarded', () => {
    expect(tried(variants(INTERNAL, { 'x-forwarded-host': 'gate.example.com' }))).toEqual([
      ['forwarded-url', `http://gate.example.com${PATH}`],
      slashed(INTERNAL),
    ]);
  });

  it('takes the host (and its port) of the received URL when only the scheme is forwarded', () => {
    expect(tried(variants(INTERNAL, { 'x-forwarded-proto': 'HTTPS' }))).toEqual([
      ['forwarded-url', `https://127.0.0.1:3000${PATH}`],
      slashed(INTERNAL),
    ]);
  });

  it('tries http as well as https', () => {
    expect(tried(variants(PUBLIC, { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'gate.example.com' }))).toEqual([
      ['forwarded-url', `http://gate.example.com${PATH}`],
      slashed(PUBLIC),
    ]);
  });

  it('tries no other scheme', () => {
    for (const proto of ['ftp', 'ws', 'file', 'https:']) {
      const v = variants(INTERNAL, { 'x-forwarded-proto': proto, 'x-forwarded-host': 'gate.example.com' });
      expect(tried(v)).toEqual([slashed(INTERNAL)]);
    }
  });

  it('reads the first of a list of values, trimmed', () => {
    const headers = { 'x-forwarded-proto': 'https , http', 'x-forwarded-host': 'gate.example.com , proxy.internal' };
    expect(tried(variants(INTERNAL, headers))).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
  });

  it('takes an empty first value for an absent one', () => {
    // An empty X-Forwarded-Proto leaves the scheme of the received URL (http), not no scheme.
    expect(tried(variants(INTERNAL, { 'x-forwarded-proto': '', 'x-forwarded-host': 'gate.example.com' }))).toEqual([
      ['forwarded-url', `http://gate.example.com${PATH}`],
      slashed(INTERNAL),
    ]);
    expect(
      tried(variants(INTERNAL, { 'x-forwarded-proto': ' , https', 'x-forwarded-host': 'gate.example.com' })),
    ).toEqual([['forwarded-url', `http://gate.example.com${PATH}`], slashed(INTERNAL)]);
  });

  it('skips forwarding headers that name the URL as received', () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'gate.example.com' };
    expect(tried(variants(PUBLIC, headers))).toEqual([slashed(PUBLIC)]);
  });

  it('skips a forwarded host that makes no URL', () => {
    expect(tried(variants(INTERNAL, { 'x-forwarded-host': 'gate example.com' }))).toEqual([slashed(INTERNAL)]);
  });

  describe('X-Forwarded-Port', () => {
    const forwarded = (port: string, host = 'gate.example.com') =>
      tried(variants(INTERNAL, { 'x-forwarded-proto': 'https', 'x-forwarded-host': host, 'x-forwarded-port': port }));

    it('puts the forwarded port on the forwarded host', () => {
      expect(forwarded('8443')).toEqual([['forwarded-url', `https://gate.example.com:8443${PATH}`], slashed(INTERNAL)]);
      expect(forwarded('9')).toEqual([['forwarded-url', `https://gate.example.com:9${PATH}`], slashed(INTERNAL)]);
    });

    it('leaves out the default port of the scheme', () => {
      expect(forwarded('443')).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
    });

    it('keeps the port a forwarded host already has', () => {
      expect(forwarded('8443', 'gate.example.com:9443')).toEqual([
        ['forwarded-url', `https://gate.example.com:9443${PATH}`],
        slashed(INTERNAL),
      ]);
    });

    it('ignores a port that is not one to five digits', () => {
      // A URL's port setter would read '81a' as 81 and '000081' as 81: both are refused first.
      for (const port of ['81a', '000081', 'a81', 'https']) {
        expect(forwarded(port)).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
      }
    });

    it('is not put on the host of the received URL when no host is forwarded', () => {
      const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' };
      expect(tried(variants(INTERNAL, headers))).toEqual([
        ['forwarded-url', `https://127.0.0.1:3000${PATH}`],
        slashed(INTERNAL),
      ]);
    });

    it('alone, without a scheme or host, changes nothing', () => {
      expect(tried(variants(INTERNAL, { 'x-forwarded-port': '8443' }))).toEqual([slashed(INTERNAL)]);
    });
  });
});

describe('urlVariants from the Forwarded header (RFC 7239)', () => {
  it('tries proto and host of the first element, quoted or not, and names the header', () => {
    const v = variants(INTERNAL, {
      forwarded: 'for=192.0.2.1;proto=https;host="gate.example.com", for=10.0.0.1;proto=http;host=proxy',
    });
    expect(v[0]).toEqual({
      id: 'forwarded-url',
      value: PUBLIC,
      message: `the signature verifies for ${PUBLIC}, the URL in the Forwarded header, not ${INTERNAL} as the server saw it behind the proxy: ${PROXY_FIX}`,
    });
    expect(tried(v)).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
  });

  it('reads pairs with spaces around them and around the =', () => {
    const forwarded = 'for=192.0.2.1; Proto = https ; HOST = "gate.example.com"';
    expect(tried(variants(INTERNAL, { forwarded }))).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
  });

  it('takes an empty proto for an absent one', () => {
    for (const forwarded of ['proto=;host=gate.example.com', 'proto="";host=gate.example.com']) {
      expect(tried(variants(INTERNAL, { forwarded }))).toEqual([
        ['forwarded-url', `http://gate.example.com${PATH}`],
        slashed(INTERNAL),
      ]);
    }
  });

  it('skips a part without =', () => {
    const forwarded = 'proto=https;host=gate.example.com;hosts';
    expect(tried(variants(INTERNAL, { forwarded }))).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
  });

  it('removes quotes only around the whole value', () => {
    // Neither 'h"ttps"' nor '"http"s' is a scheme, though each is one once its quotes are dropped.
    for (const proto of ['h"ttps"', '"http"s']) {
      const forwarded = `proto=${proto};host=gate.example.com`;
      expect(tried(variants(INTERNAL, { forwarded }))).toEqual([slashed(INTERNAL)]);
    }
  });

  it('tries a URL once when X-Forwarded-* and Forwarded name the same one, with the first message', () => {
    const v = variants(INTERNAL, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'gate.example.com',
      forwarded: 'proto=https;host=gate.example.com',
    });
    expect(tried(v)).toEqual([['forwarded-url', PUBLIC], slashed(INTERNAL)]);
    expect(v[0]!.message).toContain('the URL in X-Forwarded-Proto/X-Forwarded-Host');
  });

  it('tries both when they differ, X-Forwarded-* first', () => {
    const v = variants(INTERNAL, {
      'x-forwarded-host': 'gate.example.com',
      forwarded: 'proto=https;host=pay.example.com',
    });
    expect(tried(v)).toEqual([
      ['forwarded-url', `http://gate.example.com${PATH}`],
      ['forwarded-url', `https://pay.example.com${PATH}`],
      slashed(INTERNAL),
    ]);
  });
});

describe('urlVariants for a base path', () => {
  it('tries the path without the base path it is under, and says how to sign it', () => {
    const url = 'https://gate.example.com/api/v2/payout/1111';
    expect(variants(`${PUBLIC}?q=1`, {}, '/paynet//')).toEqual([
      {
        id: 'base-path',
        value: `${url}?q=1`,
        message: `the signature verifies for ${url}?q=1, without the base path /paynet: the client signed another URL than it sent; sign the URL requested, base path included (signRequest's baseUrl ends with the prefix, e.g. https://gate.example.com/paynet)`,
      },
      {
        id: 'trailing-slash',
        value: `${PUBLIC}/?q=1`,
        message: `the signature verifies for ${PUBLIC}/?q=1: the client signed the path with a trailing slash; sign exactly the path requested`,
      },
    ]);
  });

  it('tries nothing for a base path the path is not under', () => {
    const url = 'https://gate.example.com/api/v2/payout/1111';
    expect(tried(variants(url, {}, '/paynet'))).toEqual([slashed(url)]);
    expect(tried(variants('https://gate.example.com/paynetx/api/v2/payout/1111', {}, '/paynet'))).toEqual([
      slashed('https://gate.example.com/paynetx/api/v2/payout/1111'),
    ]);
  });

  it('tries nothing for a base path of slashes only', () => {
    expect(tried(variants(PUBLIC, {}, '///'))).toEqual([slashed(PUBLIC)]);
  });

  it('tries the prefix a proxy stripped (X-Forwarded-Prefix) in front of the path', () => {
    const url = 'http://127.0.0.1:3000/api/v2/payout/1111';
    expect(variants(`${url}?q=1`, { 'x-forwarded-prefix': '/paynet/' })[0]).toEqual({
      id: 'base-path',
      value: `${INTERNAL}?q=1`,
      message: `the signature verifies for ${INTERNAL}?q=1, with the prefix /paynet (X-Forwarded-Prefix) that the proxy stripped before the server saw the path: verify against the public URL (options.url), or keep the prefix and set basePath: '/paynet'`,
    });
  });

  it('does not add a prefix the path already starts with', () => {
    expect(tried(variants(INTERNAL, { 'x-forwarded-prefix': '/paynet' }))).toEqual([slashed(INTERNAL)]);
  });

  it('does not add a prefix that is not a path', () => {
    const url = 'http://127.0.0.1:3000/api/v2/payout/1111';
    expect(tried(variants(url, { 'x-forwarded-prefix': 'paynet' }))).toEqual([slashed(url)]);
  });
});

describe('keyVariants', () => {
  const doubled =
    "the signature verifies with the HMAC key control key + '&&': the client gave its OAuth library the control key with '&' already appended; give it the control key alone (the library adds the '&' of the empty token secret)";
  const noAmp =
    "the signature verifies with the control key alone as HMAC key: OAuth 1.0a keys HMAC-SHA1 with percent-encoded control key + '&' (the empty token secret follows the '&'); append the '&'";
  const minusAmp =
    "the signature verifies with the control key configured here minus its trailing '&': the credentials hold control key + '&'; return the control key alone (paysig adds the '&')";

  it("tries the '&' doubled, before or after encoding, and missing", () => {
    const key = 'B17F59B4 A7DC+41B4';
    const encoded = rfc3986(key);
    expect(encoded).toBe('B17F59B4%20A7DC%2B41B4');
    expect(keyVariants(key)).toEqual([
      { id: 'hmac-key-doubled-amp', value: `${encoded}&&`, message: doubled },
      { id: 'hmac-key-doubled-amp', value: `${encoded}%26&`, message: doubled },
      { id: 'hmac-key-no-amp', value: encoded, message: noAmp },
    ]);
  });

  it("tries a configured key that ends with '&' without it", () => {
    expect(keyVariants('k 1&')).toEqual([
      { id: 'hmac-key-doubled-amp', value: 'k%201%26&&', message: doubled },
      { id: 'hmac-key-doubled-amp', value: 'k%201%26%26&', message: doubled },
      { id: 'hmac-key-no-amp', value: 'k%201%26', message: noAmp },
      { id: 'hmac-key-doubled-amp', value: 'k%201&', message: minusAmp },
    ]);
  });

  it("does not shorten a key that is '&' alone", () => {
    expect(tried(keyVariants('&'))).toEqual([
      ['hmac-key-doubled-amp', '%26&&'],
      ['hmac-key-doubled-amp', '%26%26&'],
      ['hmac-key-no-amp', '%26'],
    ]);
  });

  it('tries three keys for an empty control key', () => {
    expect(tried(keyVariants(''))).toEqual([
      ['hmac-key-doubled-amp', '&&'],
      ['hmac-key-doubled-amp', '%26&'],
      ['hmac-key-no-amp', ''],
    ]);
  });
});
