/**
 * The reference of the list benches: a bare Fastify route that answers each path with the exact
 * bytes the real server answered for it (read from a JSON file of path → body), as JSON, with no
 * authentication, validation or database. `node --import tsx bench/lib/bare-server.ts <file>`.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>).map(
    ([url, body]) => [url, Buffer.from(body)],
  ),
);
const app = Fastify({ logger: false });
const empty = Buffer.from('{}');

app.get('/*', (request, reply) => {
  reply.type('application/json; charset=utf-8').send(bodies.get(request.url) ?? empty);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
