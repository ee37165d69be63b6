/**
 * The events bench's reference: a bare node:http server holding every GET open as a
 * text/event-stream, writing one small event at once and a comment line to every stream on one
 * shared timer (as the server's heartbeat). What 900 open streams cost a Node process without
 * Fastify, the database, the change channel or the snapshots.
 * `node --import tsx bench/lib/bare-events.ts <heartbeat ms>`
 */
import http from 'node:http';

const heartbeatMs = Number(process.argv[2] ?? 15_000);
const open = new Set<http.ServerResponse>();
const first = `event: progress\ndata: ${JSON.stringify({ students: [] })}\n\n`;

const server = http.createServer((req, res) => {
  if (req.url === '/') {
    res.end('ok');
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  res.write(first);
  open.add(res);
  res.on('close', () => open.delete(res));
});
server.keepAliveTimeout = 0;
setInterval(() => {
  for (const res of open) res.write(': \n\n');
}, heartbeatMs).unref();
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
