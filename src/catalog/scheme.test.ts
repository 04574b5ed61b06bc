// resolveAuth and controlFieldsOf on hand-made operations; expected values written out from the
// formula table (control/formulas.ts) and the documented messages.
import { describe, expect, it } from 'vitest';
import { InvalidInputError, UnsupportedError } from '../errors/index.js';
import type { Scheme } from './row.js';
import { resolveAuth } from './scheme.js';
import { controlFieldsOf } from '../schemes/control/terms.js';

const op = (auth: Parameters<typeof resolveAuth>[0]['auth']) => ({ id: 'test-op', auth });

describe('resolveAuth', () => {
  it('resolves an explicit scheme, then the catalog one', () => {
    const none = op({ kind: 'unknown' } as never);
    expect(resolveAuth(none, 'HMAC-SHA1')).toStrictEqual({ kind: 'oauth', method: 'HMAC-SHA1', scheme: 'HMAC-SHA1' });
    expect(resolveAuth(none, 'RSA-SHA256')).toStrictEqual({
      kind: 'oauth',
      method: 'RSA-SHA256',
      scheme: 'RSA-SHA256',
    });
    expect(resolveAuth(none, 'C-D')).toStrictEqual({ kind: 'control', formula: 'C-D', scheme: 'C-D' });
    const oauth = op({ kind: 'oauth', method: 'RSA-SHA256', source: 'spec' } as never);
    expect(resolveAuth(oauth, undefined)).toStrictEqual({ kind: 'oauth', method: 'RSA-SHA256', scheme: 'RSA-SHA256' });
  });

  it.each<unknown>(['C-Z', 'hmac-sha1', ['C-B'], { toString: () => 'C-B' }, 7])('refuses the scheme %j', (scheme) => {
    const run = () => resolveAuth(op({ kind: 'unknown' } as never), scheme as Scheme);
    expect(run).toThrow(InvalidInputError);
    expect(run).toThrow(
      expect.objectContaining({
        field: 'scheme',
        message: `scheme ${JSON.stringify(String(scheme))} is neither a control formula (C-A, C-B, C-C, C-D, C-E, C-S, CARD-INFO, TRANSFER-BY-REF) nor HMAC-SHA1 or RSA-SHA256`,
      }),
    );
  });

  it('asks for a scheme when the operation publishes none', () => {
    const run = () => resolveAuth(op({ kind: 'unknown' } as never), undefined);
    expect(run).toThrow(UnsupportedError);
    expect(run).toThrow(
      expect.objectContaining({
        field: 'scheme',
        message:
          'operation "test-op" has no published integrity scheme: pass an explicit scheme (a control formula or HMAC-SHA1 / RSA-SHA256)',
      }),
    );
  });
});

describe('controlFieldsOf', () => {
  // ControlFields is typed under exactOptionalPropertyTypes: a term left out is no key at all.
  it('copies the terms given and leaves out the others', () => {
    const values = new Map([
      ['client_orderid', 'c1'],
      ['orderid', 'o1'],
      ['email', 'a@example.com'],
    ]);
    expect(controlFieldsOf({ orderIdField: 'client_orderid' }, 'C-A', values, 'merchant', {})).toStrictEqual({
      login: 'merchant',
      client_orderid: 'c1',
      orderid: 'o1',
    });
    expect(controlFieldsOf({ orderIdField: 'client_orderid' }, 'C-A', new Map(), undefined, {})).toStrictEqual({});
    expect(controlFieldsOf({ orderIdField: 'client_orderid' }, 'C-B', values, 'merchant', {})).toStrictEqual({
      client_orderid: 'c1',
      email: 'a@example.com',
    });
    expect(
      controlFieldsOf({ orderIdField: 'client-order-id' }, 'C-B', new Map([['client-order-id', 'c2']]), undefined, {
        endpointId: '12',
      }),
    ).toStrictEqual({ endpointId: '12', client_orderid: 'c2' });
    expect(
      controlFieldsOf({ orderIdField: 'client_orderid' }, 'C-C', new Map(), undefined, { endpointGroupId: '7' }),
    ).toStrictEqual({ endpointGroupId: '7' });
  });
});
