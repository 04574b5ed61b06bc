// Runs groups: the correctness gate, the measurement, the ratios, the printed table.
import { collectGarbage, fmtInt, fmtTime, measure } from './harness.mjs';

const short = (v) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? s.slice(0, 57) + '...' : s;
};

async function gate(group, log) {
  const kept = [];
  const excluded = [];
  for (const c of group.cases) {
    if (c.check === undefined) {
      kept.push(c);
      continue;
    }
    let got;
    try {
      got = await c.check();
    } catch (e) {
      got = `threw ${e?.name ?? 'error'}: ${e?.message ?? e}`;
    }
    if (got === group.expected) kept.push(c);
    else {
      const reason = `output differs${c.likelyBecause ? ` (${c.likelyBecause})` : ''}: got ${short(got)}, want ${short(group.expected)}`;
      excluded.push({ name: c.name, reason });
      log(`  x ${c.name}: EXCLUDED, ${reason}`);
      // A peer may differ; paysig or the reference differing is a bug: fail the run.
      if (!c.peer) {
        log(`  !! ${c.name} gives a wrong answer`);
        if (globalThis.process) globalThis.process.exitCode = 1;
      }
    }
  }
  return { kept, excluded };
}

/** What the check of a verify case gives: the valid request accepted, the tampered one refused. */
export const VALID_AND_TAMPERED = 'valid accepted, tampered refused';

/**
 * The check of a verify case: `verify(valid)` must succeed and `verify(tampered)` throw or reject;
 * with `lib`, the refusal must be one of its PaysigErrors.
 */
export async function refusesTampered(verify, valid, tampered, lib) {
  await verify(valid);
  try {
    await verify(tampered);
    return 'tampered accepted';
  } catch (e) {
    return lib === undefined || e instanceof lib.PaysigError ? VALID_AND_TAMPERED : String(e);
  }
}

/** Gate, measure and print every group; returns their records for results.json. */
export async function runGroups(groups, mode, log = console.log) {
  const out = [];
  await collectGarbage();
  for (const g of groups) {
    if (g.skip) {
      log(`\n== ${g.id}: skipped (${g.skip})`);
      out.push({ id: g.id, skipped: g.skip });
      continue;
    }
    log(`\n== ${g.id}: ${g.title}`);
    // Heavy inputs are made just before their group runs and dropped after it (see prepare()).
    if (g.prepare) Object.assign(g, await g.prepare(), { prepare: undefined });
    const { kept, excluded } = await gate(g, log);
    const refCase = kept.find((c) => c.ref);
    if (refCase === undefined) {
      log('  reference failed the gate: group not measured');
      out.push({ id: g.id, title: g.title, skipped: 'reference failed the gate', excluded });
      continue;
    }
    // Slow cases (RSA-4096) get more time, so that enough batches go into the median.
    const measured = await measure(kept, g.timeScale ? { ...mode, caseMs: mode.caseMs * g.timeScale } : mode);
    const refNs = measured[kept.indexOf(refCase)].nsPerOp;
    const width = Math.max(...kept.map((c) => c.name.length));
    const cases = [];
    for (let i = 0; i < kept.length; i++) {
      const c = kept[i];
      const m = measured[i];
      const ratio = m.nsPerOp / refNs;
      const rec = {
        name: c.name,
        role: c.ref ? 'reference' : c.peer ? 'peer' : c.info ? 'info' : 'paysig',
        nsPerOp: +m.nsPerOp.toPrecision(5),
        opsPerSec: Math.round(m.opsPerSec),
        ratio: +ratio.toFixed(3),
        batches: m.batches,
        opsPerBatch: m.opsPerBatch,
        spread: [+m.minNs.toPrecision(4), +m.maxNs.toPrecision(4)],
      };
      let verdict = '';
      if (g.target && g.target.case === c.name) {
        rec.target = g.target.max;
        rec.met = ratio <= g.target.max;
        verdict = `  target <= ${g.target.max}: ${rec.met ? 'met' : 'NOT met'}`;
      }
      cases.push(rec);
      log(
        `  ${c.name.padEnd(width)}  ${fmtInt(m.opsPerSec).padStart(11)} ops/sec @ ${fmtTime(m.nsPerOp).padStart(8)}/op  ${ratio.toFixed(2).padStart(6)}x${verdict}`,
      );
    }
    out.push({ id: g.id, title: g.title, size: g.size, target: g.target ?? null, cases, excluded });
    g.cases = g.expected = undefined;
    await collectGarbage();
  }
  return out;
}
