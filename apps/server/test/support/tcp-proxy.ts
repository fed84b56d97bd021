import net from 'node:net';

// a load balancer in miniature: each new connection goes to the next backend that accepts it,
// so when an instance dies its clients reconnect through here to one that is alive

export interface TcpProxy {
  port: number;
  url: string;
  /** connections handed to each backend port so far */
  served: Map<number, number>;
  close(): Promise<void>;
}

export async function startTcpProxy(backends: () => number[]): Promise<TcpProxy> {
  let next = 0;
  const served = new Map<number, number>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const ports = backends();
    const tryPort = (attempt: number) => {
      if (attempt >= ports.length) {
        client.destroy();
        return;
      }
      const port = ports[(next + attempt) % ports.length] as number;
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        next = (next + attempt + 1) % ports.length;
        served.set(port, (served.get(port) ?? 0) + 1);
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        upstream.on('error', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => tryPort(attempt + 1));
    };
    tryPort(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
