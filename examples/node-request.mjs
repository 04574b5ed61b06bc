// A Node IncomingMessage as a Fetch Request, for the Node http, Express, Fastify and Koa examples.
// The body stream must be unread: mount no body parser in front of these routes.
// (Stand-in until `paysig/node` (toFetchRequest, verifyIncoming) is in the package.)
import { Readable } from 'node:stream';

export function toRequest(req) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const url = new URL(req.originalUrl ?? req.url, `http://${req.headers.host ?? 'localhost'}`); // behind TLS or a proxy, use the client's scheme and host: OAuth signs them
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req);
  return new Request(url, { method: req.method, headers, body, duplex: 'half' });
}
