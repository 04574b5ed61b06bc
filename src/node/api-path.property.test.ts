// isApiTarget errs towards "under the API": for targets built of the pieces that change how a
// router reads a path (case, escapes, dot segments, repeated slashes, backslashes, `;`, `#`),
// whenever one of several model routers reads the target as `/paynet/api` or below, the gate takes
// it in. The models: as written, ignoring case (Express); decoded, lower-cased, slashes collapsed,
// trailing slash dropped (Fastify with its loose options); the WHATWG URL parser's path (Hono,
// the Fetch wrapper), also decoded and lower-cased.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isApiTarget } from './api-path.js';

const PIECES = [
  '/',
  '//',
  '.',
  '..',
  '/./',
  '/../',
  'paynet',
  'PayNet',
  'api',
  'API',
  'Api',
  'x',
  'v2',
  'sale',
  '1111',
  '%2F',
  '%2f',
  '%70',
  '%61',
  '%41',
  '%2e',
  '%2E',
  '%25',
  '\\',
  ';',
  '#',
  '?',
  'http://h',
];

const any = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((p) => p.join(''));
/** A target near the API's path (lead, base path, separator, `api`, tail), or any sequence of pieces. */
const TARGET = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constantFrom('/', '//', '/./', '/x/../', '/../', '\\', '%2F', 'http://h/', '/x/%2e%2e/'), any),
      fc.constantFrom('paynet', 'PayNet', 'PAYNET', '%70aynet', 'p%61ynet', 'paynet%2e', 'payne'),
      fc.constantFrom('/', '//', '%2F', '%2f', '/./', '/x/../', '\\', '%252F', '/.%2e/paynet/', ';/'),
      fc.constantFrom('api', 'API', 'Api', '%61pi', 'ap%69', 'apis', 'x'),
      any,
    )
    .map((parts) => parts.join('')),
  any,
);

const under = (path: string) => path === '/paynet/api' || path.startsWith('/paynet/api/');
const decode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
const stripQuery = (target: string) => target.split('?', 1)[0]!;
const pathOf = (target: string) => {
  try {
    return new URL(target, 'http://h').pathname;
  } catch {
    return '';
  }
};

/** How some router reads the target's path. */
const MODELS: ReadonlyArray<(target: string) => string> = [
  (t) => stripQuery(t).toLowerCase(),
  (t) =>
    decode(stripQuery(t))
      .toLowerCase()
      .replace(/\/{2,}/g, '/')
      .replace(/(.)\/$/, '$1'),
  (t) => pathOf(t),
  (t) => decode(pathOf(t)).toLowerCase(),
  (t) =>
    decode(decode(pathOf(t)))
      .toLowerCase()
      .replace(/\/{2,}/g, '/'),
];

describe('isApiTarget, property', () => {
  it('takes in every target a model router reads as under /paynet/api', () => {
    let routed = 0;
    fc.assert(
      fc.property(TARGET, (target) => {
        const read = MODELS.map((m) => m(target)).filter(under);
        if (read.length > 0) routed++;
        if (read.length > 0) expect([target, isApiTarget(target, '/paynet')]).toEqual([target, true]);
      }),
      { numRuns: Number(process.env['API_PATH_RUNS'] ?? 20_000) },
    );
    // The generator reaches the API often enough for the property to mean something.
    expect(routed).toBeGreaterThan(500);
  });
});
