import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaysigError } from '../../errors/index.js';
import { buildAuthorizationHeader, MAX_HEADER_LENGTH, parseAuthorizationHeader } from './header.js';

describe('buildAuthorizationHeader', () => {
  it('writes realm first and percent-encodes every value (the signature as %2B %2F %3D)', () => {
    expect(
      buildAuthorizationHeader(
        [
          ['oauth_consumer_key', 'merchant login'],
          ['oauth_signature', 'a+b/c='],
        ],
        'Example',
      ),
    ).toBe('OAuth realm="Example", oauth_consumer_key="merchant%20login", oauth_signature="a%2Bb%2Fc%3D"');
  });
  it('omits realm when not given', () => {
    expect(buildAuthorizationHeader([['oauth_nonce', 'n']])).toBe('OAuth oauth_nonce="n"');
  });
});

describe('parseAuthorizationHeader', () => {
  it('parses the RFC 5849 section 3.5.1 example', () => {
    const h = parseAuthorizationHeader(
      'OAuth realm="Example",\toauth_consumer_key="0685bd9184jfhq22",oauth_token="ad180jjd733klru7",  oauth_signature_method="HMAC-SHA1", oauth_signature="wOJIO9A2W5mFwDgiDvZbTSMK%2FPY%3D", oauth_timestamp="137131200", oauth_nonce="4572616e48616d6d65724c61686176", oauth_version="1.0"',
    );
    expect(h).toEqual({
      realm: 'Example',
      params: {
        oauth_consumer_key: '0685bd9184jfhq22',
        oauth_token: 'ad180jjd733klru7',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_signature: 'wOJIO9A2W5mFwDgiDvZbTSMK/PY=',
        oauth_timestamp: '137131200',
        oauth_nonce: '4572616e48616d6d65724c61686176',
        oauth_version: '1.0',
      },
    });
  });
  it('accepts the scheme in any case and surrounding whitespace', () => {
    expect(parseAuthorizationHeader('  oauth   oauth_nonce="a%20b" , oauth_version="1.0"  ')).toEqual({
      params: { oauth_nonce: 'a b', oauth_version: '1.0' },
    });
  });
  it.each([
    ['another scheme', 'Bearer abc'],
    ['no parameters', 'OAuth'],
    ['only spaces after scheme', 'OAuth   '],
    ['no space after scheme', 'OAuthoauth_nonce="1"'],
    ['unquoted value', 'OAuth oauth_nonce=1'],
    ['space around =', 'OAuth oauth_nonce = "1"'],
    ['unterminated quote', 'OAuth oauth_nonce="1'],
    ['missing comma', 'OAuth oauth_nonce="1" oauth_version="1.0"'],
    ['trailing comma', 'OAuth oauth_nonce="1",'],
    ['double comma', 'OAuth oauth_nonce="1",,oauth_version="1.0"'],
    ['trailing garbage', 'OAuth oauth_nonce="1"x'],
    ['unknown name', 'OAuth foo="1"'],
    ['bare oauth_', 'OAuth oauth_="1"'],
    ['upper-case Realm', 'OAuth Realm="x"'],
    ['repeated name', 'OAuth oauth_nonce="1", oauth_nonce="1"'],
    ['repeated realm', 'OAuth realm="a", realm="a"'],
    ['backslash escape', 'OAuth oauth_nonce="a\\"b"'],
    ['control character', 'OAuth oauth_nonce="a\nb"'],
    ['bad percent escape', 'OAuth oauth_nonce="%zz"'],
    ['invalid UTF-8 escape', 'OAuth oauth_nonce="%C3"'],
    ['too long', 'OAuth oauth_nonce="' + 'a'.repeat(MAX_HEADER_LENGTH) + '"'],
  ])('refuses %s with ERR_OAUTH_HEADER_MALFORMED', (_, header) => {
    expect(() => parseAuthorizationHeader(header)).toThrow(
      expect.objectContaining({ code: 'ERR_OAUTH_HEADER_MALFORMED' }),
    );
  });
  it('refuses a non-string', () => {
    expect(() => parseAuthorizationHeader(undefined as unknown as string)).toThrow(
      expect.objectContaining({ code: 'ERR_OAUTH_HEADER_MALFORMED' }),
    );
  });

  it('round-trips build -> parse for any values (property)', () => {
    const name = fc.stringMatching(/^[a-z0-9_]{1,12}$/).map((s) => 'oauth_' + s);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, fc.string({ unit: 'grapheme', maxLength: 20 })), {
          selector: (p) => p[0],
          minLength: 1,
          maxLength: 8,
        }),
        fc.option(fc.string({ unit: 'grapheme', maxLength: 10 }), { nil: undefined }),
        (pairs, realm) => {
          const parsed = parseAuthorizationHeader(buildAuthorizationHeader(pairs, realm));
          expect(parsed.params).toEqual(Object.fromEntries(pairs));
          expect(parsed.realm).toBe(realm);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('throws only PaysigError on random input (property)', () => {
    const piece = fc.constantFrom(
      'OAuth ',
      'oauth',
      ' ',
      ',',
      '=',
      '"',
      'oauth_a',
      'realm',
      '%',
      '%4',
      '%41',
      '\\',
      '\t',
      'x',
      '\u00e9',
      '\uD800',
    );
    const junk = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.array(piece, { maxLength: 30 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(junk, (h) => {
        try {
          parseAuthorizationHeader(h);
        } catch (e) {
          expect(e).toBeInstanceOf(PaysigError);
          expect((e as PaysigError).code).toBe('ERR_OAUTH_HEADER_MALFORMED');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a hostile 8 KiB header of an unterminated quoted value (its speed is in bench/, group "hostile header")', () => {
    const hostile = 'OAuth ' + 'oauth_a="'.padEnd(MAX_HEADER_LENGTH - 6, '%');
    expect(hostile.length).toBe(MAX_HEADER_LENGTH);
    expect(() => parseAuthorizationHeader(hostile)).toThrowError(
      expect.objectContaining({ code: 'ERR_OAUTH_HEADER_MALFORMED' }),
    );
  });
});
