// Fastify: its body parsers are replaced by one that leaves the body unread, so verifyRequest
// reads the raw form body from request.raw.   PORT=8080 node examples/fastify/server.mjs
import Fastify from 'fastify';
import { httpStatusOf, isPaysigError } from 'paysig';
import { verifyIncoming } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const app = Fastify();
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));
app.post('/paynet/api/*', async (request, reply) => {
  try {
    const { operation, scheme } = await verifyIncoming(request.raw, { basePath: '/paynet', credentials });
    return { operation: operation.id, scheme }; // a real server processes the operation here
  } catch (error) {
    return reply.code(httpStatusOf(error)).send({ error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' });
  }
});
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8080) });
console.log(`listening on ${address}`);
