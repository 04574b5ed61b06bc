// findOperation's refusal (what it shows of the unknown name) and the edges of matchOperationPath:
// a base path without its leading slash, a path of the base's length under another prefix, and
// segments that only look like /group/{id}.
import { describe, expect, it } from 'vitest';
import { findOperation, matchOperationPath, undoubledApiPath, unknownPathMessage } from './lookup.js';
import { thrown } from '../../test/helpers/refusal.js';

describe('findOperation refusals', () => {
  it('quotes the unknown name and points at OPERATIONS', () => {
    const e = thrown(() => findOperation('refund'));
    expect(e).toMatchObject({ code: 'ERR_UNKNOWN_OPERATION', field: 'operation' });
    expect(e.message).toBe('unknown operation "refund"; see OPERATIONS for the ids');
  });

  it('shows at most 60 characters of a long name', () => {
    const e = thrown(() => findOperation('x'.repeat(60) + 'TAIL'));
    expect(e.message).toBe(`unknown operation "${'x'.repeat(60)}"; see OPERATIONS for the ids`);
  });

  it.each([
    [42, 'number'],
    [undefined, 'undefined'],
    [null, 'object'],
    [{ id: 'sale' }, 'object'],
  ])('a non-string (%j) is refused by its type', (value, type) => {
    const e = thrown(() => findOperation(value as unknown as string));
    expect(e).toMatchObject({ code: 'ERR_UNKNOWN_OPERATION', field: 'operation' });
    expect(e.message).toBe(`unknown operation ${type}; see OPERATIONS for the ids`);
  });
});

describe('matchOperationPath edges', () => {
  it('reads a base path given without its leading slash', () => {
    for (const base of ['paynet', 'paynet/', 'pay/net']) {
      const path = `/${base.replace(/\/$/, '')}/api/v2/status/1111`;
      expect(matchOperationPath(path, base)).toEqual({
        operation: findOperation('status'),
        endpointId: '1111',
      });
    }
  });

  it('refuses a path that does not start with the base, even when the rest lines up', () => {
    // '/gatewy' is as long as '/paynet': what follows it is a valid operation path.
    expect(matchOperationPath('/gatewy/api/v2/status/1', '/paynet')).toBeUndefined();
    expect(matchOperationPath('/gatewy/api/v2/status/group/1', '/paynet')).toBeUndefined();
    expect(matchOperationPath('/paynetapi/v2/status/1', '/paynet')).toBeUndefined();
  });

  it('a segment of six characters before the id is not /group', () => {
    expect(matchOperationPath('/api/v2/status/abcde/1')).toBeUndefined();
    expect(matchOperationPath('/api/v2/status/group/1')).toEqual({
      operation: findOperation('status'),
      endpointGroupId: '1',
    });
  });

  it('a group path of an unknown operation matches nothing', () => {
    expect(matchOperationPath('/api/v2/refund/group/1')).toBeUndefined();
  });
});

describe('sync-account-verification path', () => {
  it('is sync/account-verification; the old sync-account-verification path is unknown', () => {
    expect(matchOperationPath('/api/v2/sync/account-verification/7')).toEqual({
      operation: findOperation('sync-account-verification'),
      endpointId: '7',
    });
    expect(matchOperationPath('/api/v2/sync-account-verification/7')).toBeUndefined();
  });
});

describe('a path with its API prefix written twice', () => {
  it('names the prefix that is doubled, not the first /api/vN of the path', () => {
    // basePath /api/v1 (a prefix that looks like an API version) and /api/v2 written twice after it.
    expect(undoubledApiPath('/api/v1/api/v2/api/v2/sale/1111', '/api/v1')).toEqual({
      path: '/api/v1/api/v2/sale/1111',
      doubled: '/api/v2',
    });
    expect(unknownPathMessage('/api/v1/api/v2/api/v2/sale/1111', '/api/v1')).toBe(
      `no operation at path "/api/v1/api/v2/api/v2/sale/1111": it has /api/v2 twice (a client base URL that already ends in it?); the operation's path is "/api/v1/api/v2/sale/1111"`,
    );
  });

  it('gives nothing when the path with the prefix once names no operation either', () => {
    expect(undoubledApiPath('/api/v2/api/v2/refund/1111')).toBeUndefined();
    expect(undoubledApiPath('/api/v2/sale/1111')).toBeUndefined();
  });
});
