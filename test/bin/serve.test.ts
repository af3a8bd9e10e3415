// `storefront serve` as operators start it (the compiled CLI): the start-up warning for a public bind
// with neither a trusted proxy nor --allow-http, and --metrics on its own listener.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { prepareDatabase, tempSqliteUrl, TEST_SECRET } from '../helpers/server.js';
import { freePort } from '../helpers/ports.js';

const BIN = new URL('../../bin/storefront', import.meta.url).pathname;

/** Starts serve and resolves with its stderr once it has printed everything it prints at start. */
function serve(args: string[], until: RegExp): Promise<{ child: ChildProcess; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    env: { ...process.env, STOREFRONT_SECRET: TEST_SECRET, DATABASE_URL: '', NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (until.test(stderr)) resolve({ child, stderr });
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
  });
}

describe('bin/storefront serve', () => {
  let url: string;
  let cleanup: () => void;
  const children: ChildProcess[] = [];

  before(async () => {
    const tmp = tempSqliteUrl();
    url = tmp.url;
    cleanup = tmp.cleanup;
    await prepareDatabase(url);
  });
  after(() => {
    for (const c of children) c.kill('SIGKILL');
    cleanup();
  });

  it('warns once at start when it binds a public address with neither --trust-proxy nor --allow-http', async () => {
    const bare = await serve(['--database', url, '--host', '0.0.0.0', '--port', '0'], /warning:.*\n/);
    children.push(bare.child);
    await new Promise((r) => setTimeout(r, 200)); // anything printed right after the banner
    const warnings = bare.stderr.split('\n').filter((l) => l.includes('warning:'));
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('--trust-proxy');

    const proxied = await serve(
      ['--database', url, '--host', '0.0.0.0', '--port', '0', '--trust-proxy'],
      /theme .*\n/,
    );
    children.push(proxied.child);
    await new Promise((r) => setTimeout(r, 200));
    expect(proxied.stderr).not.to.include('warning:');
  });

  it('serves /metrics on its own loopback port with --metrics PORT', async () => {
    const port = await freePort();
    const started = await serve(
      ['--database', url, '--port', '0', '--metrics', String(port)],
      /metrics http/,
    );
    children.push(started.child);
    expect(started.stderr).to.include(`metrics http://127.0.0.1:${port}/metrics`);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).to.equal(200);
    expect(await res.text()).to.include('# TYPE storefront_http_requests_total counter');
  });
});
