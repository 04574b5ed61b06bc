// isApiTarget: which request targets the Node gates verify. Every spelling a router could take for
// a path under `{basePath}/api` is taken in (and then verified strictly); other paths are not.
import { describe, expect, it } from 'vitest';
import { UnknownOperationError } from '../errors/index.js';
import { isApiTarget, unresolvedPathError } from './api-path.js';

const UNDER: ReadonlyArray<string> = [
  '/paynet/api/v2/sale/1111',
  '/paynet/api/v2/sale/1111?x=1',
  '/paynet/api',
  '/paynet/api/',
  '/PAYNET/api/v2/sale/1111',
  '/paynet/Api/v2/sale/1111',
  '/Paynet/api/v2/sale/1111/',
  '//paynet/api/v2/sale/1111',
  '/paynet//api/v2/sale/1111',
  '/paynet///api',
  '/paynet%2Fapi/v2/sale/1111',
  '/paynet%2fapi/v2/sale/1111',
  '/%70aynet/api/v2/sale/1111',
  '/paynet/%41PI/v2/sale/1111',
  '/paynet%252Fapi/v2/sale/1111',
  '/paynet%2525252Fapi/v2/sale/1111',
  '/./paynet/api/v2/sale/1111',
  '/paynet/./api/v2/sale/1111',
  '/x/../paynet/api/v2/sale/1111',
  '/paynet/x/../api/v2/sale/1111',
  '/paynet/x/%2e%2e/api/v2/sale/1111',
  '/paynet/x/.%2E/api/v2/sale/1111',
  '/../../paynet/api/v2/sale/1111',
  '/paynet/api/../../health', // a router that does not resolve `..` hands it to the API's route
  '/paynet\\api/v2/sale/1111',
  '/paynet/api;x=1',
  '/paynet/api#x',
  'http://example.com/paynet/api/v2/sale/1111',
  'HTTPS://example.com:8443/PAYNET/api/v2/sale/1111?x',
  'http://example.com//paynet//api',
  'http:/paynet/api/v2/sale/1111',
  'http:example.com/paynet/api/v2/sale/1111',
  '//example.com/paynet/api/v2/sale/1111', // a host and a path to the URL parser
  '///example.com/paynet/api/v2/sale/1111',
  '/%61%2fpaynet/.%2e/paynet/api', // the URL parser resolves `.%2e` before decoding `%2f`
  '/paynet/x%2F..%2Fapi/v2/sale/1111', // `..` between escaped slashes, resolved after decoding
  '/paynet%2F.%2Fapi/v2/sale/1111', // `.` between escaped slashes, resolved after decoding
  '/paynet%5Capi/v2/sale/1111', // an escaped backslash, a slash once decoded
  '/paynet/x\\y/../api/v2/sale/1111', // the backslash a byte (not an `http:` URL): `..` drops `x\y`
  '/paynet/api%2F%FF', // `%2F%FF` is not UTF-8: decoded byte by byte, `%2F` still a slash
  '/x;#/../paynet/api/v2/sale/1111', // `;` and `#` taken literally: `x;#` is a segment
  'paynet/api/v2/sale/1111',
];

const NOT_UNDER: ReadonlyArray<string> = [
  '/',
  '',
  '/health',
  '/paynet',
  '/paynet/',
  '/paynet/apiary',
  '/paynet/api-docs/v2',
  '/paynetx/api/v2/sale/1111',
  '/api/v2/sale/1111',
  '/docs/paynet/api/v2/sale/1111',
  '/paynet/x/api/v2/sale/1111',
  '/health?next=/paynet/api/v2/sale/1111',
  'http://example.com/health',
  'http://example.com',
  '/paynet/docs/../../health',
  '/docs/paynet/api/',
  '/docs\\paynet/api/v2/sale/1111',
  '?/../paynet/api/v2/sale/1111', // all query: the path is empty
];

