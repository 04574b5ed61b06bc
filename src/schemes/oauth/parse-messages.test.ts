// What the Authorization header parser and the URL splitter refuse, and where: exact messages,
// offsets (computed here with indexOf) and normalised base URIs written out by hand from RFC 5849
// section 3.4.1.2. Found missing by mutation testing (docs/contributing/mutation.md).
import { describe, expect, it } from 'vitest';
import { buildAuthorizationHeader, MAX_HEADER_LENGTH, parseAuthorizationHeader } from './header.js';
import { splitUrl } from './url.js';

function refusal(fn: () => unknown): { code: string; field: string | undefined; message: string; cause?: unknown } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; field: string | undefined; message: string };
  }
  throw new Error('expected an error, none was thrown');
}
const headerError = (h: unknown): string => {
  const e = refusal(() => parseAuthorizationHeader(h as string));
  expect(e).toMatchObject({ code: 'ERR_OAUTH_HEADER_MALFORMED', field: 'Authorization' });
  return e.message;
};

describe('parseAuthorizationHeader refusals', () => {
  it('scheme, whitespace and emptiness', () => {
    expect(headerError('Bearer abc')).toBe('Authorization header does not use the "OAuth" scheme');
    expect(headerError('OAuth')).toBe('Authorization header needs whitespace after "OAuth" and at least one parameter');
    expect(headerError('OAuthx oauth_a="1"')).toBe(
      'Authorization header needs whitespace after "OAuth" and at least one parameter',
    );
    expect(headerError('OAuth \t ')).toBe('Authorization header has no parameters');
    expect(headerError(null)).toBe('Authorization header must be a string, got null');
    expect(headerError(5)).toBe('Authorization header must be a string, got number');
  });
  it('names and their offsets', () => {
    let h = 'OAuth ="x"';
    expect(headerError(h)).toBe(`Authorization header expects a parameter name at offset ${h.indexOf('=')}`);
    h = 'OAuth oauth_a="1", foo="x"';
    expect(headerError(h)).toBe(
      `Authorization header has parameter "foo"; only "realm" and "oauth_*" are allowed at offset ${h.indexOf('foo')}`,
    );
    h = 'OAuth oauth_="x"';
    expect(headerError(h)).toBe(
      `Authorization header has parameter "oauth_"; only "realm" and "oauth_*" are allowed at offset 6`,
    );
    h = 'OAuth oauth_a=x';
    expect(headerError(h)).toBe(`Authorization header expects ="..." after "oauth_a" at offset ${h.indexOf('=')}`);
    h = 'OAuth oauth_a-b="x"';
    expect(headerError(h)).toBe(`Authorization header expects ="..." after "oauth_a" at offset ${h.indexOf('-')}`);
  });
  it('values', () => {
    let h = 'OAuth oauth_a="x';
    expect(headerError(h)).toBe(
      `Authorization header has an unterminated quoted value for "oauth_a" at offset ${h.indexOf('"')}`,
    );
    for (const bad of ['\\', '\u001f', '\u007f', '\n']) {
      h = `OAuth oauth_a="ab${bad}c"`;
      expect(headerError(h)).toBe(
        `Authorization header has a backslash or control character in "oauth_a" at offset ${h.indexOf(bad)}`,
      );
    }
    const e = refusal(() => parseAuthorizationHeader('OAuth oauth_a="%zz"'));
    expect(e.message).toBe('Authorization header value of "oauth_a" is not validly percent-encoded');
    expect(e.cause).toMatchObject({ code: 'ERR_ENCODING' });
  });
  it('repeats and separators', () => {
    let h = 'OAuth realm="a", realm="b"';
    expect(headerError(h)).toBe(`Authorization header repeats "realm" at offset ${h.lastIndexOf('realm')}`);
    h = 'OAuth oauth_a="1", oauth_a="2"';
    expect(headerError(h)).toBe(`Authorization header repeats "oauth_a" at offset ${h.lastIndexOf('oauth_a')}`);
    h = 'OAuth oauth_a="1" oauth_b="2"';
    expect(headerError(h)).toBe(
      `Authorization header expects "," between parameters at offset ${h.indexOf('oauth_b')}`,
    );
    expect(headerError('OAuth oauth_a="1",')).toBe('Authorization header ends with a trailing ","');
    expect(headerError('OAuth oauth_a="1" ,\t ')).toBe('Authorization header ends with a trailing ","');
  });
  it('length: up to MAX_HEADER_LENGTH characters', () => {
    const at = (n: number) => 'OAuth oauth_a="' + 'x'.repeat(n - 16) + '"';
    expect(at(MAX_HEADER_LENGTH).length).toBe(MAX_HEADER_LENGTH);
    expect(parseAuthorizationHeader(at(MAX_HEADER_LENGTH)).params['oauth_a']).toHaveLength(MAX_HEADER_LENGTH - 16);
    expect(headerError(at(MAX_HEADER_LENGTH + 1))).toBe(
      `Authorization header is longer than ${MAX_HEADER_LENGTH} characters`,
    );
  });
});

