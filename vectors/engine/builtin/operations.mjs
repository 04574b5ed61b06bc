// Built-in check: signRequest / verifyRequest for every row of the operation catalog exported by
// the library (by endpoint and by endpoint group), tampering and other credentials refused.
import { describeError, eq, fail, freshStore, keyText, need, ok, rejects, show } from '../assert.mjs';
import { CONTROL_KEY, NOW } from './fixtures.mjs';

export const checks = [];
const builtin = (name, fn) => checks.push([name, fn]);

function findCatalog(lib) {
  for (const name of ['OPERATIONS', 'operations', 'CATALOG', 'catalog']) {
    const v = lib[name];
    if (Array.isArray(v)) return v;
    if (v && typeof v === 'object') return Object.values(v);
  }
  return undefined;
}

builtin('roundtrip/operations', async (lib, ctx) => {
  if (typeof lib.signRequest !== 'function' && typeof lib.verifyRequest !== 'function') {
    ctx.note('operations: signRequest/verifyRequest not exported; skipped');
    return 'skip';
  }
  const signRequest = need(lib, 'signRequest');
  const verifyRequest = need(lib, 'verifyRequest');
  const catalog = findCatalog(lib);
  ok(catalog !== undefined && catalog.length > 0, 'the operation catalog is exported');
  const privateKey = keyText(ctx, 'test-only-rsa-2048-pkcs8.pem', 'key');
  const publicKey = keyText(ctx, 'test-only-rsa-2048-spki.pem', 'key');
  const credentials = { login: 'merchant', controlKey: CONTROL_KEY, privateKey };
  const ids = new Set();
  for (const row of catalog) {
    const id = row.id;
    ok(typeof id === 'string' && !ids.has(id), `catalog ids are unique strings: ${show(id)}`);
    ids.add(id);
    const known = row.auth?.kind === 'control' || row.auth?.kind === 'oauth';
    // Rows whose scheme is unknown need an explicit one: refused without, checked with C-B and RSA-SHA256.
    const schemes = known ? [undefined] : ['C-B', 'RSA-SHA256'];
    if (!known) {
      await rejects(
        lib,
        'ERR_UNSUPPORTED',
        () =>
          signRequest(id, {
            baseUrl: 'https://sandbox.example.com/paynet',
            endpointId: 1,
            params: sampleParams(row, 'C-B'),
            credentials,
          }),
        `${id}: no scheme given`,
      );
    }
    for (const scheme of schemes) {
      const label = scheme === undefined ? id : `${id} (scheme ${scheme})`;
      const kind = scheme === undefined ? row.auth.kind : scheme.startsWith('C-') ? 'control' : 'oauth';
      const formula = scheme === undefined ? row.auth.formula : kind === 'control' ? scheme : undefined;
      for (const where of [{ endpointId: 4321 }, { endpointGroupId: '77' }]) {
        const what = `${label}${where.endpointGroupId ? ' by group' : ''}`;
        const opts = {
          baseUrl: 'https://sandbox.example.com/paynet/',
          ...where,
          params: sampleParams(row, formula),
          credentials,
          timestamp: NOW,
          nonce: `op-${id}-${scheme}-${where.endpointGroupId ?? 'e'}`,
        };
        if (scheme !== undefined) opts.scheme = scheme;
        let signed;
        try {
          signed = await signRequest(id, opts);
        } catch (e) {
          fail(`signRequest(${what}): ${describeError(e)}`);
        }
        const request = typeof signed.toRequest === 'function' ? signed.toRequest() : signed;
        ok(request instanceof Request, `${what}: signRequest gives a Fetch Request`);
        eq(request.method, 'POST', `${what}: method`);
        const path = new URL(request.url).pathname;
        const expectPath =
          '/paynet' +
          (where.endpointGroupId
            ? row.groupPath?.replace('{endpointGroupId}', '77')
            : row.path.replace('{endpointId}', '4321'));
        eq(path, expectPath, `${what}: path`);
        const body = await request.clone().text();
        ok(!/\+/.test(body), `${what}: form body never uses "+": ${show(body)}`);
        if (kind === 'oauth')
          ok((request.headers.get('authorization') ?? '').startsWith('OAuth '), `${what}: Authorization header`);
        else ok(/(^|&)control=[0-9a-f]{40}(&|$)/.test(body), `${what}: control in the body`);
        const vopts = {
          basePath: '/paynet',
          now: NOW,
          nonceStore: freshStore(lib),
          credentials: () => ({ controlKey: CONTROL_KEY, publicKey }),
        };
        if (scheme !== undefined) vopts.schemes = { [id]: scheme };
        let verified;
        try {
          verified = await verifyRequest(request.clone(), vopts);
        } catch (e) {
          fail(`verifyRequest(${what}): ${describeError(e)}`);
        }
        eq(verified.operation?.id, id, `${what}: verifyRequest found the operation`);
        // Tamper with a value that the scheme covers: any body value for OAuth, a formula term for control.
        const field = tamperField(lib, row, kind, formula, body);
        ok(field !== undefined, `${what}: the sample body has a signed field to tamper with`);
        const re = new RegExp(`(^|&)(${field.replace(/[-]/g, '\\-')})=([^&]*)`);
        const tamperedBody = body.replace(re, '$1$2=$3X');
        ok(tamperedBody !== body, `${what}: tampering changed the body`);
        const tampered = new Request(request.url, { method: 'POST', headers: request.headers, body: tamperedBody });
        const e = await rejects(
          lib,
          kind === 'oauth' ? 'ERR_SIGNATURE_INVALID' : 'ERR_CONTROL_MISMATCH',
          () => verifyRequest(tampered, vopts),
          `${what}: tampered ${field}`,
        );
        if (typeof lib.httpStatusOf === 'function') eq(lib.httpStatusOf(e), 403, `${what}: httpStatusOf(tampered)`);
        const wrongKey = {
          ...vopts,
          nonceStore: freshStore(lib),
          credentials: () => ({
            controlKey: CONTROL_KEY + '0',
            publicKey: keyText(ctx, 'test-only-rsa-4096-spki.pem', 'key'),
          }),
        };
        await rejects(
          lib,
          kind === 'oauth' ? 'ERR_SIGNATURE_INVALID' : 'ERR_CONTROL_MISMATCH',
          () => verifyRequest(request.clone(), wrongKey),
          `${what}: verified with other credentials`,
        );
      }
    }
  }
  await rejects(
    lib,
    'ERR_UNKNOWN_OPERATION',
    () => signRequest('no-such-operation', { baseUrl: 'https://x.example', endpointId: 1, params: {}, credentials }),
    'unknown operation',
  );
  const stray = new Request('https://sandbox.example.com/paynet/api/v2/no-such/1', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/vnd.pay+json' },
    body: 'a=1',
  });
  await rejects(
    lib,
    'ERR_UNKNOWN_OPERATION',
    () => verifyRequest(stray, { basePath: '/paynet', credentials: () => undefined }),
    'unknown path',
  );
});