describe('isApiTarget', () => {
  it.each(UNDER)('%s is under /paynet/api', (target) => {
    expect(isApiTarget(target, '/paynet')).toBe(true);
  });

  it.each(NOT_UNDER)('%s is not under /paynet/api', (target) => {
    expect(isApiTarget(target, '/paynet')).toBe(false);
  });

  it('reads basePath loosely too: without its leading slash, with a trailing one, in another case', () => {
    for (const base of ['paynet', '/paynet/', '/PayNet', '//paynet//'])
      expect([base, isApiTarget('/paynet/api/v2/sale/1111', base)]).toEqual([base, true]);
    expect(isApiTarget('/paynet/api/v2/sale/1111', '/other')).toBe(false);
  });

  it('takes a target starting with basePath and /api/ as written, whatever characters basePath has', () => {
    // Read loosely, the target's path ends at the `?`; as written, it starts with `/pay?x/api/`.
    // (The verifier's settings refuse such a basePath; isApiTarget takes any string.)
    expect(isApiTarget('/pay?x/api/v2/sale/1111', '/pay?x')).toBe(true);
    expect(isApiTarget('/pay?y/api/v2/sale/1111', '/pay?x')).toBe(false);
  });

  it('decodes eight levels of percent-encoding; a path still encoded after that counts as under the API', () => {
    // `%` then seven `25`s then `2F`: eight levels of encoding of `/`; one more `25`, nine.
    expect(isApiTarget(`/paynet%${'25'.repeat(7)}2Fapi/v2/sale/1111`, '/paynet')).toBe(true);
    expect(isApiTarget(`/paynet%${'25'.repeat(7)}2Fhealth`, '/paynet')).toBe(false);
    // Nine levels: no reading can be trusted, so the gate refuses it rather than pass it on.
    expect(isApiTarget(`/paynet%${'25'.repeat(8)}2Fapi/v2/sale/1111`, '/paynet')).toBe(true);
    expect(isApiTarget(`/health%${'25'.repeat(8)}2F`, '/paynet')).toBe(true);
    // After `#` or `;` too (a router may not cut there); not in the query, which no router reads as the path.
    for (const cut of ['#', ';']) expect(isApiTarget(`/health${cut}%${'25'.repeat(8)}2F`, '/paynet')).toBe(true);
    expect(isApiTarget(`/health?q=%${'25'.repeat(8)}2F`, '/paynet')).toBe(false);
    // A basePath is decoded eight rounds too (the verifier's settings would not take this one).
    expect(isApiTarget('/paynet/api/v2/sale/1111', `/%${'25'.repeat(8)}70aynet`)).toBe(false);
    expect(isApiTarget(`http://gate.example/health%${'25'.repeat(8)}2F`, '/paynet')).toBe(true);
  });

  it('with no basePath, /api is the API: in any case, after any `..`', () => {
    for (const base of [undefined, '', '/']) {
      expect(isApiTarget('/api/v2/sale/1111', base)).toBe(true);
      expect(isApiTarget('/API/v2/sale/1111', base)).toBe(true);
      expect(isApiTarget('/x/../api/v2/sale/1111', base)).toBe(true);
      expect(isApiTarget('/health', base)).toBe(false);
      expect(isApiTarget('/apis', base)).toBe(false);
    }
  });

  it('with no basePath, a relative target under another first segment is not under /api', () => {
    // Any first segment: `Stryker was here!` is the text a mutation tool puts in for `''`.
    expect(isApiTarget('Stryker was here!/api/v2/sale/1111', undefined)).toBe(false);
    expect(isApiTarget('docs/api/v2/sale/1111', undefined)).toBe(false);
  });

  it('folds the characters a Unicode-aware, case-insensitive router takes for ASCII letters', () => {
    // U+212A KELVIN SIGN lower-cases to k; U+017F LONG S upper-cases to S.
    expect(isApiTarget('/ban%E2%84%AA/api/v2/sale/1111', '/bank')).toBe(true);
    expect(isApiTarget('/%C5%BFhop/api/v2/sale/1111', '/shop')).toBe(true);
  });

  it('takes malformed escapes and deep encodings without throwing', () => {
    expect(isApiTarget('/paynet/api%ZZ', '/paynet')).toBe(false);
    expect(isApiTarget('/%E2%28%A1/paynet', '/paynet')).toBe(false);
    expect(isApiTarget('/%FFpaynet/api', '/paynet')).toBe(false);
    expect(isApiTarget(`/paynet${'%25'.repeat(5000)}2Fapi`, '/paynet')).toBe(false);
  });
});

describe('unresolvedPathError', () => {
  it.each([
    '/paynet/api/v2/sale/../payout/1111',
    '/paynet/api/v2/./payout/1111',
    '/paynet/api/v2/sale/%2e%2e/payout/1111',
    '/paynet/api/v2/sale/.%2E/payout/1111',
    '/paynet/api/v2/payout/1111/..',
    '/paynet/api/v2/payout/1111/.',
    '/./paynet/api/v2/payout/1111',
    '/paynet/api/v2/sale/..;x/payout/1111',
    '/paynet\\api/v2/payout/1111',
    'http://example.com/paynet/api/../api/v2/payout/1111',
  ])('%s is refused as no operation', (target) => {
    const e = unresolvedPathError(target);
    expect(e).toBeInstanceOf(UnknownOperationError);
    expect([e?.code, e?.field]).toEqual(['ERR_UNKNOWN_OPERATION', 'path']);
  });

  it.each([
    '/paynet/api/v2/payout/1111',
    '/paynet/api/v2/payout/1111?next=/../x&y=.',
    '/paynet/api/v2/payout/1111.',
    '/paynet/.well-known/x',
    '/paynet/api/v2/payout/...',
    '/paynet/api/v2/payout/%2e%2e%2e',
    '?next=/../x&y=\\', // all query: the path is empty
  ])('%s is not', (target) => {
    expect(unresolvedPathError(target)).toBeUndefined();
  });

  it('says which path, and why, in its message', () => {
    expect(unresolvedPathError('/paynet/api/v2/sale/../payout/1111?x=1')?.message).toBe(
      'the request path "/paynet/api/v2/sale/../payout/1111" has a "." or ".." segment or a backslash: a router reads it as written, the verifier resolved, so it addresses no operation',
    );
  });

  it('quotes at most the first 200 characters of the path', () => {
    const message = unresolvedPathError(`/paynet/api/../${'a'.repeat(300)}`)?.message;
    expect(message).toBe(
      `the request path "/paynet/api/../${'a'.repeat(185)}" has a "." or ".." segment or a backslash: a router reads it as written, the verifier resolved, so it addresses no operation`,
    );
  });
});
