/**
 * Fuzz targets for the encoders and decoders. Each one also checks paysig's answer against an
 * independent oracle (the JavaScript built-ins or Node's Buffer), so a wrong value is a
 * violation just like a wrong exception.
 */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { fromBase64, toBase64 } from '../../src/encoding/base64.js';
import { parseForm } from '../../src/encoding/form.js';
import { fromHex, toHex } from '../../src/encoding/hex.js';
import { percentDecode, percentEncode } from '../../src/encoding/percent.js';
import { toMinorUnits } from '../../src/schemes/control/amount.js';
import { hostile, over } from './arbitraries.js';
import { minorOracle } from './oracles.js';
import { FuzzViolation, target } from './harness.js';

const wellFormed = (s: string): boolean => Buffer.from(s, 'utf8').toString('utf8') === s;

/** Runs `fn`; returns its value, or `undefined` when it throws (the oracle refuses). */
function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Compares paysig's outcome with the oracle's: both refuse, or both return equal values. */
function agree<T>(what: string, input: unknown, ours: () => T, oracle: T | undefined, eq: (a: T, b: T) => boolean): T {
  let got: T;
  try {
    got = ours();
  } catch (e) {
    if (oracle !== undefined)
      throw new FuzzViolation(`${what} refused ${JSON.stringify(input)} that the oracle accepts`);
    throw e;
  }
  if (oracle === undefined)
    throw new FuzzViolation(`${what} accepted ${JSON.stringify(input)} that the oracle refuses`);
  if (!eq(got, oracle)) throw new FuzzViolation(`${what}(${JSON.stringify(input)}) differs from the oracle`);
  return got;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function formOracle(body: string): Array<[string, string]> | undefined {
  if (!wellFormed(body)) return undefined;
  const dec = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
  return attempt(() =>
    body
      .split('&')
      .filter((p) => p !== '')
      .map((p): [string, string] => {
        const eq = p.indexOf('=');
        return eq < 0 ? [dec(p), ''] : [dec(p.slice(0, eq)), dec(p.slice(eq + 1))];
      }),
  );
}

function base64Oracle(s: string): Uint8Array | undefined {
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return undefined;
  const b = Buffer.from(s, 'base64');
  return b.toString('base64') === s ? new Uint8Array(b) : undefined;
}

function hexOracle(s: string): Uint8Array | undefined {
  return /^(?:[0-9a-fA-F]{2})*$/.test(s) ? new Uint8Array(Buffer.from(s, 'hex')) : undefined;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n%';

export const encodingTargets = [
  target('percentEncode', 6, hostile(), (s) =>
    agree('percentEncode', s, () => percentEncode(s), wellFormed(s) ? rfc3986(s) : undefined, same),
  ),
  target('percentDecode', 8, hostile(), (s) =>
    agree(
      'percentDecode',
      s,
      () => percentDecode(s),
      wellFormed(s) ? attempt(() => decodeURIComponent(s)) : undefined,
      same,
    ),
  ),
  target('parseForm', 8, hostile(60), (s) => agree('parseForm', s, () => parseForm(s), formOracle(s), same)),
  target('parseForm/maxPairs', 2, fc.tuple(over('a=&%+b', 30), fc.nat({ max: 6 })), ([s, max]) => {
    const got = parseForm(s, max);
    if (got.length > max) throw new FuzzViolation(`parseForm returned ${got.length} pairs with maxPairs ${max}`);
  }),
  target(
    'fromBase64',
    6,
    fc.oneof(
      over(B64, 24),
      hostile(12),
      fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b).toString('base64')),
    ),
    (s) => agree('fromBase64', s, () => fromBase64(s), base64Oracle(s), sameBytes),
  ),
  target('toBase64', 3, fc.uint8Array({ maxLength: 64 }), (b) =>
    agree('toBase64', b, () => toBase64(b), Buffer.from(b).toString('base64'), same),
  ),
  target('fromHex', 5, fc.oneof(over('0123456789abcdefABCDEFgG \u0660', 24), hostile(12)), (s) =>
    agree('fromHex', s, () => fromHex(s), hexOracle(s), sameBytes),
  ),
  target('toHex', 2, fc.uint8Array({ maxLength: 64 }), (b) =>
    agree('toHex', b, () => toHex(b), Buffer.from(b).toString('hex'), same),
  ),
  target(
    'toMinorUnits',
    8,
    fc.tuple(
      fc.oneof(over('0123456789.', 24), over('0123456789.-+e ,x', 12), hostile(10)),
      fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom(-1, 18, 19, 1.5, Number.NaN)),
    ),
    ([a, e]) =>
      agree(
        'toMinorUnits',
        [a, e],
        () => toMinorUnits(a, e),
        Number.isInteger(e) && e >= 0 && e <= 18 ? minorOracle(a, e) : undefined,
        (x, y) => x === y,
      ),
  ),
];
