// A TCP port free on 127.0.0.1 right now, for a process that must know its port before it starts
// (an issuer URL, a compiled server's SSO_PORT).
import net from 'node:net';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
