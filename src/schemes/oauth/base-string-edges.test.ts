// Boundaries of the base-string builder and the small OAuth predicates (found by mutation
// testing, docs/contributing/mutation.md). Expected base strings are built here with encodeURIComponent.
import { describe, expect, it } from 'vitest';
import { encodedParameters, MAX_PARAMS, normalizeMethod, signatureBaseString } from './base-string.js';
import { withoutOAuthRepeats } from './body.js';
import { isSignatureMethod, isTimestampText, MAX_TIMESTAMP_DIGITS } from './protocol.js';
import { signOAuth } from './sign.js';
import { PaysigError } from '../../errors/index.js';

const enc = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** RFC 5849 section 3.4.1.3.2, written independently: encode, sort by name then value, join, encode. */
const paramString = (pairs: Array<[string, string]>): string =>
  enc(
    pairs
      .map(([n, v]) => [enc(n), enc(v)])
      .sort((a, b) => (a[0] === b[0] ? (a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0) : a[0]! < b[0]! ? -1 : 1))
      .map(([n, v]) => `${n}=${v}`)
      .join('&'),
  );

function refusal(fn: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; field: string | undefined; message: string };
  }
  throw new Error('expected an error, none was thrown');
}

describe('normalizeMethod', () => {
  it('upper-cases a token of 1 to 64 characters', () => {
    expect(normalizeMethod('post')).toBe('POST');
    expect(normalizeMethod("a!#$%&'*+-.^_`|~9")).toBe("A!#$%&'*+-.^_`|~9");
    expect(normalizeMethod('m'.repeat(64))).toBe('M'.repeat(64));
  });
  it('refuses anything else, naming the field', () => {
    expect(refusal(() => normalizeMethod(''))).toMatchObject({
      field: 'method',
      message: '"method" must be an HTTP token of 1 to 64 characters',
    });
    expect(refusal(() => normalizeMethod('m'.repeat(65))).message).toBe(
      '"method" must be an HTTP token of 1 to 64 characters',
    );
    for (const m of ['P OST', 'GET\u0080', 'é', '(', '"', '{', '\u007f']) {
      expect(refusal(() => normalizeMethod(m))).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'method',
        message: '"method" must be an HTTP token (letters, digits and !#$%&\'*+-.^_`|~)',
      });
    }
    expect(refusal(() => normalizeMethod(null as unknown as string))).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'method',
      message: '"method" must be a string, got null',
    });
    expect(refusal(() => normalizeMethod(1 as unknown as string))).toMatchObject({
      field: 'method',
      message: '"method" must be a string, got number',
    });
  });
});

describe('encodedParameters', () => {
  it('sorts by encoded name, then by encoded value, and leaves oauth_signature out', () => {
    const pairs: Array<[string, string]> = [
      ['b', '2'],
      ['a', 'z'],
      ['a', 'y'],
      ['a', 'y'],
      ['A', '1'],
      ['a b', ''],
      ['c', ''],
    ];
    expect(encodedParameters('q=%20&a=x', [...pairs, ['oauth_signature', 's']])).toBe(
      paramString([['q', ' '], ['a', 'x'], ...pairs]),
    );
    expect(encodedParameters('oauth_signature=s', [])).toBe('');
  });
  it('refuses more than MAX_PARAMS parameters in query and body together', () => {
    const many = Array.from({ length: MAX_PARAMS - 1 }, (_, i): [string, string] => [`p${i}`, '']);
    expect(encodedParameters('x=1', many).length).toBeGreaterThan(0);
    expect(refusal(() => encodedParameters('x=1&y=2', many))).toMatchObject({
      field: 'params',
      message: `more than ${MAX_PARAMS} parameters`,
    });
  });
  it('says which pairs are not strings', () => {
    expect(refusal(() => encodedParameters('', [['a', 1 as unknown as string]]))).toMatchObject({
      field: 'params',
      message: '"params" must be [name, value] pairs of strings',
    });
    expect(
      refusal(() =>
        encodedParameters('', [
          ['a', 'b'],
          ['c', null as unknown as string],
        ]),
      ),
    ).toMatchObject({
      field: 'params',
      message: '"params" must be [name, value] pairs of strings',
    });
    for (const pair of ['ab', null, { 0: 'a', 1: 'b' }]) {
      expect(refusal(() => encodedParameters('', [pair as unknown as [string, string]]))).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'params',
        message: '"params" must be [name, value] pairs of strings',
      });
    }
    expect(refusal(() => encodedParameters('', 'a=b' as unknown as []))).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'params',
      message: '"params" must be an array of [name, value] pairs',
    });
  });
});

