// Built-in checks: control / verifyControl and verifyCallback round trips through the public API.
import { eq, ok, rejects, show } from '../assert.mjs';
import { CONTROL_KEY } from './fixtures.mjs';

export const checks = [];
const builtin = (name, fn) => checks.push([name, fn]);

builtin('roundtrip/control', async (lib) => {
  const all = {
    login: 'merchant-ü',
    endpointId: '9007199254740993',
    client_orderid: 'co-1',
    orderid: '77',
    amount: '0.29',
    currency: 'EUR',
    email: 'a+b@example.com',
    cardrefid: 'cr-9',
  };
  for (const formula of ['C-A', 'C-B', 'C-C', 'C-D', 'C-E', 'C-S']) {
    const digest = await lib.control(formula, all, CONTROL_KEY);
    ok(/^[0-9a-f]{40}$/.test(digest), `${formula}: digest is lowercase hex: ${show(digest)}`);
    await lib.verifyControl(formula, all, CONTROL_KEY, digest);
    await rejects(
      lib,
      'ERR_CONTROL_MISMATCH',
      () => lib.verifyControl(formula, all, CONTROL_KEY + 'x', digest),
      `${formula} with another key`,
    );
    const concatenation = lib.controlInput(formula, all);
    ok(!concatenation.includes(CONTROL_KEY), `${formula}: controlInput must not contain the key`);
  }
  // 0.29 through a float is 28.999999999999996; the formula must see 29.
  eq(
    lib.controlInput('C-D', { login: 'l', client_orderid: 'c', orderid: 'o', amount: '0.29', currency: 'USD' }),
    'lco29USD',
    'C-D amount 0.29',
  );
  eq(
    lib.controlInput('C-D', { login: 'l', client_orderid: 'c', orderid: 'o' }),
    'lco',
    'C-D without amount and currency',
  );
  eq(lib.controlInput('C-S', { login: 'l', client_orderid: 'c' }), 'lc', 'C-S without orderid');
  await rejects(
    lib,
    'ERR_MISSING_FIELD',
    () => lib.control('C-A', { login: 'l', client_orderid: 'c' }, CONTROL_KEY),
    'C-A without orderid',
  );
  await rejects(
    lib,
    'ERR_INVALID_INPUT',
    () => lib.control('C-D', { login: 'l', client_orderid: 'c', orderid: 'o', amount: '1.00' }, CONTROL_KEY),
    'amount without currency',
  );
  await rejects(
    lib,
    'ERR_INVALID_AMOUNT',
    () => lib.control('C-B', { endpointId: 1, client_orderid: 'c', amount: '1e3', email: 'e' }, CONTROL_KEY),
    'amount 1e3',
  );
  await rejects(
    lib,
    'ERR_INVALID_INPUT',
    () => lib.verifyControl('C-S', { login: 'l', client_orderid: 'c' }, CONTROL_KEY, 'zz'),
    'verifyControl with a non-hex digest',
  );
});

builtin('roundtrip/callback', async (lib) => {
  if (typeof lib.verifyCallback !== 'function') return 'skip';
  // status + orderid + client_orderid + key; the digest computed with `openssl dgst -sha1`.
  const digest = 'cec427d51842e23cab4eed722ef74785774a5e8d';
  eq(
    await lib.control('CALLBACK', { status: 'approved', orderid: '902541', client_orderid: 'inv-0001' }, CONTROL_KEY),
    digest,
    'control CALLBACK',
  );
  const query = `status=approved&orderid=902541&client_orderid=inv-0001&merchant_order=inv-0001&amount=10.42&type=sale&control=${digest}`;
  for (const q of [query, '?' + query, new URLSearchParams(query), new URL('https://merchant.example/cb?' + query)]) {
    const r = await lib.verifyCallback(q, CONTROL_KEY);
    eq([r.status, r.orderid, r.client_orderid], ['approved', '902541', 'inv-0001'], 'callback fields');
  }
  await rejects(
    lib,
    'ERR_CONTROL_MISMATCH',
    () => lib.verifyCallback(query.replace('approved', 'declined'), CONTROL_KEY),
    'callback with a changed status',
  );
  await rejects(
    lib,
    'ERR_CONTROL_MISMATCH',
    () => lib.verifyCallback(query, CONTROL_KEY.toLowerCase()),
    'callback with another key',
  );
  await rejects(
    lib,
    'ERR_MISSING_FIELD',
    () => lib.verifyCallback(query.replace(/&control=.*$/, ''), CONTROL_KEY),
    'callback without control',
  );
  await rejects(
    lib,
    'ERR_INVALID_INPUT',
    () => lib.verifyCallback(query + '&status=declined', CONTROL_KEY),
    'callback with status twice',
  );
});
