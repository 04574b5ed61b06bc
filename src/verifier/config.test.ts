// Each setting of a verifier's configuration: the exact refusal (a ConfigurationError naming the
// setting and saying what it must be), each bound on both sides, and each default.
import { describe, expect, it } from 'vitest';
import { bodyTimeoutOf, clockOf, settingsOf, trustedHops, type VerifierConfig } from './config.js';

const credentials: VerifierConfig['credentials'] = () => ({ controlKey: 'k' });

function refusal(field: string, rule: string) {
  return expect.objectContaining({
    name: 'ConfigurationError',
    code: 'ERR_CONFIGURATION',
    field,
    message: `createVerifier: "${field}" ${rule}`,
  });
}
const settings = (config: Partial<VerifierConfig>) => settingsOf({ credentials, ...config } as VerifierConfig);

describe('settingsOf: each refusal names the setting and its rule', () => {
  const SECONDS = 'must be a number of seconds from 0 to 86400';
  const cases: [string, () => unknown, string, string][] = [
    ['no config', () => settingsOf(null as never), 'config', 'must be an object with a credentials function'],
    ['a string config', () => settingsOf('x' as never), 'config', 'must be an object with a credentials function'],
    [
      'credentials not a function',
      () => settings({ credentials: {} as never }),
      'credentials',
      'must be a function (who) => secrets',
    ],
    [
      'basePath without its slash',
      () => settings({ basePath: 'x/paynet' }),
      'basePath',
      "must be '' or a path starting with '/' and not ending with '/', such as '/paynet'",
    ],
    [
      'basePath with a query',
      () => settings({ basePath: '/paynet?x' }),
      'basePath',
      "must be '' or a path starting with '/' and not ending with '/', such as '/paynet'",
    ],
    [
      'basePath with a space',
      () => settings({ basePath: '/pay net' }),
      'basePath',
      "must be '' or a path starting with '/' and not ending with '/', such as '/paynet'",
    ],
    ['maxSkewSeconds as a string', () => settings({ maxSkewSeconds: '30' as never }), 'maxSkewSeconds', SECONDS],
    ['maxSkewSeconds below 0', () => settings({ maxSkewSeconds: -0.5 }), 'maxSkewSeconds', SECONDS],
    [
      'maxFutureSkewSeconds above 86400',
      () => settings({ maxFutureSkewSeconds: 86_401 }),
      'maxFutureSkewSeconds',
      SECONDS,
    ],
    [
      'maxFutureSkewSeconds infinite',
      () => settings({ maxFutureSkewSeconds: Infinity }),
      'maxFutureSkewSeconds',
      SECONDS,
    ],
    [
      'schemes null',
      () => settings({ schemes: null as never }),
      'schemes',
      'must be an object of schemes by operation id',
    ],
    [
      'schemes a string',
      () => settings({ schemes: 'C-B' as never }),
      'schemes',
      'must be an object of schemes by operation id',
    ],
    [
      'exponent a string',
      () => settings({ exponent: '2' as never }),
      'exponent',
      'must be a number of digits or a function of the currency code',
    ],
    ['protocol ftp', () => settings({ protocol: 'ftp' as never }), 'protocol', "must be 'http' or 'https'"],
    ['protocol empty', () => settings({ protocol: '' as never }), 'protocol', "must be 'http' or 'https'"],
    ['onRefused a string', () => settings({ onRefused: 'log' as never }), 'onRefused', 'must be a function'],
    [
      'maxBodyBytes as a string',
      () => settings({ maxBodyBytes: '100' as never }),
      'maxBodyBytes',
      'must be a positive whole number of bytes',
    ],
    ['maxBodyBytes 0', () => settings({ maxBodyBytes: 0 }), 'maxBodyBytes', 'must be a positive whole number of bytes'],
    [
      'maxBodyBytes a fraction',
      () => settings({ maxBodyBytes: 1.5 }),
      'maxBodyBytes',
      'must be a positive whole number of bytes',
    ],
    [
      'bodyTimeoutMs 0',
      () => settings({ bodyTimeoutMs: 0 }),
      'bodyTimeoutMs',
      'must be a positive number of milliseconds (default 30000; Infinity for none)',
    ],
    [
      'bodyTimeoutMs a string',
      () => bodyTimeoutOf('5'),
      'bodyTimeoutMs',
      'must be a positive number of milliseconds (default 30000; Infinity for none)',
    ],
    [
      'trustProxy a string',
      () => trustedHops('1'),
      'trustProxy',
      'must be true, false or the number of proxies in front (0 to 32)',
    ],
    [
      'trustProxy 33',
      () => trustedHops(33),
      'trustProxy',
      'must be true, false or the number of proxies in front (0 to 32)',
    ],
    ['now infinite', () => clockOf(Infinity), 'now', 'must be a finite number of seconds or a function returning one'],
    ['now NaN', () => clockOf(Number.NaN), 'now', 'must be a finite number of seconds or a function returning one'],
    ['now a string', () => clockOf('soon'), 'now', 'must be a number of seconds or a function returning one'],
  ];
  it.each(cases)('%s', (_, make, field, rule) => {
    expect(make).toThrowError(refusal(field, rule));
  });
});

