/**
 * Renders an examination into the page: the verdict, the hints, the operation, the first
 * difference, and what paysig expects against what was sent. Text goes in through `textContent`
 * only, so nothing pasted can inject markup.
 */
import type { DiagnosisDifference } from 'paysig';
import type { CallbackCheck, Examination } from './examine.js';

type Child = Node | string | undefined | false;

function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== undefined && c !== false) el.append(c);
  return el;
}

/** Index of the first differing UTF-16 unit; the shorter length when one is a prefix; -1 when equal. */
export function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** A monospace string with the character at `at` marked (an empty mark past the end). */
function code(text: string, at = -1, testid?: string): HTMLElement {
  const attrs: Record<string, string> = { class: 'str' };
  if (testid) attrs['data-testid'] = testid;
  if (at < 0) return h('code', attrs, text);
  const mark = h(
    'mark',
    { title: `first difference, at character ${at}` },
    at < text.length ? (text[at] as string) : '\u2205',
  );
  return h('code', attrs, text.slice(0, at), mark, text.slice(at + 1));
}

function row(label: string, ...value: Child[]): HTMLElement[] {
  return [h('dt', {}, label), h('dd', {}, ...value)];
}

function pair(label: string, expected: string | undefined, received: string | undefined, id: string): HTMLElement {
  const at = expected !== undefined && received !== undefined ? firstDifference(expected, received) : -1;
  return h(
    'dl',
    { class: 'pair', 'data-testid': id },
    ...row(
      `${label}: paysig expects`,
      expected === undefined ? 'cannot be computed (no key given)' : code(expected, at, `${id}-expected`),
    ),
    ...row(`${label}: sent`, received === undefined ? 'nothing sent' : code(received, at, `${id}-received`)),
  );
}

function table(caption: string, head: string[], rows: string[][], testid: string, marked = -1): HTMLElement {
  const attrs = (n: number): Record<string, string> =>
    n === marked ? { class: 'differs', 'data-differs': 'true', title: 'the first difference is in this term' } : {};
  return h(
    'table',
    { 'data-testid': testid },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h(
      'tbody',
      {},
      ...rows.map((r, n) =>
        h('tr', attrs(n), ...r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, code(c)) : h('td', {}, code(c))))),
      ),
    ),
  );
}

/** Which term of a control input holds character `index`. */
function termAt(terms: readonly { value: string }[], index: number): number {
  let end = 0;
  for (let n = 0; n < terms.length; n++) {
    end += (terms[n] as { value: string }).value.length;
    if (index < end) return n;
  }
  return -1;
}

function section(title: string, ...children: Child[]): HTMLElement {
  return h('section', {}, h('h2', {}, title), ...children);
}

function difference(d: DiagnosisDifference): HTMLElement {
  const at = firstDifference(d.expected, d.received);
  return section(
    'First difference',
    h('p', {}, `In the ${d.what}, at character ${d.index}:`),
    h(
      'dl',
      { class: 'pair', 'data-testid': 'difference', 'data-what': d.what },
      ...row('expected', code(d.expected, at)),
      ...row('sent', code(d.received, at)),
    ),
  );
}

function verdict(valid: boolean, text: string): HTMLElement {
  return h(
    'p',
    { class: `verdict ${valid ? 'ok' : 'bad'}`, 'data-testid': 'verdict', 'data-valid': String(valid) },
    valid ? '\u2714 ' : '\u2718 ',
    text,
  );
}

function callback(c: CallbackCheck): HTMLElement[] {
  return [
    verdict(
      c.valid,
      c.valid ? 'Valid callback: the control digest matches.' : `Not valid: ${c.error ?? 'the digest differs'}`,
    ),
    section(
      'Callback (formula CALLBACK: status + orderid + client_orderid + control key)',
      table(
        'Terms, in order',
        ['term', 'value'],
        c.terms.map((t) => [t.name, t.value]),
        'terms',
      ),
      pair('control digest', c.expected, c.received, 'digest'),
    ),
  ];
}

