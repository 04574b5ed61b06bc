// Renders the interop block of docs/conformance.md from interop/run.mjs's results and the causes
// written in interop/causes.mjs. Pure: the test renders the same rows from a partial run.
import { COLUMNS } from './libraries.mjs';

const FAILS = new Set(['mismatch', 'refuses-valid']);
/** Negative cases that count as "signs what the service refuses": the signing topics only. */
const SIGNING = new Set(['rsa-sha256', 'oauth-sign']);
const code = (s) => `\`${s}\``;
const key = (c) => `${c.topic}/${c.id}`;
/** Operations front.mjs skips because they are not OAuth (control digests): no library's business. */
const NOT_OAUTH = /^signed with a control digest|^no such operation/;
const notOAuth = (c) => c.status === 'skip' && NOT_OAUTH.test(c.reason);

/** One cell: pass / mismatch / unsupported, over the valid cases of the topic. */
export function cell(lib, topic) {
  const valid = lib.cases.filter((c) => c.topic === topic && !c.negative && !notOAuth(c));
  const answered = valid.filter((c) => c.status === 'pass' || c.status === 'fail');
  const skipped = valid.length - answered.length;
  if (answered.length === 0) return `[unsupported](#interop-${lib.id})`;
  const bad = answered.filter((c) => FAILS.has(c.severity)).length;
  const more = skipped > 0 ? `, ${skipped} skipped` : '';
  return bad > 0
    ? `[mismatch](#interop-${lib.id}-${topic}) ${answered.length - bad}/${answered.length}${more}`
    : `[pass](../vectors/${topic}.json) ${answered.length}/${answered.length}${more}`;
}

/** The table row of one library. */
export function row(lib) {
  const signs = lib.cases.filter((c) => SIGNING.has(c.topic) && c.negative && c.status !== 'skip');
  const accepted = signs.filter((c) => c.severity === 'accepts-invalid').length;
  const refuses = signs.length === 0 ? 'n/a' : `[${accepted} of ${signs.length}](#interop-${lib.id})`;
  return `| [${lib.name}](#interop-${lib.id}) ${lib.version} | ${lib.language} | ${COLUMNS.map(([t]) => cell(lib, t)).join(' | ')} | ${refuses} |`;
}

export function header() {
  return [
    `| library (version) | language | ${COLUMNS.map(([, title]) => title).join(' | ')} | signs what the service refuses |`,
    `| --- | --- | ${COLUMNS.map(() => '---').join(' | ')} | --- |`,
  ];
}

/** The whole block: the table, then one section per library. */
export function renderBlock(libs, causes) {
  const unexplained = [];
  const lines = [...header(), ...libs.map(row), ''];
  for (const lib of libs) {
    const known = causes[lib.id] ?? [];
    lines.push(`#### <a id="interop-${lib.id}"></a>${lib.name} ${lib.version}`, '');
    lines.push(
      `${lib.language}, from ${lib.registry} (${code(lib.package)}); adapter [${code(lib.adapter)}](../${lib.adapter}).`,
      '',
    );
    const reasons = new Map();
    for (const c of lib.cases.filter((x) => x.status === 'skip')) {
      const list = reasons.get(c.reason) ?? [];
      list.push(c.topic);
      reasons.set(c.reason, list);
    }
    const skips = [...reasons].filter(([r]) => !NOT_OAUTH.test(r));
    if (skips.length > 0)
      lines.push(
        `Skipped: ${skips.map(([r, ts]) => `${[...new Set(ts)].join(', ')}: ${r} (${ts.length})`).join('; ')}.`,
        '',
      );
    for (const [topic] of COLUMNS) {
      const bad = lib.cases.filter((c) => c.topic === topic && !c.negative && FAILS.has(c.severity));
      if (bad.length === 0) continue;
      lines.push(
        `<a id="interop-${lib.id}-${topic}"></a>${topic}, ${bad.length} ${bad.length === 1 ? 'case' : 'cases'}:`,
        '',
      );
      const groups = new Map();
      for (const c of bad) {
        const cause = known.find((k) => k.cases.includes(key(c)));
        if (cause === undefined) unexplained.push(`${lib.id} ${key(c)}`);
        const text = cause ? cause.text : 'no cause written yet';
        groups.set(text, [...(groups.get(text) ?? []), key(c)]);
      }
      for (const [text, ids] of groups) lines.push(`- ${ids.map(code).join(', ')}: ${text}`);
      lines.push('');
    }
    const transport = lib.cases.filter((c) => c.severity === 'transport');
    if (transport.length > 0)
      lines.push(
        `Accepted by the service, spelled differently (transport): ${transport.map((c) => `${code(key(c))} (${c.reason})`).join('; ')}.`,
        '',
      );
    const accepted = lib.cases.filter((c) => SIGNING.has(c.topic) && c.severity === 'accepts-invalid');
    if (accepted.length > 0)
      lines.push(`Signs what the service refuses: ${accepted.map((c) => code(key(c))).join(', ')}.`, '');
  }
  return { block: lines.join('\n').trimEnd(), unexplained };
}
