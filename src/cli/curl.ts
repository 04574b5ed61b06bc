/**
 * Reads a curl command line (as copied from a terminal, a log or a browser's "Copy as cURL") into
 * the parts of the request it sends: shell quoting ('...', "...", $'...', backslashes, line
 * continuations) and the options that shape a request; options that do not change the request
 * (-s, -v, --compressed ...) are skipped. One parser for `paysig diagnose`/`verify` and the
 * signature debugger (docs/debugger/ bundles it). Pure: no Node API.
 *
 * @module
 */

/** Makes the error thrown for a command that cannot be read (the CLI's usage error, the page's). */
export type Fail = (message: string) => Error;

/** A request as its parts: what a curl command sends. */
export interface CurlRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
}

/** Splits a shell command line into words, as a POSIX shell would (no expansion). */
export function shellWords(line: string, fail: Fail): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const ansi: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
  while (i < line.length) {
    const c = line[i] as string;
    if (c === '\\' && (line[i + 1] === '\n' || (line[i + 1] === '\r' && line[i + 2] === '\n'))) {
      i += line[i + 1] === '\n' ? 2 : 3; // line continuation
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw fail('a single quote is not closed');
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '$' && line[i + 1] === "'") {
      i += 2;
      while (i < line.length && line[i] !== "'") {
        if (line[i] === '\\' && i + 1 < line.length) {
          const e = line[i + 1] as string;
          word += ansi[e] ?? e;
          i += 2;
        } else word += line[i++];
      }
      if (i >= line.length) throw fail("a $'...' quote is not closed");
      inWord = true;
      i++;
    } else if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && '"\\$`\n'.includes(line[i + 1] ?? '')) {
          if (line[i + 1] !== '\n') word += line[i + 1];
          i += 2;
        } else word += line[i++];
      }
      if (i >= line.length) throw fail('a double quote is not closed');
      inWord = true;
      i++;
    } else if (c === '\\') {
      word += line[i + 1] ?? '';
      inWord = true;
      i += 2;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii']);
const HEADER = new Set(['-H', '--header']);
const METHOD = new Set(['-X', '--request']);
/** Options that take a value but do not change what the debugger examines. */
const IGNORED_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-u',
  '--user',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '--cacert',
  '--cert',
  '--key',
  '-x',
  '--proxy',
  '--retry',
  '-c',
  '--cookie-jar',
]);

/** Percent-encodes like curl's --data-urlencode (everything but unreserved characters). */
function urlencode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function dataUrlencode(arg: string): string {
  const eq = arg.indexOf('=');
  if (eq < 0) return urlencode(arg);
  return eq === 0 ? urlencode(arg.slice(1)) : `${arg.slice(0, eq)}=${urlencode(arg.slice(eq + 1))}`;
}

/**
 * Parses `curl ...` into method, URL, headers and body. Several `-d` values are joined with `&`,
 * as curl joins them; `-G` moves them into the query.
 *
 * @throws what `fail` makes, with a message for a person, when the line is not a curl command or has no URL.
 */
export function parseCurl(command: string, fail: Fail): CurlRequest {
  const words = shellWords(command.trim(), fail);
  if (words[0] !== 'curl') throw fail('a curl command starts with "curl"');
  let method: string | undefined;
  let url: string | undefined;
  let get = false;
  let head = false;
  const headers: Array<[string, string]> = [];
  const data: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const w = eq > 0 ? word.slice(0, eq) : word;
    const value = (): string => {
      if (eq > 0) return word.slice(eq + 1);
      const v = words[++i];
      if (v === undefined) throw fail(`curl option ${w} needs a value`);
      return v;
    };
    if (METHOD.has(w)) method = value();
    else if (w.startsWith('-X') && w.length > 2) method = w.slice(2);
    else if (HEADER.has(w)) {
      const h = value();
      const colon = h.indexOf(':');
      if (colon <= 0) throw fail(`header ${JSON.stringify(h)} has no "name: value"`);
      headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
    } else if (DATA.has(w)) data.push(value());
    else if (w === '--data-urlencode') data.push(dataUrlencode(value()));
    else if (w === '-G' || w === '--get') get = true;
    else if (w === '-I' || w === '--head') head = true;
    else if (w === '--url') url = value();
    else if (w === '-A' || w === '--user-agent') headers.push(['user-agent', value()]);
    else if (w === '-e' || w === '--referer') headers.push(['referer', value()]);
    else if (w === '-b' || w === '--cookie') headers.push(['cookie', value()]);
    else if (IGNORED_WITH_VALUE.has(w)) value();
    else if (w.startsWith('-') && w !== '-')
      continue; // a flag: -s, -v, -L, -k, --compressed ...
    else if (url === undefined) url = w;
  }
  if (url === undefined) throw fail('the curl command has no URL');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) url = `http://${url}`;
  let body = data.join('&');
  if (get && body !== '') {
    url += (url.includes('?') ? '&' : '?') + body;
    body = '';
  }
  const hasBody = body !== '';
  if (hasBody && !headers.some(([n]) => n.toLowerCase() === 'content-type')) {
    headers.push(['content-type', 'application/x-www-form-urlencoded']);
  }
  return { method: method ?? (head ? 'HEAD' : get ? 'GET' : hasBody ? 'POST' : 'GET'), url, headers, body };
}