/** The nodes that show an examination. */
export function render(x: Examination): HTMLElement[] {
  if (x.kind === 'callback') return callback(x.callback);
  const d = x.diagnosis;
  const out: HTMLElement[] = [
    verdict(
      d.valid,
      d.valid
        ? 'Valid: paysig accepts this request (nonces are not checked here).'
        : d.error
          ? `Refused: ${d.error.code} (HTTP ${d.error.status}): ${d.error.message}`
          : 'Not valid.',
    ),
  ];
  if (d.problem) out.push(h('p', { class: 'problem', 'data-testid': 'problem' }, d.problem));
  if (d.hints.length > 0) {
    out.push(
      section(
        'Known mistakes found',
        h(
          'ul',
          { class: 'hints', 'data-testid': 'hints' },
          ...d.hints.map((hint) => h('li', { 'data-hint': hint.id }, h('strong', {}, hint.id), ': ', hint.message)),
        ),
      ),
    );
  }
  if (d.operation) {
    const op = d.operation;
    const endpoint =
      op.endpointGroupId !== undefined ? `endpoint group ${op.endpointGroupId}` : `endpoint ${op.endpointId ?? ''}`;
    out.push(
      section(
        'Operation',
        h(
          'dl',
          { 'data-testid': 'operation' },
          ...row('operation', code(op.id), op.name ? ` (${op.name})` : ''),
          ...row('path', code(op.path), `, ${endpoint}`, x.basePath ? `, mounted under ${x.basePath}` : ''),
          ...row('scheme', code(d.scheme ?? 'unknown')),
        ),
      ),
    );
  }
  if (d.difference) out.push(difference(d.difference));
  if (x.client) {
    const c = x.client;
    const at = firstDifference(c.expected, c.client);
    out.push(
      section(
        `The ${c.what} the client logged`,
        h(
          'p',
          {},
          at < 0
            ? `Identical to the ${c.what} paysig builds: the key is what differs.`
            : `It parts from paysig's at character ${at}:`,
        ),
        h(
          'dl',
          { class: 'pair', 'data-testid': 'client-comparison', 'data-what': c.what, 'data-index': String(at) },
          ...row('paysig builds', code(c.expected, at)),
          ...row('the client logged', code(c.client, at)),
        ),
      ),
    );
  }
  if (d.control) {
    const c = d.control;
    out.push(
      section(
        `Control digest (formula ${c.formula})`,
        table(
          'Terms paysig concatenates, in order',
          ['term', 'value'],
          c.terms.map((t) => [t.name, t.value]),
          'terms',
          d.difference?.what === 'control input' ? termAt(c.terms, d.difference.index) : -1,
        ),
        h(
          'dl',
          {},
          ...row(
            'concatenated',
            code(c.input, c.clientInput !== undefined ? firstDifference(c.input, c.clientInput) : -1, 'input'),
          ),
        ),
        c.clientInput !== undefined &&
          h(
            'dl',
            {},
            ...row(
              'what the client evidently hashed',
              code(c.clientInput, firstDifference(c.input, c.clientInput), 'client-input'),
            ),
          ),
        pair('control digest', c.expected, c.received, 'digest'),
      ),
    );
  }
  if (d.oauth) {
    const o = d.oauth;
    const clientAt =
      o.baseString !== undefined && o.clientBaseString !== undefined
        ? firstDifference(o.baseString, o.clientBaseString)
        : -1;
    out.push(
      section(
        `OAuth 1.0a (${o.expectedMethod} expected, ${o.signatureMethod ?? 'no method'} sent)`,
        table(
          'Parameters',
          ['name', 'value', 'from', 'signed'],
          o.parameters.map((p) => [p.name, p.value, p.source, p.signed ? 'yes' : 'no']),
          'parameters',
        ),
        o.baseString !== undefined &&
          h('dl', {}, ...row('base string paysig signs', code(o.baseString, clientAt, 'base-string'))),
        o.clientBaseString !== undefined &&
          h(
            'dl',
            {},
            ...row('base string the client evidently signed', code(o.clientBaseString, clientAt, 'client-base-string')),
          ),
        o.rsaVerified !== undefined
          ? h(
              'p',
              { 'data-testid': 'rsa' },
              o.rsaVerified
                ? 'The RSA-SHA256 signature verifies over this base string.'
                : 'The RSA-SHA256 signature does not verify over this base string with the public key given.',
            )
          : pair('signature', o.expectedSignature, o.receivedSignature, 'signature'),
        o.timestampOffsetSeconds !== undefined &&
          h(
            'p',
            {},
            `oauth_timestamp is ${Math.abs(o.timestampOffsetSeconds)} s ${o.timestampOffsetSeconds >= 0 ? 'ahead of' : 'behind'} the verifier's clock (allowed: ${o.maxSkewSeconds} s).`,
          ),
      ),
    );
  }
  return out;
}