describe('settingsOf: the bounds that are allowed, and the defaults', () => {
  it('takes each bound itself', () => {
    expect(settings({ maxSkewSeconds: 0, maxFutureSkewSeconds: 0 })).toMatchObject({
      maxSkewSeconds: 0,
      maxFutureSkewSeconds: 0,
    });
    expect(settings({ maxFutureSkewSeconds: 86_400 }).maxFutureSkewSeconds).toBe(86_400);
    expect(settings({ maxBodyBytes: 1 }).maxBodyBytes).toBe(1);
    expect(settings({ bodyTimeoutMs: 0.5 }).bodyTimeoutMs).toBe(0.5);
    expect(settings({ bodyTimeoutMs: Infinity }).bodyTimeoutMs).toBe(Infinity);
    expect(trustedHops(32)).toBe(32);
    expect(trustedHops(0)).toBe(0);
    expect(trustedHops(true)).toBe(1);
    expect(trustedHops(false)).toBe(0);
    expect(trustedHops(undefined)).toBe(0);
  });

  it('takes the allowed values of schemes, exponent, protocol, basePath and onRefused as given', () => {
    const schemes = { sale: 'C-B' } as const;
    const exponent = (currency: string) => (currency === 'JPY' ? 0 : 2);
    const onRefused = () => undefined;
    const s = settings({ schemes, exponent, protocol: 'https', basePath: '/paynet/v1', onRefused, trustProxy: 2 });
    expect(s).toMatchObject({ schemes, exponent, protocol: 'https', basePath: '/paynet/v1', onRefused, trustProxy: 2 });
    expect(settings({ exponent: 3, protocol: 'http' })).toMatchObject({ exponent: 3, protocol: 'http' });
    expect(settings({ schemes: {} }).schemes).toStrictEqual({});
  });

  it('fills in every default', () => {
    const s = settings({});
    expect(s).toMatchObject({
      basePath: '',
      maxSkewSeconds: 300,
      maxFutureSkewSeconds: 30,
      maxBodyBytes: 65_536,
      bodyTimeoutMs: 30_000,
      trustProxy: false,
      protocol: undefined,
      accept: 'negotiate',
      schemes: undefined,
      exponent: undefined,
      onRefused: undefined,
    });
    expect(settings({ trustProxy: true }).trustProxy).toBe(true);
    expect(settings({ accept: 'strict' }).accept).toBe('strict');
    expect(settings({ maxSkewSeconds: 10 }).maxFutureSkewSeconds).toBe(10);
  });

  it('reads the clock: the wall clock by default, a fixed number, or a function', () => {
    const before = Date.now() / 1000;
    const t = clockOf(undefined)();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now() / 1000);
    expect(clockOf(1_700_000_000)()).toBe(1_700_000_000);
    const f = () => 5;
    expect(clockOf(f)).toBe(f);
  });
});
