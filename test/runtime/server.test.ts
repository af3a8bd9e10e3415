// Graceful stop of runtime/server.ts on a real listening server: requests on connections accepted
// before the stop are answered (with Connection: close), idle keep-alive sockets are closed, new
// connections are refused.
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { listen, type RunningServer } from '../../runtime/server.js';

/** Opens a socket and resolves once it is connected. */
function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on socket until it closes it (or an error code). */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8').on('data', (c: string) => (text += c));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(`${text}<${err.code}>`));
    socket.once('close', () => resolve(text));
  });
}

const waitFor = async (check: () => Promise<boolean> | boolean) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 5));
};

describe('runtime/server', () => {
  let running: RunningServer;

  beforeEach(async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    running = await listen(app, '127.0.0.1', 0);
  });

  it('answers requests that arrive on connections accepted before the stop', async () => {
    const sockets = await Promise.all(Array.from({ length: 10 }, () => open(running.port)));
    await waitFor(
      () => new Promise<boolean>((r) => running.server.getConnections((_e, n) => r(n === sockets.length))),
    );
    const replies = sockets.map(readAll);
    const closed = running.close(5000);
    for (const s of sockets) s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const texts = await Promise.all(replies);
    for (const text of texts) {
      expect(text).to.match(/^HTTP\/1\.1 200 OK/);
      expect(text.toLowerCase()).to.include('connection: close');
      expect(text.endsWith('ok')).to.equal(true);
    }
    await closed;
  });

  it('answers a request sent on an idle keep-alive socket just after the stop, then closes it', async () => {
    const socket = await open(running.port);
    let text = '';
    const answered = (n: number) =>
      waitFor(() => (text.match(/HTTP\/1\.1 200 OK/g) ?? []).length === n && text.endsWith('ok'));
    socket.setEncoding('utf8').on('data', (c: string) => (text += c));
    const ended = new Promise((r) => socket.once('close', r));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await answered(1);
    expect(text).to.include('keep-alive');
    const closed = running.close(60000); // past mocha's timeout: passes only if nothing waits for the grace
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'); // the next request, already on its way
    await answered(2);
    expect(text.slice(text.lastIndexOf('HTTP/1.1')).toLowerCase()).to.include('connection: close');
    await ended;
    await closed;
  });

  it('closes idle keep-alive sockets after the linger and refuses new connections', async () => {
    const socket = await open(running.port);
    socket.resume();
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => socket.once('data', r));
    const ended = new Promise((r) => socket.once('close', r));
    await running.close(60000);
    await ended;
    const refused = await open(running.port).then(
      (s) => (s.destroy(), 'connected'),
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(refused).to.equal('ECONNREFUSED');
  });
});
