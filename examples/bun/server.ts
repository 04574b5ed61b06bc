// Bun: Bun.serve hands over a Fetch Request, verifyRequest takes it as it is. On Bun paysig picks
// the node:crypto backend (the `bun` condition).   PORT=8080 npx bun examples/bun/server.ts
import { httpStatusOf, isPaysigError, verifyRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 8080),
  async fetch(request: Request) {
    try {
      const { operation, scheme } = await verifyRequest(request, { basePath: '/paynet', credentials });
      return Response.json({ operation: operation.id, scheme }); // a real server processes it here
    } catch (error) {
      return Response.json(
        { error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' },
        { status: httpStatusOf(error) },
      );
    }
  },
});
console.log(`listening on ${server.url}`);
