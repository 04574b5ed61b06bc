/**
 * The signature debugger's page script: reads the form, examines the request in the page
 * (WebCrypto through paysig's browser build) and shows the result. It makes no network request:
 * the page's Content-Security-Policy forbids them, and nothing here asks for one.
 */
import { examine } from './examine.js';
import { parsePasted } from './input.js';
import { render } from './render.js';

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`the page has no #${id}`);
  return el as T;
};

const form = $<HTMLFormElement>('debugger');
const output = $<HTMLElement>('result');
const kind = $<HTMLElement>('input-kind');
const warning = $<HTMLElement>('input-warning');

function fail(message: string): void {
  const p = document.createElement('p');
  p.className = 'verdict bad';
  p.dataset['testid'] = 'input-error';
  p.textContent = message;
  output.replaceChildren(p);
}

async function run(): Promise<void> {
  output.setAttribute('aria-busy', 'true');
  try {
    let parsed: ReturnType<typeof parsePasted>;
    try {
      parsed = parsePasted($<HTMLTextAreaElement>('request').value);
    } catch (e) {
      kind.textContent = '';
      warning.hidden = true;
      fail(`The request cannot be read: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const r = parsed.request;
    // What the pasted text says against itself (a stale Content-Length): shown, never silent.
    warning.textContent = parsed.warning !== undefined ? `Warning: ${parsed.warning}` : '';
    warning.hidden = parsed.warning === undefined;
    kind.textContent = `Read as ${parsed.kind === 'curl' ? 'a curl command' : parsed.kind === 'url' ? 'a URL (GET)' : 'a raw HTTP request'}: ${r.method} ${r.url}`;
    const clock = $<HTMLInputElement>('clock').value.trim();
    if (clock !== '' && !/^\d+$/.test(clock)) {
      fail('The verifier clock must be Unix seconds (digits only), or empty for now.');
      return;
    }
    const x = await examine(r, {
      controlKey: $<HTMLInputElement>('control-key').value,
      publicKey: $<HTMLTextAreaElement>('public-key').value,
      clientText: $<HTMLTextAreaElement>('client-text').value,
      ...(clock !== '' ? { now: Number(clock) } : {}),
    });
    output.replaceChildren(...render(x));
  } catch (e) {
    fail(`paysig could not examine this request: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    output.setAttribute('aria-busy', 'false');
    output.dataset['done'] = String(Number(output.dataset['done'] ?? '0') + 1);
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});
document.documentElement.dataset['ready'] = 'true';
