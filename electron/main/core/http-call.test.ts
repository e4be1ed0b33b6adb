/**
 * The keep-alive race: a server that closes an idle connection just as a request is sent on it. A raw TCP server
 * answers the first request of each connection and drops the connection when a second one arrives on it.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpCall } from './http-call.ts';

const OK =
  'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok';

/** Starts a server answering each connection's first request and resetting the connection on its second. */
async function dropOnSecondRequest(): Promise<{ server: Server; url: URL; requests: () => number }> {
  let requests = 0;
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    let seen = 0;
    socket.on('data', (chunk: Buffer) => {
      // One request per chunk is enough for these small GETs and PATCHes.
      if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
      requests += 1;
      seen += 1;
      if (seen === 1) socket.write(OK);
      else socket.resetAndDestroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { server, url: new URL(`http://127.0.0.1:${port}/v1/orgs`), requests: () => requests };
}

let open: Server | undefined;
/** Every connection the test servers accepted: the agent keeps idle ones, which would hold `close` forever. */
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((done) => (open ? open.close(() => done()) : done()));
  open = undefined;
});

const call = (url: URL, method = 'GET', body?: string) =>
  httpCall(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
    signal: new AbortController().signal,
  });

describe('httpCall on keep-alive connections', () => {
  it('sends a request again on a fresh connection when the reused one is reset before any answer', async () => {
    const { server, url, requests } = await dropOnSecondRequest();
    open = server;
    expect((await call(url)).text).toBe('ok');
    // The second call reuses the first connection, which the server resets; the call is sent once more.
    const second = await call(url, 'PATCH', '{"role":"comment"}');
    expect(second.status).toBe(200);
    expect(second.text).toBe('ok');
    expect(requests()).toBe(3);
  });

  it('does not send again a request whose fresh connection is reset', async () => {
    let requests = 0;
    const server = createServer((socket: Socket) => {
      sockets.add(socket);
      socket.on('data', () => {
        requests += 1;
        socket.resetAndDestroy();
      });
      socket.on('error', () => undefined);
    });
    open = server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    await expect(call(new URL(`http://127.0.0.1:${port}/v1/orgs`))).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(requests).toBe(1);
  });
});
