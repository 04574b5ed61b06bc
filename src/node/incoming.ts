/**
 * The parts of a Node `IncomingMessage` that `paysig/node` reads, as a structural type (so the
 * package's declarations need no `@types/node`), and the absolute URL of such a request.
 *
 * @module
 */
import { InvalidInputError } from '../errors/index.js';
import { trustedHops } from '../verifier/config.js';

/**
 * What `paysig/node` needs of a Node request: an `http.IncomingMessage` (Node `http`/`https`,
 * Express's `req`, Fastify's `request.raw`, Koa's `ctx.req`) has all of it.
 */
export interface IncomingMessageLike {
  /** HTTP method, as Node gives it. */
  readonly method?: string | undefined;
  /** Request target (origin form: path and query). */
  readonly url?: string | undefined;
  /** Express keeps the unrewritten target here when a router is mounted on a path. */
  readonly originalUrl?: unknown;
  /** Header values by lower-case name. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** True once the body stream has been read to its end. */
  readonly readableEnded?: boolean;
  /** True once anything has read from the body stream. */
  readonly readableDidRead?: boolean;
  /** Non-null when `setEncoding()` was called: the stream then yields text, not bytes. */
  readonly readableEncoding?: string | null;
  /** A body parser's result (Express, Koa body parsers), used only to explain a refusal. */
  readonly body?: unknown;
  /** The connection; its `encrypted` is true on an `https` server. */
  readonly socket?: unknown;
  /** Adds a stream listener (`data`, `end`, `error`, `close`). */
  on(event: string, listener: (...args: never[]) => void): unknown;
  /** Removes a stream listener. */
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  /** Stops the flow of `data` events. */
  pause?(): unknown;
}

/** Options that decide the absolute URL of a Node request. */
export interface IncomingUrlOptions {
  /**
   * Take scheme and host from `X-Forwarded-Proto` and `X-Forwarded-Host`, as written by the
   * proxies you run in front of this server. `true` trusts one proxy and takes the **last** value
   * of each header (the one that proxy set or appended); a number `n` trusts `n` proxies in a row
   * and takes the `n`-th value from the end. Values further left were sent by the client and are
   * never used, so a client cannot choose the scheme or host the signature is checked against
   * (a cross-host replay). Default `false`: enable it only behind a proxy you run that sets or
   * appends both headers. OAuth signs the URL the client addressed, so behind a TLS-terminating
   * proxy either enable this or set `protocol`. docs/verifying.md has the nginx, Express and
   * Cloudflare set-ups.
   */
  trustProxy?: boolean | number;
  /** The scheme the client used, when the server cannot tell (default: `https` on a TLS socket, else `http`). */
  protocol?: 'http' | 'https' | undefined;
}

/** First value of a header, trimmed; undefined when absent or empty. @internal */
export function headerOf(req: IncomingMessageLike, name: string): string | undefined {
  const raw = req.headers[name];
  const v = typeof raw === 'string' ? raw : raw !== undefined ? raw[0] : undefined;
  if (v === undefined) return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

/**
 * The value of a forwarded header that the `hops`-th trusted proxy from this server wrote: every
 * line of the header split at commas, counted from the end (a header with fewer entries than
 * trusted hops was written by the proxies alone: its first entry is taken).
 */
function forwarded(req: IncomingMessageLike, name: string, hops: number): string | undefined {
  const raw = req.headers[name];
  if (raw === undefined) return undefined;
  const entries = (typeof raw === 'string' ? raw : raw.join(',')).split(',');
  const v = entries[Math.max(0, entries.length - hops)]!.trim();
  return v === '' ? undefined : v;
}

function isEncrypted(socket: unknown): boolean {
  return typeof socket === 'object' && socket !== null && (socket as { encrypted?: unknown }).encrypted === true;
}

/** `host[:port]`: a DNS name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::[0-9]{1,5})?$/;

/**
 * `scheme://host/target` of a Node request.
 *
 * @throws {@link InvalidInputError} (field `Host`) when the Host header (or `X-Forwarded-Host`
 * with `trustProxy`) is missing or not a host name with an optional port; (field `url`) when the
 * request target is not a path.
 * @internal
 */
export function incomingUrl(req: IncomingMessageLike, options: IncomingUrlOptions | undefined): string {
  const hops = trustedHops(options?.trustProxy);
  let scheme: string = options?.protocol ?? (isEncrypted(req.socket) ? 'https' : 'http');
  let host = headerOf(req, 'host');
  if (hops > 0) {
    const proto = forwarded(req, 'x-forwarded-proto', hops)?.toLowerCase();
    if (proto !== undefined) {
      if (proto !== 'http' && proto !== 'https') {
        throw new InvalidInputError('X-Forwarded-Proto must be http or https', { field: 'X-Forwarded-Proto' });
      }
      scheme = proto;
    }
    host = forwarded(req, 'x-forwarded-host', hops) ?? host;
  }
  const target = typeof req.originalUrl === 'string' ? req.originalUrl : req.url;
  if (host === undefined) {
    throw new InvalidInputError(
      'the request has no Host header, so its absolute URL is unknown (HTTP/1.1 requires Host)',
      { field: 'Host' },
    );
  }
  if (host.length > 300 || !HOST.test(host)) {
    throw new InvalidInputError(
      `the Host header ${JSON.stringify(host.slice(0, 100))} is not a host name with an optional port`,
      { field: 'Host' },
    );
  }
  if (typeof target !== 'string' || target.charCodeAt(0) !== 0x2f /* / */) {
    throw new InvalidInputError('the request target must be a path starting with "/"', { field: 'url' });
  }
  return scheme + '://' + host + target;
}
