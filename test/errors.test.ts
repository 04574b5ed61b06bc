// The error classes, their codes and statuses, and docs/errors.md, the one table that documents
// them. The type-level checks run under `npm run typecheck` (tsc reads test/): a narrowing that
// stops working is a compile error there, whatever vitest says.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { httpStatusOf, isPaysigError, type AnyPaysigError } from '../src/errors/index.js';
import * as errors from '../src/errors/index.js';
import {
  HttpMethodNotAllowedError,
  PaysigError,
  UnknownMerchantError,
  WeakKeyError,
  type PaysigErrorCode,
} from '../src/errors/index.js';
import * as root from '../src/index.js';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

/** Every exported error class of src/errors/index.ts, found at run time (not from a list kept here). */
const CLASSES = Object.entries(errors as Record<string, unknown>).filter(
  (e): e is [string, new (...args: never[]) => PaysigError] =>
    typeof e[1] === 'function' && e[1].prototype instanceof PaysigError,
);
/** An instance of each class; every constructor takes one leading argument. */
const INSTANCES = CLASSES.map(([name, C]) => [name, new (C as unknown as new (a: unknown) => PaysigError)(7)] as const);

function assertNever(x: never): never {
  throw new Error(`unhandled ${String(x)}`);
}

/** Exhaustive over AnyPaysigError: tsc fails here if a code is added without a case. */
function describeError(e: AnyPaysigError): string {
  switch (e.code) {
    case 'ERR_METHOD_NOT_ALLOWED':
      expectTypeOf(e).toEqualTypeOf<HttpMethodNotAllowedError>();
      return `allow ${e.allow}`;
    case 'ERR_BODY_TOO_LARGE':
      return `limit ${e.limit}`;
    case 'ERR_KEY_TOO_SMALL':
      expectTypeOf(e).toEqualTypeOf<WeakKeyError>();
      return `bits ${e.bits}`;
    case 'ERR_KEY_TOO_LARGE':
      return `bits ${e.bits} > ${e.maxBits}`;
    case 'ERR_UNKNOWN_MERCHANT':
      expectTypeOf(e).toEqualTypeOf<UnknownMerchantError>();
      return 'merchant';
    case 'ERR_INVALID_INPUT':
    case 'ERR_MISSING_FIELD':
    case 'ERR_INVALID_AMOUNT':
    case 'ERR_ENCODING':
    case 'ERR_UNSUPPORTED':
    case 'ERR_CONTROL_MISMATCH':
    case 'ERR_SIGNATURE_INVALID':
    case 'ERR_OAUTH_HEADER_MALFORMED':
    case 'ERR_OAUTH_PARAMETER':
    case 'ERR_OAUTH_UNKNOWN_CONSUMER':
    case 'ERR_OAUTH_METHOD_NOT_ALLOWED':
    case 'ERR_OAUTH_TIMESTAMP':
    case 'ERR_OAUTH_NONCE_REPLAYED':
    case 'ERR_NONCE_STORE':
    case 'ERR_KEY_INVALID':
    case 'ERR_KEY_EXPONENT':
    case 'ERR_UNKNOWN_OPERATION':
    case 'ERR_MEDIA_TYPE':
    case 'ERR_BODY_CONSUMED':
    case 'ERR_BODY_TIMEOUT':
    case 'ERR_NOT_ACCEPTABLE':
    case 'ERR_CONFIGURATION':
    case 'ERR_STORE_CONTRACT':
      return e.code;
    default:
      return assertNever(e);
  }
}

describe('error codes narrow in TypeScript', () => {
  it('the union of the classes and the code union are the same set', () => {
    expectTypeOf<AnyPaysigError['code']>().toEqualTypeOf<PaysigErrorCode>();
    expectTypeOf<PaysigError['code']>().toEqualTypeOf<PaysigErrorCode>();
  });

  it('instanceof narrows code to the class literal', () => {
    const e: unknown = new HttpMethodNotAllowedError('POST');
    if (e instanceof HttpMethodNotAllowedError) {
      expectTypeOf(e.code).toEqualTypeOf<'ERR_METHOD_NOT_ALLOWED'>();
      expectTypeOf(e.allow).toEqualTypeOf<string>();
    }
    if (e instanceof WeakKeyError) expectTypeOf(e.code).toEqualTypeOf<'ERR_KEY_TOO_SMALL'>();
    if (e instanceof PaysigError) {
      // the base class narrows the code, not the object
      switch (e.code) {
        case 'ERR_UNKNOWN_MERCHANT':
          expectTypeOf(e.code).toEqualTypeOf<'ERR_UNKNOWN_MERCHANT'>();
          break;
      }
      // @ts-expect-error a code that does not exist cannot be compared with
      if (e.code === 'ERR_NO_SUCH_CODE') throw e;
      // @ts-expect-error `allow` exists only once narrowed to HttpMethodNotAllowedError
      void e.allow;
    }
    expect(e).toBeInstanceOf(HttpMethodNotAllowedError);
  });

  it('isPaysigError narrows to the discriminated union; switch(code) narrows the object', () => {
    const values: unknown[] = [new HttpMethodNotAllowedError('POST'), new WeakKeyError(1024), new Error('other')];
    const seen = values.map((v) => (isPaysigError(v) ? describeError(v) : 'foreign'));
    expect(seen).toEqual(['allow POST', 'bits 1024', 'foreign']);
    // every class goes through the exhaustive switch
    for (const [, e] of INSTANCES) expect(describeError(e as AnyPaysigError)).toEqual(expect.any(String));
  });
});

