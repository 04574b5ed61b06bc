/**
 * Reads a raw HTTP/1.x request (as saved to a file, or copied from a proxy, a server log or
 * `curl -v`) into its parts. One parser for `paysig diagnose`/`verify` and the signature debugger
 * (docs/debugger/ bundles it for the browser), so both read the same text the same way. Pure and
 * Web-platform only (TextEncoder): no Node API.
 *
 * The text is a request line (`METHOD target`, then `HTTP/1.1` or another version, which may be
 * left out), header lines, a blank line and the body; line ends may be CRLF or LF. A header line
 * that starts with a space or a tab continues the previous one (obsolete line folding, joined with
 * one space). An absolute-form target (`https://...`) is the URL; an origin-form target (`/...`)
 * is joined to the `Host` header under the caller's URL scheme.
 *
 * The body and `Content-Length`: the text is what a person saved or pasted, so line breaks at its
 * end may have been added by an editor or a copy, and the body may have been edited since
 * `Content-Length` was written. The rule:
 *
 * - the body ends where `Content-Length` says when what lies beyond it is only line breaks
 *   (CR, LF): those were added after the request, and the body keeps every byte it declares,
 *   a final line break of its own included;
 * - without `Content-Length`, line breaks at the end of the text are dropped;
 * - otherwise (the body is shorter than declared, or longer by more than line breaks; the value
 *   is not a number of bytes; two `Content-Length` headers disagree) the whole body is used, line
 *   breaks at its end dropped, and {@link RawRequest.warning} says what disagrees.
 *
 * Nothing is ever cut from a body but line breaks: a request edited after it was saved (an amount
 * changed, a field added) is read as it now reads, never with a field silently shortened, and the
 * warning asks for `Content-Length` to be updated or dropped. The CLI prints the warning on stderr,
 * the debugger above its result.
 *
 * @module
 */

/** Makes the error thrown for text that is not a request (the CLI's usage error, the page's error). */
export type HttpFail = (message: string, field: 'request' | 'headers' | 'Host') => Error;

/** A raw HTTP request, parsed. */
export interface RawRequest {
  /** The method, upper case. */
  method: string;
  /** The absolute URL: the target itself, or the URL scheme, `Host` and the target. */
  url: string;
  /** Every header line in order, name and value trimmed, folded lines joined. */
  headers: Array<[string, string]>;
  /** The body by the rule of this module. */
  body: string;
  /** What the text says that disagrees with itself (a stale `Content-Length`), for a person to see. */
  warning?: string;
}

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

/**
 * `s` without the line breaks (CR, LF) at its end. A loop, not `/[\r\n]+$/`: that regex retries
 * from every break of a long run that does not end the text, quadratic work on hostile input.
 */
function withoutTrailingBreaks(s: string): string {
  let end = s.length;
  while (end > 0 && (s.charCodeAt(end - 1) === 10 || s.charCodeAt(end - 1) === 13)) end--;
  return s.slice(0, end);
}

/** The body and, when `Content-Length` disagrees with it, the warning: the rule of the module comment. */
function bodyOf(sent: string, declared: readonly string[]): { body: string; warning?: string } {
  const trimmed = withoutTrailingBreaks(sent);
  const first = declared[0];
  if (first === undefined) return { body: trimmed };
  if (declared.some((v) => v !== first)) {
    const values = declared.map((v) => JSON.stringify(v.slice(0, 20))).join(', ');
    return {
      body: trimmed,
      warning: `the request has Content-Length headers that disagree (${values}): using the whole body (keep one, or drop them)`,
    };
  }
  if (!/^[0-9]+$/.test(first)) {
    return {
      body: trimmed,
      warning: `Content-Length ${JSON.stringify(first.slice(0, 20))} is not a number of bytes: using the whole body (fix or drop Content-Length)`,
    };
  }
  // Line breaks are one byte each in UTF-8: the bytes past Content-Length are `extra` of them.
  const extra = utf8Length(sent) - Number(first);
  const breaks = sent.length - trimmed.length;
  if (extra >= 0 && extra <= breaks) return { body: sent.slice(0, sent.length - extra) };
  return {
    body: trimmed,
    warning: `Content-Length says ${first.slice(0, 20)} bytes but the body has ${utf8Length(trimmed)}: using the whole body (was the request edited? update or drop Content-Length)`,
  };
}

/**
 * Parses raw HTTP/1.x request text by the rules of the module comment.
 *
 * @param text the request: request line, headers, blank line, body
 * @param fail makes the error thrown for text that is not a request
 * @param urlScheme the scheme of the URL rebuilt from `Host` for an origin-form target
 * @throws what `fail` makes, with a message for a person, when the request line, a header line or
 *   the target is malformed, or an origin-form target comes without `Host`
 */
export function parseRawHttp(text: string, fail: HttpFail, urlScheme: 'https' | 'http' = 'https'): RawRequest {
  const start = text.replace(/^\s+/, '');
  const split = /\r?\n\r?\n/.exec(start);
  const head = split === null ? start.trimEnd() : start.slice(0, split.index);
  const sent = split === null ? '' : start.slice(split.index + split[0].length);
  const lines = head.split(/\r?\n/);
  const requestLine = /^([A-Za-z]+)[ \t]+(\S+)(?:[ \t]+HTTP\/\d(?:\.\d)?)?$/.exec((lines[0] ?? '').trim());
  if (requestLine === null)
    throw fail(
      'the request does not start with a request line such as "POST /paynet/api/v2/sale/1111 HTTP/1.1"',
      'request',
    );
  const headers: Array<[string, string]> = [];
  for (const line of lines.slice(1)) {
    const last = headers[headers.length - 1];
    if (/^[ \t]/.test(line)) {
      if (last === undefined)
        throw fail('the first header line starts with a space: there is no header to continue', 'headers');
      last[1] = `${last[1]} ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw fail(`header line ${JSON.stringify(line.slice(0, 60))} has no "name: value"`, 'headers');
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  const valuesOf = (name: string): string[] => headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
  const target = requestLine[2] as string;
  let url: string;
  if (/^https?:\/\//i.test(target)) url = target;
  else if (!target.startsWith('/'))
    throw fail(
      `the request target ${JSON.stringify(target.slice(0, 60))} is neither a path nor an absolute URL`,
      'request',
    );
  else {
    const host = valuesOf('host')[0];
    if (host === undefined)
      throw fail(
        'a request with a path target needs a Host header (or use the absolute URL in the request line)',
        'Host',
      );
    url = `${urlScheme}://${host}${target}`;
  }
  const { body, warning } = bodyOf(sent, valuesOf('content-length'));
  return {
    method: (requestLine[1] as string).toUpperCase(),
    url,
    headers,
    body,
    ...(warning !== undefined ? { warning } : {}),
  };
}
