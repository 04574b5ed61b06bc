// Node http: the Connect-style middleware works on a bare server too (no Fetch Request is built).
//   PORT=8080 node examples/node-http/server.mjs
import { createServer } from 'node:http';
import { createVerifier } from 'paysig';
import { createMiddleware, verifiedOf } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const verifier = createVerifier({ basePath: '/paynet', credentials }); // checked now; owns its nonce store
const verify = createMiddleware(verifier);
const server = createServer((req, res) =>
  verify(req, res, () => {
    if (req.paysig === undefined) return res.writeHead(404).end(); // not under /paynet/api/: passed through
    const { operationId, scheme } = verifiedOf(req);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ operation: operationId, scheme }));
  }),
);
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
