/**
 * What a person pastes into the signature debugger: a raw HTTP request, a curl command, or a URL
 * (a callback, or a GET), recognised and parsed into request parts.
 */
import { parseCurl } from './parse-curl.js';
import { parseHttp } from './parse-http.js';

/** A request as its parts, the shape `diagnose()` takes. */
export interface RequestParts {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * What was pasted, recognised; `warning` says what in it disagrees with itself (a raw request's
 * stale Content-Length), for the page to show.
 */
export type PastedInput = { kind: 'curl' | 'http' | 'url'; request: RequestParts; warning?: string };

/** Recognises a curl command, a bare URL (a GET) or a raw HTTP request, and parses it. */
export function parsePasted(text: string): PastedInput {
  const t = text.trim();
  if (t === '') throw new Error('paste a raw HTTP request, a curl command or a URL');
  if (/^curl\s/.test(t)) return { kind: 'curl', request: parseCurl(t) };
  if (/^https?:\/\/\S+$/i.test(t)) return { kind: 'url', request: { method: 'GET', url: t, headers: [], body: '' } };
  // Untrimmed: line breaks after the body are the parser's to weigh against Content-Length.
  const { warning, ...request } = parseHttp(text);
  return { kind: 'http', request, ...(warning !== undefined ? { warning } : {}) };
}
