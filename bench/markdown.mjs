// Renders a run's records as markdown: the summary bench/README.md publishes, and every table.
import { fmtInt, fmtTime } from './harness.mjs';

function groupTable(g) {
  if (g.skipped) return `**${g.id}**: skipped (${g.skipped})\n`;
  let md = `**${g.id}**: ${g.title}\n\n| case | ops/sec | time/op | ratio | target |\n|---|--:|--:|--:|---|\n`;
  for (const c of g.cases) {
    const target = c.target === undefined ? '' : `<= ${c.target}: ${c.met ? 'met' : '**not met**'}`;
    md += `| ${c.name} | ${fmtInt(c.opsPerSec)} | ${fmtTime(c.nsPerOp)} | ${c.ratio.toFixed(2)} | ${target} |\n`;
  }
  for (const x of g.excluded ?? [])
    md += `| ~~${x.name}~~ | excluded by the gate: ${x.reason.replace(/\|/g, '\\|')} | | | |\n`;
  return md;
}

/** The run line and the targets table (what bench/README.md publishes). */
export function renderSummary(run) {
  const m = run.machine;
  let md = `Run: ${run.runtime} ${run.version}, ${run.date}, ${m.cpu} (${m.cores} cores), load ${m.loadBefore.join(' ')} before and ${m.loadAfter.join(' ')} after.\n\n`;
  md += '#### Targets\n\n| group | paysig ratio | target | |\n|---|--:|--:|---|\n';
  for (const [backend, groups] of Object.entries(run.backends)) {
    for (const g of groups) {
      const c = g.cases?.find((x) => x.target !== undefined);
      if (c)
        md += `| ${g.id}${backend === 'web' ? ' (WebCrypto)' : ''} | ${c.ratio.toFixed(2)} | <= ${c.target} | ${c.met ? 'met' : '**not met**'} |\n`;
    }
  }
  const growth = run.baseStringGrowth;
  if (growth && growth.ratio10000to1000 !== undefined) {
    md += `| base string 10000 vs 1000 params | ${growth.ratio10000to1000}x | <= 11x | ${growth.met ? 'met' : '**not met**'} |\n`;
  }
  return md;
}

/** The whole run as markdown: the summary, then every group's table (bench/out/results.md). */
export function renderRun(run) {
  let md = renderSummary(run);
  md += '\n### node:crypto backend (`dist/crypto/node.js`)\n\n';
  for (const g of run.backends.node) md += groupTable(g) + '\n';
  if (run.backends.web.length) {
    md +=
      '### WebCrypto backend on the same runtime (`dist/crypto/web.js`, separate process with `--conditions=paysig-webcrypto`)\n\n';
    for (const g of run.backends.web) md += groupTable(g) + '\n';
  }
  const gr = run.baseStringGrowth;
  if (gr && gr.ratio10000to1000 !== undefined) {
    md += `### Base string growth\n\n10000 vs 1000 parameters: ${gr.ratio10000to1000}x (target <= 11x: ${gr.met ? 'met' : '**not met**'}).\n\n`;
  }
  return md;
}
