// Node http: paysig/node verifies the IncomingMessage itself (no Fetch Request is built).
//   PORT=8080 node examples/node-http/server.mjs
import { createServer } from 'node:http';
import { httpStatusOf, isPaysigError } from 'paysig';
import { verifyIncoming } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const server = createServer(async (req, res) => {
  try {
    const { operation, scheme } = await verifyIncoming(req, { basePath: '/paynet', credentials });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ operation: operation.id, scheme })); // process it here
  } catch (error) {
    res
      .writeHead(httpStatusOf(error), { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' }));
  }
});
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
