// Fastify: the plugin verifies every request to /paynet/api/... in an onRequest hook (it registers
// a form parser that leaves the body to paysig) and puts the result on request.paysig.
//   PORT=8080 node examples/fastify/server.mjs
import Fastify from 'fastify';
import { createVerifier } from 'paysig';
import { createFastifyPlugin, verifiedOf } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const app = Fastify();
const verifier = createVerifier({ basePath: '/paynet', credentials }); // checked now; owns its nonce store
await app.register(createFastifyPlugin(verifier));
app.post('/paynet/api/*', async (request) => {
  const { operationId, scheme } = verifiedOf(request);
  return { operation: operationId, scheme }; // a real server processes the operation here
});
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8080) });
console.log(`listening on ${address}`);
