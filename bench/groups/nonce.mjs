// The memory nonce store at a steady fill of 10k, 100k and 1M nonces (a clock that advances so
// that as many expire as are added), against a plain Map doing has/set plus a FIFO delete at the
// same fill: the cost of a check must not grow with the fill. Also the heap bytes per entry, with
// a plain Authorization header and with one padded to 8 KiB (they must be the same).
import { collectGarbage } from '../harness.mjs';

// A NonceStore that accepts every nonce, so a verification benchmark can repeat one request
// without the replay check refusing it (the store's own cost is not what is measured).
export function noopNonceStore() {
  return { check: () => Promise.resolve(true) };
}

const WINDOW_S = 300;
const TS = 1_700_000_000;

/** Heap bytes per entry of `n` nonces cut from headers padded with `pad` characters. */
async function bytesPerEntry(lib, n, pad) {
  if (typeof globalThis.process?.memoryUsage !== 'function') return null;
  const padding = 'p'.repeat(pad);
  await collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const store = new lib.MemoryNonceStore({ maxEntries: n, maxEntriesPerConsumer: n });
  for (let i = 0; i < n; i++) {
    // Consumer and nonce are substrings of the header, as a parser returns them.
    const header = `OAuth oauth_consumer_key="merchant-${i % 10}", oauth_nonce="${i.toString(36)}-0123456789abcdef0123456789", x="${padding}${i}"`;
    const c = header.indexOf('"') + 1;
    const n0 = header.indexOf('oauth_nonce="') + 13;
    await store.check(header.slice(c, header.indexOf('"', c)), header.slice(n0, header.indexOf('"', n0)), TS, WINDOW_S);
  }
  await collectGarbage();
  const bytes = (process.memoryUsage().heapUsed - before) / n;
  if (store.size !== n) throw new Error('store lost entries');
  return Math.round(bytes);
}

export default async function nonceGroups(lib, { quick }) {
  const fills = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
  const n = quick ? 5_000 : 50_000;
  const plain = await bytesPerEntry(lib, n, 0);
  const padded = await bytesPerEntry(lib, n, 8192);
  const memory = plain === null ? '' : `, ${plain} B/entry (${padded} B with an 8 KiB header)`;
  if (plain !== null)
    console.log(`\n# memory nonce store: ${plain} bytes per entry, ${padded} with 8 KiB-padded headers (${n} entries)`);
  return fills.map((fill) => ({
    id: `nonce memory ${fill}`,
    size: fill,
    title: `MemoryNonceStore.check at a steady fill of ${fill} nonces${memory}`,
    target: null,
    prepare() {
      // Each call adds one nonce and the clock moves so that, on average, one expires.
      const step = (WINDOW_S * 1000) / fill;
      let t = 0;
      let i = 0;
      const store = new lib.MemoryNonceStore({ maxEntries: 2 * fill, maxEntriesPerConsumer: 2 * fill, now: () => t });
      const check = () => {
        t += step;
        const k = i++;
        return store.check(`merchant-${k & 7}`, `nonce-${k}`, TS, WINDOW_S);
      };
      for (let j = 0; j < fill; j++) check();

      const map = new Map();
      const ring = new Array(fill);
      let r = 0;
      const refCheck = () => {
        const k = r++;
        const key = `merchant-${k & 7}:nonce-${k}:${TS}`;
        if (map.has(key)) return Promise.resolve(false);
        map.set(key, k);
        const slot = k % fill;
        if (ring[slot] !== undefined) map.delete(ring[slot]);
        ring[slot] = key;
        return Promise.resolve(true);
      };
      for (let j = 0; j < fill; j++) refCheck();
      return {
        expected: true,
        cases: [
          { name: 'Map has/set + FIFO delete, as a Promise (reference)', ref: true, fn: refCheck, check: refCheck },
          { name: 'paysig MemoryNonceStore.check', fn: check, check },
        ],
      };
    },
  }));
}