describe('parseAuthorizationHeader names and separators at their boundaries', () => {
  it('name characters: letters (both ends of each case), digits, underscore', () => {
    expect(Object.keys(parseAuthorizationHeader('OAuth oauth_AZaz09_="1"').params)).toEqual(['oauth_AZaz09_']);
    for (const c of ['@', '[', '`', '{', '/', ':']) {
      const h = `OAuth oauth_a${c}b="1"`;
      expect(headerError(h)).toBe(`Authorization header expects ="..." after "oauth_a" at offset ${h.indexOf(c)}`);
    }
  });
  it('only realm and names longer than "oauth_" that start with it', () => {
    for (const name of ['realmx', 'oauthxyz', 'xoauth_a', 'Oauth_a']) {
      expect(headerError(`OAuth ${name}="1"`)).toBe(
        `Authorization header has parameter "${name}"; only "realm" and "oauth_*" are allowed at offset 6`,
      );
    }
  });
  it('needs both "=" and the opening quote', () => {
    for (const h of ['OAuth oauth_a:"1"', 'OAuth oauth_a ="1"', 'OAuth oauth_a="1", oauth_b"2"']) {
      expect(headerError(h)).toMatch(/^Authorization header expects ="\.\.\." after "oauth_[ab]" at offset \d+$/);
    }
  });
  it('a space inside a value is kept; a result without realm has no realm key', () => {
    const parsed = parseAuthorizationHeader('OAuth oauth_a="x y"');
    expect(parsed).toStrictEqual({ params: { oauth_a: 'x y' } });
    expect(Object.hasOwn(parsed, 'realm')).toBe(false);
  });
});

describe('parseAuthorizationHeader accepts', () => {
  it('tabs and spaces around separators, any case of the scheme, realm anywhere', () => {
    expect(parseAuthorizationHeader(' \toAuTh\toauth_a="1"\t,\t oauth_B_9="%20" , realm="r%2Cs"\t')).toEqual({
      realm: 'r,s',
      params: { oauth_a: '1', oauth_B_9: ' ' },
    });
    expect(parseAuthorizationHeader('OAuth oauth_a=""')).toEqual({ params: { oauth_a: '' } });
  });
  it('what buildAuthorizationHeader writes', () => {
    expect(
      buildAuthorizationHeader(
        [
          ['oauth_a', 'x y'],
          ['oauth_b', '+'],
        ],
        'R e',
      ),
    ).toBe('OAuth realm="R%20e", oauth_a="x%20y", oauth_b="%2B"');
    expect(buildAuthorizationHeader([['oauth_a', '1']])).toBe('OAuth oauth_a="1"');
  });
});