describe('signatureBaseString', () => {
  it('joins method, base URI and parameters', () => {
    expect(signatureBaseString({ method: 'post', url: 'https://H.example:443/a b?c=d', params: [['e', 'f g']] })).toBe(
      `POST&${enc('https://h.example/a%20b')}&${paramString([
        ['c', 'd'],
        ['e', 'f g'],
      ])}`,
    );
  });
  it('refuses a request that is not an object', () => {
    for (const r of [null, 'x']) {
      expect(refusal(() => signatureBaseString(r as never))).toMatchObject({
        field: 'request',
        message: 'request must be an object with method, url and params',
      });
    }
  });
});

describe('OAuth predicates and body repeats', () => {
  it('timestamps are 1 to 15 ASCII digits', () => {
    expect(MAX_TIMESTAMP_DIGITS).toBe(15);
    for (const t of ['0', '9', '1700000000', '9'.repeat(15)]) expect(isTimestampText(t)).toBe(true);
    for (const t of ['', '9'.repeat(16), '/', ':', '1.5', '-1', ' 1', '\u0660']) expect(isTimestampText(t)).toBe(false);
  });
  it('only the two supported signature methods', () => {
    expect(isSignatureMethod('HMAC-SHA1')).toBe(true);
    expect(isSignatureMethod('RSA-SHA256')).toBe(true);
    for (const m of ['PLAINTEXT', 'hmac-sha1', 'RSA-SHA1', '', undefined]) expect(isSignatureMethod(m)).toBe(false);
  });
  it('drops body repeats equal to the header, refuses the others', () => {
    const refuse = (name: string, rule: string): never => {
      throw new Error(`${name} ${rule}`);
    };
    const oauth = { oauth_nonce: 'n', oauth_version: '1.0' };
    const body: Array<[string, string]> = [
      ['a', '1'],
      ['oauth_nonce', 'n'],
      ['oauth_callback', 'c'],
      ['oauth_version', '1.0'],
      ['b', '2'],
    ];
    expect(withoutOAuthRepeats(body, oauth, refuse)).toEqual([
      ['a', '1'],
      ['oauth_callback', 'c'],
      ['b', '2'],
    ]);
    const same: Array<[string, string]> = [
      ['a', '1'],
      ['oauth_callback', 'c'],
    ];
    expect(withoutOAuthRepeats(same, oauth, refuse)).toBe(same);
    expect(() => withoutOAuthRepeats([['oauth_signature', 'x']], oauth, refuse)).toThrow(
      'oauth_signature must not be sent in the body',
    );
    expect(() => withoutOAuthRepeats([['oauth_nonce', 'm']], oauth, refuse)).toThrow(
      "oauth_nonce is repeated in the body with a value other than the header's",
    );
    expect(() =>
      withoutOAuthRepeats(
        [
          ['oauth_nonce', 'n'],
          ['oauth_nonce', 'n'],
        ],
        oauth,
        refuse,
      ),
    ).toThrow('oauth_nonce is repeated in the body more than once');
  });
  it('only oauth_* names are body repeats, whatever else the header record holds', () => {
    const refuse = (name: string, rule: string): never => {
      throw new Error(`${name} ${rule}`);
    };
    // A body "realm" or other name equal to a header entry is an ordinary parameter.
    const body: Array<[string, string]> = [
      ['realm', 'r'],
      ['a', '1'],
      ['oauth_nonce', 'n'],
    ];
    expect(withoutOAuthRepeats(body, { realm: 'r', a: '1', oauth_nonce: 'n' }, refuse)).toEqual([
      ['realm', 'r'],
      ['a', '1'],
    ]);
    // Entries that are not [string, ...] pairs pass through untouched: the base string refuses them.
    const odd = [[1, 'v'], 'ab', null, [undefined, 'x']] as unknown as Array<[string, string]>;
    expect(withoutOAuthRepeats(odd, { oauth_nonce: 'n', '1': 'v', undefined: 'x' }, refuse)).toBe(odd);
  });
  it('signOAuth refuses a pair whose name is not a string as a params error', async () => {
    for (const params of [[[1, 'v']], [['oauth_nonce', 'n'], 'ab']]) {
      const err = await signOAuth({
        signatureMethod: 'HMAC-SHA1',
        consumerKey: 'ck',
        consumerSecret: 'cs',
        method: 'POST',
        url: 'https://api.example.com/p',
        params: params as unknown as Array<[string, string]>,
        timestamp: 1,
        nonce: 'n',
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PaysigError);
      expect(err).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'params',
        message: '"params" must be [name, value] pairs of strings',
      });
    }
  });
});
