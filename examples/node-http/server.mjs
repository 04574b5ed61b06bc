// Node http: the request becomes a Fetch Request, verifyRequest checks it.
//   PORT=8080 node examples/node-http/server.mjs
import { createServer } from 'node:http';
import { httpStatusOf, isPaysigError, verifyRequest } from 'paysig';
import { credentials } from '../merchant.mjs';
import { toRequest } from '../node-request.mjs';

const server = createServer(async (req, res) => {
  try {
    const { operation, scheme } = await verifyRequest(toRequest(req), { basePath: '/paynet', credentials });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ operation: operation.id, scheme })); // process it here
  } catch (error) {
    res.writeHead(httpStatusOf(error), { 'content-type': 'application/json' }).end(JSON.stringify({ error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' }));
  }
});
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
