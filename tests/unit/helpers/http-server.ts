import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** `X-Refresh-Transport` (the client asking for the refresh token as a cookie only). */
  refreshTransport?: string;
  /** The request body as text ('' when none). */
  body: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Answer only after this many milliseconds (to make calls overlap). */
  delayMs?: number;
  /** Send the headers and half the body, then drop the connection (the network failing mid-answer). */
  cutBody?: boolean;
  /** Answer this HTML page instead of JSON (a captive portal). */
  html?: string;
  /** Extra answer headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
}

export type Handler = (req: SeenRequest) => Reply;

export interface TestHttpServer {
  origin: string;
  seen: SeenRequest[];
  /** What the server answers from now on. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a free port that answers JSON as the test says. */
export async function startHttpServer(): Promise<TestHttpServer> {
  const seen: SeenRequest[] = [];
  let handler: Handler = () => ({ status: 404, body: { message: 'Не найдено' } });
  const server = http.createServer((req, res) => {
    const request: SeenRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      authorization: req.headers.authorization,
      ...(typeof req.headers['x-refresh-transport'] === 'string'
        ? { refreshTransport: req.headers['x-refresh-transport'] }
        : {}),
      body: '',
    };
    seen.push(request);
    req.setEncoding('utf8');
    req.on('data', (text: string) => {
      request.body += text;
    });
    req.on('end', () => {
      const reply = handler(request);
      setTimeout(() => {
        if (reply.cutBody) {
          const text = JSON.stringify(reply.body ?? {});
          res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': text.length });
          res.write(text.slice(0, Math.floor(text.length / 2)));
          setTimeout(() => res.destroy(), 20);
        } else if (reply.html !== undefined) {
          res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8' });
          res.end(reply.html);
        } else if (reply.body === undefined) {
          res.writeHead(reply.status).end();
        } else {
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(JSON.stringify(reply.body));
        }
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    handle: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The app calls its API by path ('/api/...'), which a browser resolves against the page's origin;
 * Node's fetch needs the origin spelled out, so relative URLs go to `origin`.
 */
export function resolveRelativeFetch(origin: string): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input, init);
  return () => {
    globalThis.fetch = realFetch;
  };
}