describe('splitUrl', () => {
  const urlError = (u: unknown): string => {
    const e = refusal(() => splitUrl(u as string));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'url' });
    return e.message;
  };
  it('normalises scheme, host and default port, drops userinfo and fragment', () => {
    expect(splitUrl('HTTP://User:Pw@Example.COM:80/A%20b/c?x=1&y#frag?z')).toEqual({
      baseUri: 'http://example.com/A%20b/c',
      encodedBaseUri: 'http%3A%2F%2Fexample.com%2FA%2520b%2Fc',
      query: 'x=1&y',
    });
    expect(splitUrl('https://h.example:443').baseUri).toBe('https://h.example/');
    expect(splitUrl('https://h.example:8443/p?').baseUri).toBe('https://h.example:8443/p');
    expect(splitUrl('https://a@b@h.example/p').baseUri).toBe('https://h.example/p');
    expect(splitUrl('https://h.example/p#a?b=1').query).toBe('');
    expect(splitUrl('https://h.example?q=1')).toMatchObject({ baseUri: 'https://h.example/', query: 'q=1' });
  });
  it('keeps apart URLs whose scheme and host run together, and an "@" in the path', () => {
    // A cache keyed on scheme + host + path without a separator would confuse these two.
    expect(splitUrl('https://x.example/p').baseUri).toBe('https://x.example/p');
    expect(splitUrl('http://sx.example/p').baseUri).toBe('http://sx.example/p');
    expect(splitUrl('https://h.example/@x').baseUri).toBe('https://h.example/@x');
    expect(splitUrl('https://h.example/p#a=1').query).toBe('');
  });
  it('ends the authority at "#": an "@" in the fragment names no host', () => {
    // The WHATWG URL parser agrees: new URL(u).host is "h.example" for each of these.
    for (const [u, base] of [
      ['https://h.example#@evil.example', 'https://h.example/'],
      ['https://h.example#@evil.example/p?q=1', 'https://h.example/'],
      ['HTTP://h.example#x@y', 'http://h.example/'],
    ] as const) {
      expect(new URL(u).host).toBe('h.example');
      expect(splitUrl(u)).toEqual({ baseUri: base, encodedBaseUri: encodeURIComponent(base), query: '' });
    }
  });
  it('escapes spaces and non-ASCII in the path, surrogate pairs as one character', () => {
    expect(splitUrl('https://h.example/a b/é/😀/~').baseUri).toBe('https://h.example/a%20b/%C3%A9/%F0%9F%98%80/~');
    expect(urlError('https://h.example/x\u007f')).toBe('"url" must not contain control characters');
    expect(splitUrl('https://h.example/\uD800\uDC00/\uDBFF\uDFFF').baseUri).toBe(
      'https://h.example/%F0%90%80%80/%F4%8F%BF%BF',
    );
    // A lone surrogate has no UTF-8 form, also at the very end of the path.
    for (const u of ['https://h.example/a\uD800', 'https://h.example/\uD800/x', 'https://h.example/\uDC00x?q']) {
      expect(refusal(() => splitUrl(u))).toMatchObject({ code: 'ERR_ENCODING' });
    }
    // Other characters from U+D800 up are one code unit each: the "/" after them stays as it is.
    for (const c of ['\uE000', '\uFF71', '\uFFFD']) {
      expect(splitUrl(`https://h.example/${c}/x`).baseUri).toBe(`https://h.example${encodeURI(`/${c}/x`)}`);
    }
    const longest = `https://h.example/${'a'.repeat(16_384 - 18)}`;
    expect(longest.length).toBe(16_384);
    expect(splitUrl(longest).baseUri).toBe(longest);
  });
  it('refuses what is not an absolute http(s) URL, saying why', () => {
    expect(urlError(7)).toBe('"url" must be a string, got number');
    expect(urlError(null)).toBe('"url" must be a string, got null');
    expect(urlError('https://h.example/' + 'a'.repeat(16_384))).toBe('"url" is longer than 16384 characters');
    expect(urlError('https://h.example/\u0000')).toBe('"url" must not contain control characters');
    expect(urlError('https://h.example/\u001f')).toBe('"url" must not contain control characters');
    expect(urlError(' https://h.example/')).toBe('"url" must not have leading or trailing spaces');
    expect(urlError('https://h.example/ ')).toBe('"url" must not have leading or trailing spaces');
    expect(urlError('ftp://h.example/')).toBe('"url" must be an absolute http: or https: URL');
    expect(urlError(':https//h')).toBe('"url" must be an absolute http: or https: URL');
    // No ":" at all: not read as a scheme of all but the last character.
    for (const u of ['https', 'httpx', 'https/', ''])
      expect(urlError(u)).toBe('"url" must be an absolute http: or https: URL');
    expect(urlError('https:/h.example/')).toBe('"url" must be an absolute URL starting with "http://" or "https://"');
    expect(urlError('https:h.example//')).toBe('"url" must be an absolute URL starting with "http://" or "https://"');
    expect(urlError('https:x/h.example/')).toBe('"url" must be an absolute URL starting with "http://" or "https://"');
    expect(urlError('https://h\\x/')).toBe('"url" must not contain "\\" in its authority');
    expect(urlError('https:///p')).toBe('"url" has an empty host');
    expect(urlError('https://user@/p')).toBe('"url" has an empty host');
    expect(urlError('https://@/p')).toBe('"url" has an empty host');
    expect(urlError('https://@')).toBe('"url" has an empty host');
    expect(urlError('https://h.example:99999/')).toBe('"url" has an invalid host or port');
  });
});