/** A body field covered by the signature: for control, the first non-login term present in the body. */
function tamperField(lib, row, kind, formula, body) {
  const names = body.split('&').map((kv) => decodeURIComponent(kv.split('=')[0]));
  if (kind === 'oauth') return names.find((n) => !n.startsWith('oauth_'));
  const terms = lib.FORMULAS?.[formula]?.terms?.map((t) => t.field) ?? [];
  for (const t of terms) {
    if (t === 'login' || t === 'endpointId') continue;
    const name = t === 'client_orderid' ? (row.orderIdField ?? 'client_orderid') : t;
    if (names.includes(name)) return name;
  }
  return undefined;
}

function sampleParams(row, formula) {
  const orderField = row.orderIdField ?? 'client_orderid';
  const p = { [orderField]: 'ord-1', orderid: '900' };
  if (formula === 'C-B' || formula === 'C-C' || formula === undefined) p.email = 'john.smith@gmail.com';
  if (row.id !== 'void' && (formula === 'C-B' || formula === 'C-D' || formula === 'C-E' || formula === undefined)) {
    p.amount = '10.42';
    p.currency = 'USD';
  }
  if (formula === 'C-E' || formula === 'CARD-INFO') p.cardrefid = 'ref-1';
  if (formula === 'TRANSFER-BY-REF') {
    p['source-card-ref-id'] = 's-1';
    p['destination-card-ref-id'] = 'd-1';
    p.ipaddress = '203.0.113.7';
    p.amount = '1.00';
    p.currency = 'USD';
  }
  if (row.id === 'upload-method-url-result') p.threeDSCompInd = 'Y';
  return p;
}
