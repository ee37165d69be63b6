/**
 * autocannon in its own process (so that the load generator does not share the server's event
 * loop): `node --import tsx bench/lib/cannon.ts '<LoadOptions JSON>'` prints the result as JSON.
 * Every request takes the next path of the list, so a run covers all of them.
 */
import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './server';

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
let next = 0;

const result = await autocannon({
  url: options.origin,
  connections: options.connections,
  duration: options.seconds,
  headers: options.headers,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length] }),
    },
  ],
});

const answer: LoadResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
process.stdout.write(JSON.stringify(answer));
