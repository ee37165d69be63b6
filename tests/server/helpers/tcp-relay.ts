import net from 'node:net';

/** A TCP relay to a service (Redis) that can be cut (sockets destroyed, port closed) and restored. */
export async function startRelay(target: URL, defaultPort: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || defaultPort), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `${target.protocol}//127.0.0.1:${port}${target.pathname}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: () => listen(port),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}
