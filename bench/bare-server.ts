// The baseline for the read benchmark: plain Fastify answering Folio's own response body from memory,
// at Folio's route. The gap between the two is what Nest, auth, the query bus and the read store cost.
// Run as its own process (like Folio) with PORT, BODY and CONTENT_TYPE (Folio's) in the environment.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const body = process.env.BODY ?? '{}';
const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';

const app = Fastify({ logger: false });
app.get('/v1/orgs/:organizationId', async (_request, reply) => {
  // A pre-serialized string: no JSON.stringify per request, the cheapest honest answer.
  return reply.header('content-type', contentType).send(body);
});
app.get('/health', async () => ({ status: 'ok' }));

app.listen({ port, host: '127.0.0.1' }).catch((error) => {
  console.error(error);
  process.exit(1);
});
// Same stop signal as Folio's API: the bench stops both the same way.
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
