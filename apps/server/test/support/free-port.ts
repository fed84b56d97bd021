import net from 'node:net';

/** a port nothing listens on right now, as the kernel hands one out (a random pick in a range can
 * meet another process's connection: CI once drew 32826, in the range outgoing connections use) */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
