// findOperation's refusal (what it shows of the unknown name) and the edges of matchOperationPath:
// a base path without its leading slash, a path of the base's length under another prefix, and
// segments that only look like /group/{id}; and the refusal of a path that matches no operation,
// with the basePath it would match under or the doubled /api/vN prefix it carries.
import { describe, expect, it } from 'vitest';
import {
  basePathThatMatches,
  findOperation,
  matchOperationPath,
  undoubledApiPath,
  unknownPathMessage,
} from './lookup.js';
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

describe('basePathThatMatches', () => {
  it('names the prefix in front of /api/ when the path matches under it', () => {
    expect(basePathThatMatches('/gw/api/v2/sale/1', '/paynet')).toBe('/gw');
    // the path has no prefix at all: the base path to use is ''
    expect(basePathThatMatches('/api/v2/sale/1', '/paynet')).toBe('');
  });

  it('names nothing when the path matches under no prefix', () => {
    expect(basePathThatMatches('/gw/api/v2/refund/1')).toBeUndefined();
    expect(basePathThatMatches('/gw/v2/sale/1')).toBeUndefined();
  });

  it('never suggests the base path already in use, written with or without trailing slashes', () => {
    // a path that already matches under basePath needs no other one
    expect(basePathThatMatches('/api/v2/sale/1')).toBeUndefined();
    for (const base of ['/paynet', '/paynet/', '/paynet//']) {
      expect(basePathThatMatches('/paynet/api/v2/sale/1', base)).toBeUndefined();
    }
  });
});

describe('undoubledApiPath', () => {
  it('writes a doubled /api/vN prefix once when that names an operation', () => {
    expect(undoubledApiPath('/api/v2/api/v2/sale/1')).toEqual({ path: '/api/v2/sale/1', doubled: '/api/v2' });
    expect(undoubledApiPath('/paynet/api/v4/api/v4/create-card-ref/1', '/paynet')).toEqual({
      path: '/paynet/api/v4/create-card-ref/1',
      doubled: '/api/v4',
    });
  });

  it('is undefined when the path written once is no operation (under basePath)', () => {
    expect(undoubledApiPath('/api/v2/api/v2/refund/1')).toBeUndefined();
    expect(undoubledApiPath('/paynet/api/v2/api/v2/sale/1', '/gw')).toBeUndefined();
  });

  it('reads a version of two digits whole', () => {
    // a proxy mounted at /proxy/api/v10, and a client that appended /api/v10 once more
    expect(undoubledApiPath('/proxy/api/v10/api/v10/api/v2/sale/1', '/proxy/api/v10')).toEqual({
      path: '/proxy/api/v10/api/v2/sale/1',
      doubled: '/api/v10',
    });
  });

  it('names the prefix that is doubled, not the first /api/vN of the path', () => {
    // basePath /api/v1 (a prefix that looks like an API version), then /api/v2 written twice.
    expect(undoubledApiPath('/api/v1/api/v2/api/v2/sale/1111', '/api/v1')).toEqual({
      path: '/api/v1/api/v2/sale/1111',
      doubled: '/api/v2',
    });
    expect(unknownPathMessage('/api/v1/api/v2/api/v2/sale/1111', '/api/v1')).toBe(
      `no operation at path "/api/v1/api/v2/api/v2/sale/1111": it has /api/v2 twice (a client base URL that already ends in it?); the operation's path is "/api/v1/api/v2/sale/1111"`,
    );
  });
});

describe('unknownPathMessage', () => {
  it('names the doubled prefix and the path written once', () => {
    expect(unknownPathMessage('/api/v2/api/v2/sale/1')).toBe(
      'no operation at path "/api/v2/api/v2/sale/1": it has /api/v2 twice (a client base URL that already ends in it?); the operation\'s path is "/api/v2/sale/1"',
    );
    expect(unknownPathMessage('/api/v4/api/v4/create-card-ref/1')).toBe(
      'no operation at path "/api/v4/api/v4/create-card-ref/1": it has /api/v4 twice (a client base URL that already ends in it?); the operation\'s path is "/api/v4/create-card-ref/1"',
    );
    expect(unknownPathMessage('/proxy/api/v10/api/v10/api/v2/sale/1', '/proxy/api/v10')).toBe(
      'no operation at path "/proxy/api/v10/api/v10/api/v2/sale/1": it has /api/v10 twice (a client base URL that already ends in it?); the operation\'s path is "/proxy/api/v10/api/v2/sale/1"',
    );
  });

  it('shows at most 200 characters of the path and of the path written once', () => {
    const id = '1'.repeat(300);
    const path = `/api/v2/api/v2/sale/${id}`;
    const once = `/api/v2/sale/${id}`;
    expect(unknownPathMessage(path)).toBe(
      `no operation at path ${JSON.stringify(path.slice(0, 200))}: it has /api/v2 twice (a client base URL that already ends in it?); the operation's path is ${JSON.stringify(once.slice(0, 200))}`,
    );
  });

  it('tells to drop basePath when the path has no prefix', () => {
    expect(unknownPathMessage('/api/v2/sale/1', '/paynet')).toBe(
      'no operation at path "/api/v2/sale/1" under basePath "/paynet": the path is an operation\'s without a prefix, so drop basePath (or mount the route under it)',
    );
  });

  it('names the basePath to pass when the path matches under another prefix', () => {
    expect(unknownPathMessage('/gw/api/v2/sale/1', '/paynet')).toBe(
      'no operation at path "/gw/api/v2/sale/1" under basePath "/paynet": pass basePath: \'/gw\' (the prefix in front of /api/)',
    );
  });

  it('says only that nothing is there when no prefix helps', () => {
    expect(unknownPathMessage('/gw/api/v2/refund/1')).toBe('no operation at path "/gw/api/v2/refund/1"');
  });
});
