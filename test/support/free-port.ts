import { AddressInfo, createServer } from 'node:net';

/** A loopback port nothing listens on right now (for servers the tests start themselves). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}
