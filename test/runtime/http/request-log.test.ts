// The request log: one JSON line per request with a unique request id, buffered into few writes,
// and no line lost when the server stops on SIGTERM (runtime/server.ts flushes before it exits).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import Koa from 'koa';
import { requestLog } from '../../../runtime/http/request-log.js';
import { rawRequest } from '../../helpers/raw-http.js';
import { BufferedLines, flushLogs } from '../../../runtime/logger.js';
import type { AppState } from '../../../runtime/http/state.js';

const CHILD = fileURLToPath(new URL('./request-log-child.ts', import.meta.url));

describe('runtime/http/request-log', () => {
  it('gives every request a distinct id, keeps a well-formed incoming one, and logs one line each', async () => {
    const lines: string[] = [];
    const app = new Koa<AppState>();
    app.use(requestLog((line) => lines.push(line)));
    app.use((ctx) => {
      ctx.body = ctx.state.requestId;
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ids = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${url}/p?q=secret@example.com`);
        const id = await res.text();
        expect(res.headers.get('x-request-id')).to.equal(id);
        expect(id).to.match(/^[A-Za-z0-9._-]{8,64}$/);
        ids.add(id);
      }
      expect(ids.size).to.equal(50);
      const kept = await fetch(url, { headers: { 'x-request-id': 'from-the-proxy-1234' } });
      expect(await kept.text()).to.equal('from-the-proxy-1234');
      const replaced = await fetch(url, { headers: { 'x-request-id': 'bad id!' } });
      expect(await replaced.text()).to.not.equal('bad id!');
      expect(lines).to.have.length(52);
      const first = JSON.parse(lines[0]) as Record<string, unknown>;
      expect(first).to.include({ level: 'info', method: 'GET', path: '/p', status: 200 });
      expect(lines[0]).to.not.include('secret@example.com');
    } finally {
      server.close();
    }
  });

  it('writes a line that parses as JSON whatever characters the path holds', async () => {
    const lines: string[] = [];
    const app = new Koa<AppState>();
    app.use(requestLog((line) => lines.push(line)));
    app.use((ctx) => {
      ctx.status = 404;
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // node's parser takes quotes and backslashes in a path as they come
      await rawRequest((server.address() as AddressInfo).port, '/a"b\\c/"');
      expect(lines).to.have.length(1);
      const line = JSON.parse(lines[0]) as Record<string, unknown>;
      expect(line).to.include({ level: 'info', method: 'GET', status: 404 });
      expect(line.path)
        .to.be.a('string')
        .and.match(/^\/a"b\\c\//);
      expect(new Date(line.time as string).toISOString()).to.equal(line.time);
      expect(line.ms).to.be.a('number');
    } finally {
      server.close();
    }
  });

  it('buffers lines into one write per batch, in order, and writes the rest on flushLogs()', () => {
    const writes: string[] = [];
    const buffer = new BufferedLines((text) => writes.push(text), 60_000, 100);
    buffer.push('a'.repeat(40));
    buffer.push('b'.repeat(40));
    expect(writes).to.deep.equal([]);
    buffer.push('c'.repeat(40)); // 123 bytes ≥ 100: written at once
    expect(writes).to.deep.equal([`${'a'.repeat(40)}\n${'b'.repeat(40)}\n${'c'.repeat(40)}\n`]);
    buffer.push('d');
    flushLogs();
    expect(writes[1]).to.equal('d\n');
    flushLogs();
    expect(writes).to.have.length(2);
  });

  it('writes a batch after its delay without a flush', async () => {
    const writes: string[] = [];
    const buffer = new BufferedLines((text) => writes.push(text), 5);
    buffer.push('one');
    buffer.push('two');
    await new Promise((r) => setTimeout(r, 30));
    expect(writes).to.deep.equal(['one\ntwo\n']);
  });

  it('loses no line when the server stops on SIGTERM in the middle of a load', async function () {
    this.timeout(20000);
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', () => {
        const m = /listening (http:\/\/\S+)/.exec(stderr);
        if (m) resolve(m[1]);
      });
      void exited.then((code) => reject(new Error(`child exited (${code}): ${stderr}`)));
    });
    // Keep 8 requests in flight while the signal arrives; count the 200 answers.
    let answered = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${url}/slow`);
          await res.text();
          if (res.status === 200) answered++;
        } catch {
          return; // refused once the server stops
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    stop = true;
    await Promise.all(workers);
    expect(await exited).to.equal(0);
    const logged = stdout.split('\n').filter((l) => l.startsWith('{'));
    expect(answered).to.be.greaterThan(20);
    expect(logged.filter((l) => (JSON.parse(l) as { status: number }).status === 200)).to.have.length(
      answered,
    );
  });
});
