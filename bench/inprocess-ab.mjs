// The control sale through paysig/node verifyIncoming in one process, two builds side by side:
// alternating batches of 10,000 verifications (body given as bytes, so no socket), CPU time per
// verification, min and median over the batches, and the ratio of the medians (B over A). Each
// dist must sit in a package folder (its package.json maps #crypto), e.g. a git worktree.
//   node bench/inprocess-ab.mjs <distA> <distB> [batches, default 30]
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const dists = process.argv.slice(2, 4);
const B = Number(process.argv[4] ?? 30);
const fx = await import('./fixtures.mjs');
const runners = [];
for (const dist of dists) {
  const lib = await import(pathToFileURL(join(dist, 'index.js')).href);
  const node = await import(pathToFileURL(join(dist, 'node', 'index.js')).href);
  const [sale] = await fx.signedSaleAndPayout(lib, 'http://127.0.0.1:8080/paynet');
  const u = new URL(sale.url);
  const headers = { host: u.host };
  for (const [k, v] of Object.entries(sale.headers)) headers[k.toLowerCase()] = v;
  const body = Buffer.from(sale.body);
  const req = { method: 'POST', url: u.pathname + u.search, headers, on() {}, removeListener() {}, socket: {} };
  const options = { basePath: '/paynet', credentials: () => ({ controlKey: fx.CONTROL_KEY }), body };
  const r = await node.verifyIncoming(req, options);
  if (r.operationId !== 'sale') throw new Error('not verified');
  runners.push(async (n) => {
    for (let i = 0; i < n; i++) await node.verifyIncoming(req, options);
  });
}
for (const r of runners) await r(50000);
const times = runners.map(() => []);
for (let b = 0; b < B; b++) {
  for (let k = 0; k < runners.length; k++) {
    const t0 = process.cpuUsage();
    await runners[k](10000);
    const t = process.cpuUsage(t0);
    times[k].push((t.user + t.system) / 10000);
  }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const [k, d] of dists.entries()) {
  console.log(`${d}: min ${Math.min(...times[k]).toFixed(2)} median ${med(times[k]).toFixed(2)} us`);
}
console.log(`ratio of medians B/A: ${(med(times[1]) / med(times[0])).toFixed(3)}`);
