// Merchant side: the service's callback, a GET to your server_callback_url whose `control` is
// SHA-1 of status + orderid + client_orderid + control key. The callback middleware checks it
// (constant time) and answers a refusal itself. The service retries until it gets 200: record
// the outcome idempotently, then answer 200.   PORT=8080 node examples/callback/server.mjs
import { createServer } from 'node:http';
import { createCallbackMiddleware, verifiedCallbackOf } from 'paysig/node';
import { CONTROL_KEY } from '../merchant.mjs';

const verify = createCallbackMiddleware({ controlKey: process.env.PAYSIG_CONTROL_KEY ?? CONTROL_KEY });
const server = createServer((req, res) =>
  verify(req, res, () => {
    const callback = verifiedCallbackOf(req);
    if (callback.final) console.log(`order ${callback.client_orderid} (${callback.orderid}): ${callback.status}`); // store it here
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  }),
);
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
