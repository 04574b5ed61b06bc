// What each refusal of the control module says, and the boundaries behind it (found by mutation
// testing, docs/contributing/mutation.md): the error code, the field it names, and a message an operator can
// act on. Digests are recomputed with node:crypto.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { minorUnitsString, toMinorUnits } from './amount.js';
import { control, controlInput, verifyControl, type ControlFields } from './digest.js';
import { endpointIdString } from './endpoint.js';
import { FORMULAS, type Formula } from './formulas.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

/** The error `fn` throws or rejects with. */
async function caught(fn: () => unknown): Promise<{ code: string; field: string | undefined; message: string }> {
  try {
    await fn();
  } catch (e) {
    return e as { code: string; field: string | undefined; message: string };
  }
  throw new Error('expected an error, none was thrown');
}

describe('amounts', () => {
  it('accepts exponents 0 to 18 and names the field otherwise', async () => {
    expect(minorUnitsString('1', 18)).toBe('1000000000000000000');
    expect(minorUnitsString('1', 0)).toBe('1');
    for (const e of [19, -1, 1.5]) {
      expect(await caught(() => toMinorUnits('1', e))).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'exponent',
        message: `currency exponent must be an integer from 0 to 18, got ${e}`,
      });
    }
  });
  it('accepts extra fraction digits only when all of them are zeros', async () => {
    expect(toMinorUnits('10.4200')).toBe(1042n);
    expect(toMinorUnits('10.420')).toBe(1042n);
    for (const a of ['10.4210', '10.4201', '10.421', '10.42001']) {
      expect(await caught(() => toMinorUnits(a))).toMatchObject({
        code: 'ERR_INVALID_AMOUNT',
        message: `amount "${a}" has more fraction digits than the currency's 2`,
      });
    }
  });
  it('drops leading zeros', () => {
    expect(minorUnitsString('007.00')).toBe('700');
    expect(minorUnitsString('0.05')).toBe('5');
    expect(minorUnitsString('000')).toBe('0');
  });
  it('refuses more than 19 digits of minor units', async () => {
    expect(toMinorUnits('9223372036854775807', 0)).toBe(9223372036854775807n);
    for (const a of ['9223372036854775808', '10000000000000000000', '99999999999999999999']) {
      expect(await caught(() => toMinorUnits(a, 0))).toMatchObject({
        code: 'ERR_INVALID_AMOUNT',
        message: `amount "${a}" in minor units exceeds int64`,
      });
    }
  });
  it('quotes a bad amount, cut at 40 characters', async () => {
    const forty = '-'.repeat(40);
    expect((await caught(() => toMinorUnits(forty))).message).toBe(
      `amount "${forty}" is not a plain non-negative decimal (digits, optionally "." and digits)`,
    );
    expect((await caught(() => toMinorUnits(forty + 'x'))).message).toBe(
      `amount "${forty}..." is not a plain non-negative decimal (digits, optionally "." and digits)`,
    );
    expect((await caught(() => toMinorUnits(12 as unknown as string))).message).toBe(
      'amount is a number: pass a decimal string such as "10.42" (floating point cannot hold most amounts exactly)',
    );
    expect((await caught(() => toMinorUnits(true as unknown as string))).message).toBe(
      'amount must be a decimal string such as "10.42", got boolean',
    );
  });
});

