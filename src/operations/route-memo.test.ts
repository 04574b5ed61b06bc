// verifyRequest keeps the last path's operation and checked endpoint for the next request on the
// same path. Requests that alternate paths, endpoints, groups and base paths must each be read
// from their own path: the endpoint the credentials see and the digest is checked against, the
// refusal of a bad endpoint every time, the base path. Digests computed with node:crypto.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CredentialsQuery, verifyRequest } from './verify.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const SALE = { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' };

/** A C-B sale to `path`, its digest over `signedId` (the endpoint or group id the signer meant). */
function sale(path: string, signedId: string): Request {
  const control = createHash('sha1').update(`${signedId}${SALE.client_orderid}1042${SALE.email}${KEY}`).digest('hex');
  return new Request(`https://gate.example.com${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...SALE, control }).toString(),
  });
}

async function outcome(path: string, signedId: string, basePath: string | undefined) {
  const asked: CredentialsQuery[] = [];
  const options = {
    credentials: (who: CredentialsQuery) => {
      asked.push(who);
      return { controlKey: KEY };
    },
    ...(basePath === undefined ? {} : { basePath }),
  };
  try {
    const r = await verifyRequest(sale(path, signedId), options);
    return { operation: r.operationId, endpointId: r.endpointId, group: r.endpointGroupId, asked: asked.length };
  } catch (e) {
    return { code: (e as { code: string }).code, field: (e as { field?: string }).field };
  }
}

const CASES = [
  { path: '/paynet/api/v2/sale/1111', signed: '1111', base: '/paynet', want: { endpointId: '1111' } },
  { path: '/paynet/api/v2/sale/2222', signed: '2222', base: '/paynet', want: { endpointId: '2222' } },
  { path: '/paynet/api/v2/sale/2222', signed: '1111', base: '/paynet', want: { code: 'ERR_CONTROL_MISMATCH' } },
  { path: '/paynet/api/v2/sale/group/3333', signed: '3333', base: '/paynet', want: { group: '3333' } },
  { path: '/paynet/api/v2/sale/01111', signed: '1111', base: '/paynet', want: { code: 'ERR_INVALID_INPUT' } },
  { path: '/paynet/api/v2/sale/1111', signed: '1111', base: undefined, want: { code: 'ERR_UNKNOWN_OPERATION' } },
  { path: '/paynet/api/v2/sale/1111', signed: '1111', base: '/paynet/', want: { endpointId: '1111' } },
  { path: '/api/v2/sale/1111', signed: '1111', base: undefined, want: { endpointId: '1111' } },
  { path: '/api/v2/sale/1111', signed: '1111', base: '/paynet', want: { code: 'ERR_UNKNOWN_OPERATION' } },
  {
    path: '/paynet/api/v2/sale-form/1111',
    signed: '1111',
    base: '/paynet',
    want: { operation: 'sale-form', endpointId: '1111' },
  },
] as const;

describe('verifyRequest: the last path kept for the next request', () => {
  it('reads every request from its own path, in any order and repeated', async () => {
    // every case after every other, twice in a row: the kept path is hit and missed both ways
    for (const before of CASES) {
      for (const c of CASES) {
        for (const _ of [1, 2]) {
          await outcome(before.path, before.signed, before.base);
          const got = await outcome(c.path, c.signed, c.base);
          expect(got, `${c.path} (base ${c.base}) after ${before.path} (base ${before.base})`).toMatchObject(c.want);
          if (!('code' in c.want)) {
            expect(got).toMatchObject({ operation: 'operation' in c.want ? c.want.operation : 'sale', asked: 1 });
            if ('endpointId' in c.want) expect(got).toMatchObject({ group: undefined });
            else expect(got).toMatchObject({ endpointId: undefined });
          }
        }
      }
    }
  });
});
