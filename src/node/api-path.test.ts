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

  it('with no basePath, /api is the API: in any case, after any `..`', () => {
    for (const base of [undefined, '', '/']) {
      expect(isApiTarget('/api/v2/sale/1111', base)).toBe(true);
      expect(isApiTarget('/API/v2/sale/1111', base)).toBe(true);
      expect(isApiTarget('/x/../api/v2/sale/1111', base)).toBe(true);
      expect(isApiTarget('/health', base)).toBe(false);
      expect(isApiTarget('/apis', base)).toBe(false);
    }
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
  ])('%s is not', (target) => {
    expect(unresolvedPathError(target)).toBeUndefined();
  });
});
