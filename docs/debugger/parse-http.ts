/**
 * Reads a raw HTTP/1.1 request (as a proxy, a server log or `curl -v` shows it) into its parts,
 * for the signature debugger. A small, page-side parser: it never guesses a body or a header that
 * was not pasted.
 */
import type { RequestParts } from './input.js';

/**
 * Parses a raw HTTP request: request line, headers, blank line, body. The URL is rebuilt from an
 * origin-form target and the Host header with `defaultScheme` (the service is reached over https);
 * an absolute-form target is kept. With Content-Length, the body is cut to that many bytes;
 * without, trailing line breaks (added when copying) are dropped.
 *
 * @throws Error with a message for a person when the request line or a header is malformed.
 */
export function parseHttp(text: string, defaultScheme = 'https'): RequestParts {
  const normalized = text.replace(/^\s+/, '');
  const split = /\r?\n\r?\n/.exec(normalized);
  const head = split ? normalized.slice(0, split.index) : normalized.replace(/\s+$/, '');
  let body = split ? normalized.slice(split.index + split[0].length) : '';
  const lines = head.split(/\r?\n/);
  const requestLine = /^([A-Za-z]+)\s+(\S+)(?:\s+HTTP\/\d(?:\.\d)?)?$/.exec((lines[0] ?? '').trim());
  if (!requestLine)
    throw new Error('the first line must be a request line, like "POST /paynet/api/v2/sale/1111 HTTP/1.1"');
  const method = (requestLine[1] as string).toUpperCase();
  const target = requestLine[2] as string;
  const headers: Array<[string, string]> = [];
  for (const line of lines.slice(1)) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      const last = headers[headers.length - 1] as [string, string];
      last[1] += ` ${line.trim()}`; // obsolete line folding
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`header line ${JSON.stringify(line.slice(0, 60))} has no "name: value"`);
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  const header = (name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];
  let url: string;
  if (/^https?:\/\//i.test(target)) url = target;
  else {
    const host = header('host');
    if (host === undefined)
      throw new Error('a request with a path target needs a Host header (or paste the absolute URL)');
    if (!target.startsWith('/'))
      throw new Error(
        `the request target ${JSON.stringify(target.slice(0, 60))} is neither a path nor an absolute URL`,
      );
    url = `${defaultScheme}://${host}${target}`;
  }
  const length = header('content-length');
  if (length !== undefined && /^\d+$/.test(length)) {
    const bytes = new TextEncoder().encode(body);
    if (bytes.length > Number(length)) body = new TextDecoder().decode(bytes.slice(0, Number(length)));
  } else body = body.replace(/[\r\n]+$/, '');
  return { method, url, headers, body };
}