describe('error classes', () => {
  it('are found (one per code)', () => {
    expect(CLASSES.length).toBeGreaterThanOrEqual(21);
  });

  it.each(INSTANCES)('%s has a literal ERR_ code, its class name, and a status', (name, e) => {
    expect(e).toBeInstanceOf(PaysigError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe(name);
    expect(e.code).toMatch(/^ERR_[A-Z0-9_]+$/);
    expect(isPaysigError(e)).toBe(true);
    expect([400, 403, 404, 405, 406, 408, 413, 500, 503]).toContain(httpStatusOf(e));
  });

  it('no two classes share a code', () => {
    const codes = INSTANCES.map(([, e]) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('every class, the guard and httpStatusOf are exported from the package root', () => {
    for (const [name, C] of CLASSES) expect((root as Record<string, unknown>)[name]).toBe(C);
    expect(root.isPaysigError).toBe(isPaysigError);
    expect(root.httpStatusOf).toBe(httpStatusOf);
  });

  it('HttpMethodNotAllowedError carries the Allow value; BodyTooLargeError the limit', () => {
    expect(new HttpMethodNotAllowedError('POST')).toMatchObject({
      allow: 'POST',
      field: 'method',
      code: 'ERR_METHOD_NOT_ALLOWED',
    });
    expect(new errors.BodyTooLargeError(1024)).toMatchObject({
      limit: 1024,
      field: 'body',
      code: 'ERR_BODY_TOO_LARGE',
    });
    expect(httpStatusOf(new HttpMethodNotAllowedError('POST'))).toBe(405);
    expect(httpStatusOf(new errors.BodyTooLargeError(1))).toBe(413);
    expect(new errors.BodyTimeoutError(30_000)).toMatchObject({
      timeoutMs: 30_000,
      field: 'body',
      code: 'ERR_BODY_TIMEOUT',
      message: 'the request body did not arrive within 30000 ms (bodyTimeoutMs): the client stalled',
    });
    expect(httpStatusOf(new errors.BodyTimeoutError(1))).toBe(408);
    expect(httpStatusOf(new UnknownMerchantError())).toBe(403);
    expect(httpStatusOf(new Error('not ours'))).toBe(500);
    expect(httpStatusOf('a string')).toBe(500);
  });

  it('httpStatusOf answers 500, without throwing, for a PaysigError whose code has no row', () => {
    // A subclass of the application's own, or an error whose code was overwritten: the server
    // still gets a status for its response rather than a TypeError from the error handler.
    class AppError extends errors.PaysigError {}
    const own = new AppError('ERR_APP_SPECIFIC' as errors.PaysigErrorCode, 'the application refused');
    expect(own).toBeInstanceOf(errors.PaysigError);
    expect(httpStatusOf(own)).toBe(500);
    const overwritten = Object.assign(new UnknownMerchantError(), { code: 'ERR_NO_SUCH_CODE' });
    expect(httpStatusOf(overwritten)).toBe(500);
  });
});

describe('ERROR_CODES is the one table in code', () => {
  it('has one row per exported class, and each row names the class whose instances carry its code', () => {
    const table = Object.entries(errors.ERROR_CODES);
    expect(table.map(([, row]) => row.errorClass).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      CLASSES.map(([, C]) => C).sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const [code, row] of table) {
      const instance = INSTANCES.find(([name]) => name === row.errorClass.name)?.[1];
      expect(instance?.code, row.errorClass.name).toBe(code);
      expect(httpStatusOf(instance), code).toBe(row.status);
    }
  });
});

describe('docs/errors.md is the one table of codes, and matches the code', () => {
  const doc = read('docs/errors.md');
  const rows = doc
    .split('\n')
    .filter((l) => l.startsWith('| `ERR_'))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const byCode = new Map(INSTANCES.map(([name, e]) => [e.code, { name, status: httpStatusOf(e) }]));

  it('has one row per code, no more, no fewer', () => {
    const documented = rows.map((r) => r[0]!.replace(/`/g, ''));
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...byCode.keys()].sort());
  });

  it.each(rows.map((r) => [r[0]!.replace(/`/g, ''), r] as const))(
    '%s: class, status, and both explanations',
    (code, row) => {
      expect(row).toHaveLength(5);
      const actual = byCode.get(code as PaysigErrorCode);
      expect(actual).toBeDefined();
      expect(row[1]).toBe('`' + actual!.name + '`');
      expect(Number(row[2])).toBe(actual!.status);
      expect(row[3]!.length).toBeGreaterThan(20);
      expect(row[4]!.length).toBeGreaterThan(20);
    },
  );

  it('README and docs/verifying.md link to it', () => {
    expect(read('README.md')).toContain('](docs/errors.md)');
    expect(read('docs/verifying.md')).toContain('](errors.md)');
  });

  it('no other page keeps a table of codes (it would drift)', () => {
    const pages = [
      'README.md',
      ...readdirSync(new URL('../docs/', import.meta.url))
        .filter((f) => f.endsWith('.md') && f !== 'errors.md')
        .map((f) => `docs/${f}`),
    ];
    for (const path of pages) {
      const tableRows = read(path)
        .split('\n')
        .filter((l) => /^\|[^|]*`ERR_[A-Z_]+`/.test(l));
      expect(tableRows, path).toEqual([]);
    }
  });
});
