// The CLI as users run it: `node bin/storefront …` (the compiled build), exit codes and one-line errors.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const BIN = new URL('../../bin/storefront', import.meta.url).pathname;
const run = promisify(execFile);

/** Runs the CLI; never throws, returns exit code and output. */
export async function storefront(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, DATABASE_URL: '', STOREFRONT_BCRYPT_COST: '4', ...options.env },
      timeout: 60000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('bin/storefront', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'storefront-cli-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('loads no database driver, knex or Koa for --help, --version and check-theme', async () => {
    // CI calls check-theme on every push: it should cost a Node start-up, not the whole runtime.
    const cli = new URL('../../dist/bin/cli.js', import.meta.url).href;
    const theme = new URL('../../themes-starter', import.meta.url).pathname;
    for (const args of [['--help'], ['--version'], ['check-theme', theme, '--format', 'json']]) {
      const script = `
        import { createRequire } from 'node:module';
        const { main } = await import(${JSON.stringify(cli)});
        const write = process.stdout.write.bind(process.stdout);
        process.stdout.write = () => true;
        await main(['node', 'storefront', ...${JSON.stringify(args)}]);
        process.stdout.write = write;
        const loaded = Object.keys(createRequire(import.meta.url).cache);
        console.log(JSON.stringify(['knex', 'mysql2', 'better-sqlite3', 'koa'].filter((name) =>
          loaded.some((file) => file.includes(\`/node_modules/\${name}/\`)))));`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
      expect(JSON.parse(stdout.trim().split('\n').pop()!), args.join(' ')).to.deep.equal([]);
    }
  });

  it('prints help with examples and the version', async () => {
    const help = await storefront(['--help']);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('Examples:');
    expect(help.stdout).to.include('migrate');
    const version = await storefront(['--version']);
    expect(version.stdout.trim()).to.match(/^\d+\.\d+\.\d+$/);
  });

  it('exits 2 with one line for a usage error', async () => {
    const res = await storefront(['--no-such-flag']);
    expect(res.code).to.equal(2);
    expect(res.stderr).to.include("unknown option '--no-such-flag'");
    expect((await storefront(['migrate', 'sideways'])).code).to.equal(2);
  });

  it('exits 1 with one clear line when the database is unreachable', async () => {
    const res = await storefront(['migrate', '--database', 'mysql://nobody@127.0.0.1:1/x']);
    expect(res.code).to.equal(1);
    expect(res.stderr.trim().split('\n')).to.have.length(1);
    expect(res.stderr).to.match(
      /^storefront: cannot reach database MySQL nobody@127\.0\.0\.1:1\/x: .*ECONNREFUSED/,
    );
  });

  it('names a malformed database URL', async () => {
    const res = await storefront(['migrate', '--database', 'postgres://x/y']);
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include('"postgres://x/y" is not supported');
  });

  it('migrates, seeds idempotently and manages sites on the embedded SQLite file', async () => {
    const migrate = await storefront(['migrate'], { cwd: dir });
    expect(migrate.code).to.equal(0);
    expect(migrate.stderr).to.include('no DATABASE_URL set, using the embedded SQLite file');
    expect(migrate.stdout).to.include('Applied');
    expect((await storefront(['migrate'], { cwd: dir })).stdout).to.include('Already up to date.');
    const seed = await storefront(['seed'], { cwd: dir });
    expect(seed.code, seed.stderr).to.equal(0);
    expect(seed.stdout).to.match(/Seeded the default site: \d+ products/);
    const again = await storefront(['seed', '--json'], { cwd: dir });
    expect(JSON.parse(again.stdout).changed).to.equal(0);
    const add = await storefront(['sites', 'add', 'shop.example.com', '--name', 'Example'], { cwd: dir });
    expect(add.code).to.equal(0);
    expect((await storefront(['sites', 'add', 'shop.example.com'], { cwd: dir })).stderr).to.include(
      'exists already',
    );
    expect((await storefront(['sites', 'add', 'https://bad/'], { cwd: dir })).code).to.equal(1);
    const list = JSON.parse((await storefront(['sites', 'list', '--json'], { cwd: dir })).stdout) as Array<{
      host: string | null;
    }>;
    expect(list.map((s) => s.host)).to.deep.equal([null, 'shop.example.com']);
  });

  it('exits 1 with one line when the port is taken, for serve and for dev', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = String((taken.address() as { port: number }).port);
    try {
      for (const command of ['serve', 'dev']) {
        const res = await storefront([command, '--port', port, '--host', '127.0.0.1'], { cwd: dir });
        expect(res.code, `${command}: ${res.stderr}`).to.equal(1);
        expect(res.stderr).to.include(
          `storefront: port ${port} on 127.0.0.1 is already in use (choose another with --port)`,
        );
        expect(res.stderr).not.to.match(/\n\s+at /);
      }
    } finally {
      taken.close();
    }
  });

  it('refuses a bad --catalog-cache-ms with one line before starting anything', async () => {
    const res = await storefront(['serve', '--catalog-cache-ms', 'soon', '--port', '0'], { cwd: dir });
    expect(res.code).to.equal(1);
    expect(res.stderr.trim()).to.equal('storefront: catalog cache (ms) must be an integer, got "soon"');
  });

  it('reports a bad fixtures file with its pointer', async () => {
    const res = await storefront(['seed', '--fixtures', join(dir, 'missing.json')], { cwd: dir });
    expect(res.code).to.equal(1);
    expect(res.stderr).to.include('missing.json: /: cannot read: ENOENT');
  });
});