describe('controlInput and control', () => {
  it('refuses an unknown formula, including names inherited from Object', async () => {
    for (const f of ['C-Z', 'toString', '__proto__', 42]) {
      expect(await caught(() => controlInput(f as Formula, {}))).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'formula',
        message: `unknown control formula ${JSON.stringify(String(f))}`,
      });
    }
  });
  it('refuses fields that are not an object', async () => {
    for (const f of [null, 'x', 7]) {
      expect(await caught(() => controlInput('C-A', f as unknown as ControlFields))).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'fields',
        message: 'control fields must be an object',
      });
    }
  });
  it('names a field of the wrong type', async () => {
    expect(await caught(() => controlInput('C-S', { login: 5 as unknown as string }))).toMatchObject({
      field: 'login',
      message: '"login" must be a string, got number',
    });
    expect(await caught(() => controlInput('C-S', { login: null as unknown as string }))).toMatchObject({
      field: 'login',
      message: '"login" must be a string, got null',
    });
  });
  it('refuses both endpoint ids, and names the one that is malformed', async () => {
    expect(
      await caught(() =>
        controlInput('C-B', { endpointId: 1, endpointGroupId: 2, client_orderid: 'o', amount: '1', email: 'e' }),
      ),
    ).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'endpointGroupId',
      message: 'give either "endpointId" or "endpointGroupId", not both',
    });
    expect(
      (await caught(() => controlInput('C-B', { endpointGroupId: 'x', client_orderid: 'o', amount: '1', email: 'e' })))
        .field,
    ).toBe('endpointGroupId');
    expect(
      (await caught(() => controlInput('C-B', { endpointId: 'x', client_orderid: 'o', amount: '1', email: 'e' })))
        .field,
    ).toBe('endpointId');
  });
  it('says which of amount and currency is missing, and which term a formula needs', async () => {
    expect(
      await caught(() => controlInput('C-D', { login: 'l', client_orderid: 'c', orderid: 'o', amount: '1' })),
    ).toMatchObject({
      field: 'currency',
      message: '"amount" and "currency" go together: "currency" is missing or empty',
    });
    expect(await caught(() => controlInput('C-B', { endpointId: 1, client_orderid: 'c', amount: '1' }))).toMatchObject({
      code: 'ERR_MISSING_FIELD',
      field: 'email',
      message: 'control formula C-B needs the field "email"',
    });
  });
  it('refuses a formula, control key or digest given as an array (as a query parser gives repeated values)', async () => {
    // String(['C-S']) is 'C-S', so only a type check tells these from the strings they print as.
    const fields = { login: 'l', client_orderid: 'c' };
    const digest = createHash('sha1').update('lck').digest('hex');
    await expect(control('C-S', fields, 'k')).resolves.toBe(digest);
    expect(await caught(() => control(['C-S'] as unknown as Formula, fields, 'k'))).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'formula',
    });
    expect(await caught(() => control('C-S', fields, ['k'] as unknown as string))).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'controlKey',
    });
    expect(await caught(() => verifyControl('C-S', fields, 'k', [digest] as unknown as string))).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'control',
    });
  });
  it('says "a non-empty" field when a needed term was given as an empty string', async () => {
    expect(
      await caught(() => controlInput('C-B', { endpointId: 1, client_orderid: 'c', amount: '1', email: '' })),
    ).toMatchObject({
      code: 'ERR_MISSING_FIELD',
      field: 'email',
      message: 'control formula C-B needs a non-empty "email"',
    });
  });
  it('refuses an empty or malformed control key, naming it', async () => {
    const fields = { login: 'l', client_orderid: 'c' };
    expect(await caught(() => control('C-S', fields, ''))).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'controlKey',
      message: 'the control key must be a non-empty string',
    });
    expect(await caught(() => control('C-S', fields, 'k\uD800'))).toMatchObject({
      code: 'ERR_ENCODING',
      field: 'controlKey',
    });
    expect(await control('C-S', fields, KEY)).toBe(sha1('lc' + KEY));
  });
});

describe('verifyControl', () => {
  const fields = { login: 'l', client_orderid: 'c', orderid: 'o' };
  it('refuses a received digest that is not 40 hex digits before computing anything', async () => {
    for (const r of ['z'.repeat(40), sha1('x').slice(1), sha1('x') + '0']) {
      expect(await caught(() => verifyControl('C-S', fields, KEY, r))).toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'control',
        message: '"control" must be 40 hexadecimal digits',
      });
    }
  });
  it('names the formula on a mismatch and accepts either case', async () => {
    expect(await caught(() => verifyControl('C-S', fields, KEY, sha1('x')))).toMatchObject({
      code: 'ERR_CONTROL_MISMATCH',
      message: 'control digest does not match formula C-S',
    });
    await expect(verifyControl('C-S', fields, KEY, sha1('lco' + KEY).toUpperCase())).resolves.toBeUndefined();
  });
});

describe('endpointIdString', () => {
  it('accepts zero in every form', () => {
    expect(endpointIdString(0)).toBe('0');
    expect(endpointIdString('0')).toBe('0');
    expect(endpointIdString(0n)).toBe('0');
  });
  it('names the field and the rule', async () => {
    expect(await caught(() => endpointIdString('012', 'endpointGroupId'))).toMatchObject({
      field: 'endpointGroupId',
      message: '"endpointGroupId" must be a decimal integer (digits only, no leading zero), got "012"',
    });
    expect((await caught(() => endpointIdString('9'.repeat(50)))).message).toBe(
      `"endpointId" must be a decimal integer (digits only, no leading zero), got "${'9'.repeat(40)}"`,
    );
    expect((await caught(() => endpointIdString(-1))).message).toBe(
      '"endpointId" must be a non-negative safe integer when given as a number (use a string or bigint beyond 2^53), got -1',
    );
    expect((await caught(() => endpointIdString(null))).message).toBe(
      '"endpointId" must be a string, number or bigint, got null',
    );
    expect((await caught(() => endpointIdString(true))).message).toBe(
      '"endpointId" must be a string, number or bigint, got boolean',
    );
    expect((await caught(() => endpointIdString(2n ** 63n))).message).toBe(
      '"endpointId" is outside int64: 9223372036854775808',
    );
  });
});

describe('FORMULAS', () => {
  it('each row carries its own name and the source the spec table gives', () => {
    for (const [name, row] of Object.entries(FORMULAS)) {
      expect(row.id).toBe(name);
      expect(row.source).toBe(name.startsWith('C-') ? 'spec' : 'public-docs');
    }
  });
  it('C-S has an optional orderid (empty when not sent)', () => {
    expect(FORMULAS['C-S'].terms.map((t) => `${t.field}:${t.presence}`)).toEqual([
      'login:required',
      'client_orderid:required',
      'orderid:empty',
    ]);
  });
});
