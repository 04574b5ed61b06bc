// Markdown for bench/fleet.mjs: the measured table (bench/README.md) and the sizing table derived
// from it (docs/verifying.md, "Sizing a fleet").

const int = (x) => Math.round(x).toLocaleString('en-US');
const ms = (x) => `${x.toFixed(1)} ms`;
const us = (x) => (x === null ? 'n/a' : `${x.toFixed(0)} µs`);

function runLine(run) {
  return (
    `Run: ${run.date}, Node ${run.node}, ${run.cpu}, ${run.cores} cores shared by the verifier ` +
    `processes, the load generator and redis-server (and other work: load ${run.loadBefore.join(' ')} ` +
    `before, ${run.loadAfter.join(' ')} after). ${run.seconds} s per configuration after a warm-up, ` +
    `${run.concurrency} requests in flight over as many keep-alive loopback connections, HMAC-SHA1 ` +
    '16-field payouts over 100 merchants, 10% exact resends of accepted requests.'
  );
}

/** Cores used by the verifiers, Redis and the load generator together. */
const busyOf = (r) => (r.perSecond * (r.verifierCpuUs + (r.redisCpuUs ?? 0) + r.generatorCpuUs)) / 1e6;

/** The measured table, one row per configuration. */
export function tableMarkdown(run) {
  let md = `${runLine(run)}\n\n`;
  md +=
    '| nonce store | verifier processes | requests (time) | verifications/s | per process | p50 | p99 | verifier CPU / verification | Redis CPU / verification | load generator CPU / request | cores busy | replays accepted | fresh refused |\n';
  md += '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n';
  for (const r of run.rows) {
    const busy = busyOf(r);
    md +=
      `| ${r.store === 'redis' ? 'Redis (one redis-server)' : 'memory (per process)'} | ${r.workers} | ${int(r.requests)} (${r.seconds.toFixed(1)} s${r.exhausted ? ', all signed' : ''}) | ${int(r.perSecond)} | ${int(r.perProcess)} | ` +
      `${ms(r.p50)} | ${ms(r.p99)} | ${us(r.verifierCpuUs)} | ${us(r.redisCpuUs)} | ${us(r.generatorCpuUs)} | ${busy.toFixed(2)} | ` +
      `${r.replaysAccepted} of ${int(r.replays)} | ${r.freshRefused} of ${int(r.fresh)} |\n`;
  }
  md +=
    '\n*cores busy*: verifications/s times the CPU per verification of the verifiers, Redis and the load ' +
    `generator together; at ${run.cores} the machine is saturated and more verifier processes cannot ` +
    'add throughput, only latency.';
  const most = Math.max(...run.rows.map(busyOf));
  if (most < run.cores - 0.5)
    md += ` In this run they never used more than ${most.toFixed(1)}: other work on the machine (the load average above) held the rest, so a second verifier process shared a core with the first.`;
  return `${md}\n`;
}

const span = (a, b, f) => (f(a) === f(b) ? f(a) : `${f(a)} to ${f(b)}`);

/** How many cores and Redis instances a request rate needs, from the measured CPU per verification. */
export function sizingMarkdown(run) {
  // the Redis rows, fewest verifier processes first
  const rows = run.rows.filter((r) => r.store === 'redis').sort((x, y) => x.workers - y.workers);
  if (rows.length === 0) return 'No Redis configuration was measured.\n';
  const UTIL = 0.7;
  const low = rows.reduce((a, b) => (b.verifierCpuUs < a.verifierCpuUs ? b : a));
  const high = rows.reduce((a, b) => (b.verifierCpuUs > a.verifierCpuUs ? b : a));
  const redisUs = Math.max(...rows.map((r) => r.redisCpuUs));
  const procs = (r) => `${r.workers} verifier process${r.workers > 1 ? 'es' : ''}`;
  let md =
    `Measured by \`npm run bench:fleet\` (${run.date}, Node ${run.node}, ${run.cpu}, ${run.cores} cores shared by ` +
    `the verifier processes, the load generator, redis-server and other work: load average ` +
    `${run.loadBefore.join(' ')} before the run). An HMAC-SHA1 payout verified by \`verifyIncoming\` ` +
    `with \`RedisNonceStore\` cost **${us(low.verifierCpuUs)} of verifier CPU** with ${procs(low)}`;
  if (high !== low)
    md += ` and ${us(high.verifierCpuUs)} with ${procs(high)} (sharing the cores with the load and Redis)`;
  md +=
    `, and **${us(redisUs)} of Redis CPU** per check (the most measured). So one fully busy verifier ` +
    `core does about ${span(1e6 / high.verifierCpuUs, 1e6 / low.verifierCpuUs, int)} verifications/s, ` +
    `and one Redis instance (single-threaded: one core) at most about ${int(1e6 / redisUs)} checks/s, ` +
    `as many as ${span(low.verifierCpuUs / redisUs, high.verifierCpuUs / redisUs, (x) => x.toFixed(1))} fully busy verifier cores send. ` +
    `Sized at ${UTIL * 100}% CPU (headroom for bursts and garbage collection):\n\n`;
  const cores = (rate, cpu) => Math.max(1, Math.ceil((rate * cpu) / 1e6 / UTIL));
  const two = high !== low;
  md += `| verifications/s | verifier cores (at ${us(low.verifierCpuUs)}) |${two ? ` (at ${us(high.verifierCpuUs)}) |` : ''} Redis instances |\n`;
  md += `|--:|--:|${two ? '--:|' : ''}--:|\n`;
  for (const rate of [1_000, 5_000, 10_000, 20_000, 50_000, 100_000]) {
    md += `| ${int(rate)} | ${cores(rate, low.verifierCpuUs)} |${two ? ` ${cores(rate, high.verifierCpuUs)} |` : ''} ${cores(rate, redisUs)} |\n`;
  }
  md += `\nMeasured on this machine (the verifiers, the load generator and Redis together got about ${span(busyOf(rows[0]), busyOf(rows.at(-1)), (x) => x.toFixed(1))} of its ${run.cores} cores):\n\n| verifier processes | verifications/s | p50 | p99 |\n|--:|--:|--:|--:|\n`;
  for (const r of rows) md += `| ${r.workers} | ${int(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} |\n`;
  return md;
}
