// Express 5: no body parser on this route (verifyIncoming reads the raw form body itself).
//   PORT=8080 node examples/express/server.mjs
import express from 'express';
import { httpStatusOf, isPaysigError } from 'paysig';
import { verifyIncoming } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const app = express();
app.post('/paynet/api/*path', async (req, res) => {
  try {
    const { operation, scheme } = await verifyIncoming(req, { basePath: '/paynet', credentials });
    res.json({ operation: operation.id, scheme }); // a real server processes the operation here
  } catch (error) {
    res.status(httpStatusOf(error)).json({ error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' });
  }
});
const server = app.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
