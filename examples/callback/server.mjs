// Merchant side: the service's callback, a GET to your server_callback_url whose `control` is
// SHA-1 of status + orderid + client_orderid + control key. verifyCallback checks it (constant time).
// The service retries until it gets 200: record the outcome idempotently, then answer 200.
//   PORT=8080 node examples/callback/server.mjs
import { createServer } from 'node:http';
import { httpStatusOf, isPaysigError, verifyCallback } from 'paysig';
import { CONTROL_KEY } from '../merchant.mjs';

const server = createServer(async (req, res) => {
  try {
    // The Node request itself: verifyCallback reads its req.url (path and query).
    const callback = await verifyCallback(req, process.env.PAYSIG_CONTROL_KEY ?? CONTROL_KEY);
    if (callback.final) console.log(`order ${callback.client_orderid} (${callback.orderid}): ${callback.status}`); // store it here
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  } catch (error) {
    const status = httpStatusOf(error);
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' }));
  }
});
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
