/**
 * The reference of the upload burst: a bare HTTP server that copies each request body into a
 * file of its folder and answers 200, with no parsing, validation or database (a loopback
 * copy). `node --import tsx bench/lib/bare-upload.ts <folder>`.
 */
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const folder = process.argv[2]!;
let next = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    // The status of an upload never begun (asked only by a resend).
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"parts":[],"recordingId":null}');
    return;
  }
  const file = path.join(folder, `upload-${next++}`);
  pipeline(req, createWriteStream(file)).then(
    () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}'),
    () => res.writeHead(500).end(),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
