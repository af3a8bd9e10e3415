// `storefront check-theme` as CI runs it: the compiled CLI (npm run build first), exit codes 0/1/2,
// output formats on stdout, --fix/--list/--init, and the starter theme coming out clean.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/storefront');
const VIOLATIONS = 'test/fixtures/themes/violations';
const FIXABLE = join(ROOT, 'test/fixtures/themes/fixable');
const run = promisify(execFile);

/** Runs `storefront check-theme …` from the package root; never throws. */
async function checkTheme(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, 'check-theme', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      timeout: 60000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('storefront check-theme (CLI)', function () {
  this.timeout(60000);
  let tmp: string;
  before(() => {
    if (!existsSync(join(ROOT, 'dist/bin/commands/check-theme.js')))
      throw new Error('run `npm run build` before these tests (dist/ has no check-theme command)');
    tmp = mkdtempSync(join(tmpdir(), 'check-theme-cli-'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  /** A fresh copy of the fixable theme. */
  const copyFixable = (name: string) => {
    const dir = join(tmp, name);
    cpSync(FIXABLE, dir, { recursive: true });
    return dir;
  };

  it('exits 1 on the violations theme, text grouped per file with paths from the current directory', async () => {
    const res = await checkTheme([VIOLATIONS], { NO_COLOR: '1' });
    expect(res.code).to.equal(1);
    expect(res.stdout).to.include(`${VIOLATIONS}/pages/login.hbs:3:1 error csrf-token-missing `);
    expect(res.stdout).to.match(/✖ 40 problems \(30 errors, 10 warnings, 0 info\)/);
    expect(res.stdout).not.to.include('\u001b[');
  });

  it('prints json, sarif and github formats on stdout', async () => {
    const json = await checkTheme([VIOLATIONS, '--format', 'json']);
    expect(json.code).to.equal(1);
    const report = JSON.parse(json.stdout);
    expect(report.version).to.equal(2);
    expect(report.findings[0]).to.include.keys('endLine', 'endColumn');
    expect(report.summary).to.deep.equal({ error: 30, warning: 10, info: 0, files: 15 });
    const sarif = JSON.parse((await checkTheme([VIOLATIONS, '--format', 'sarif'])).stdout);
    expect(sarif.version).to.equal('2.1.0');
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.region).to.include.keys(
      'endLine',
      'endColumn',
    );
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).to.match(
      /^test\/fixtures\/themes\/violations\//,
    );
    const github = await checkTheme([VIOLATIONS, '--format', 'github']);
    expect(github.stdout.split('\n')[0]).to.match(
      /^::error file=test\/fixtures\/themes\/violations\/assets\/js\/cart\.js,line=8,col=\d+,title=client-side-price::/,
    );
  });

  it('--fix repairs a copy of the fixable theme, says what it changed, and then exits 0', async () => {
    const dir = copyFixable('fix');
    expect((await checkTheme([dir])).code).to.equal(1);
    const fixed = await checkTheme([dir, '--fix']);
    expect(fixed.code, fixed.stdout + fixed.stderr).to.equal(0);
    expect(fixed.stderr).to.include(
      'pages/login.hbs:3 csrf-token-missing: added <input type="hidden" name="_token"',
    );
    expect(fixed.stderr).to.include('check-theme --fix: 6 changes');
    expect(fixed.stdout).to.include('✔ no problems in 15 files');
    expect((await checkTheme([dir])).code).to.equal(0);
  });

  it('--fail-level decides which severities fail, and the config file can turn rules off', async () => {
    const dir = copyFixable('levels');
    await checkTheme([dir, '--fix']);
    writeFileSync(
      join(dir, 'pages/about.hbs'),
      '<title>About</title><p>Pay now with your credit card.</p>\n',
    );
    expect((await checkTheme([dir])).code).to.equal(0);
    expect((await checkTheme([dir, '--fail-level', 'warning'])).code).to.equal(1);
    writeFileSync(
      join(dir, '.storefront-theme.json'),
      JSON.stringify({ rules: { 'unsupported-feature-text': 'off' } }),
    );
    expect((await checkTheme([dir, '--fail-level', 'info'])).code).to.equal(0);
    const other = join(tmp, 'strict.json');
    writeFileSync(other, JSON.stringify({ rules: { 'unsupported-feature-text': 'error' } }));
    expect((await checkTheme([dir, '--config', other])).code).to.equal(1);
  });

  it('exits 2 with one line on usage errors: no folder, not a theme, unknown format, bad config', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[join(tmp, 'nope')], /no such folder/],
      [['test/fixtures'], /is not a theme: it has no pages\/ folder/],
      [[VIOLATIONS, '--format', 'xml'], /argument 'xml' is invalid/],
      [[VIOLATIONS, '--fail-level', 'fatal'], /argument 'fatal' is invalid/],
      [[VIOLATIONS, '--config', join(tmp, 'missing.json')], /does not exist/],
    ];
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ rules: { 'no-such-rule': 'off' } }));
    cases.push([[VIOLATIONS, '--config', bad], /unknown rule "no-such-rule"/]);
    for (const [args, message] of cases) {
      const res = await checkTheme(args);
      expect(res.code, args.join(' ')).to.equal(2);
      expect(res.stderr, args.join(' ')).to.match(message);
      expect(res.stdout).to.equal('');
    }
  });

  it('exits 2 when the linter crashes, never 0', async () => {
    const dir = copyFixable('crash');
    symlinkSync(join(tmp, 'does-not-exist'), join(dir, 'pages', 'broken.hbs'));
    const res = await checkTheme([dir]);
    expect(res.code).to.equal(2);
    expect(res.stderr).to.match(/^storefront: check-theme crashed: .*ENOENT/);
    expect(res.stderr.trim().split('\n')).to.have.length(1);
  });

  it('--list prints every rule with its severity; --init writes a starter config once', async () => {
    const list = await checkTheme(['--list']);
    expect(list.code).to.equal(0);
    expect(list.stdout).to.match(
      /^csrf-token-missing\s+error\s+fix\s+a form posting to \/_post\/… without a _token field$/m,
    );
    expect(list.stdout).to.match(/^unsupported-feature-text\s+warning\s+/m);
    const rules = JSON.parse((await checkTheme(['--list', '--format', 'json'])).stdout) as Array<{
      id: string;
      helpUri: string;
    }>;
    expect(rules.map((r) => r.id)).to.include('login-next-allowed');
    expect(rules.find((r) => r.id === 'page-title')!.helpUri).to.match(/\/docs\/check-theme\.md#page-title$/);

    const dir = join(tmp, 'init');
    mkdirSync(join(dir, 'pages'), { recursive: true });
    expect((await checkTheme([dir, '--init'])).code).to.equal(0);
    const config = JSON.parse(readFileSync(join(dir, '.storefront-theme.json'), 'utf8'));
    expect(config.rules['missing-page']).to.equal('error');
    const again = await checkTheme([dir, '--init']);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.include('already exists');
  });

  it('reports {{product.descripton}} as unknown-field with the suggestion description (typed templates)', async () => {
    const res = await checkTheme(['test/fixtures/themes/typed', '--format', 'json']);
    expect(res.code).to.equal(1);
    const finding = (
      JSON.parse(res.stdout) as {
        findings: Array<{
          rule: string;
          file: string;
          line: number;
          column: number;
          endColumn: number;
          message: string;
        }>;
      }
    ).findings.find((f) => f.rule === 'unknown-field' && f.file.endsWith('pages/products/show.hbs'));
    expect(finding).to.include({ line: 6, column: 10, endColumn: 28 });
    expect(finding!.message).to.include('did you mean `description`?');
  });

  it('passes the starter theme, even at the info level', async () => {
    const res = await checkTheme(['themes-starter', '--fail-level', 'info']);
    expect(res.code, res.stdout + res.stderr).to.equal(0);
    expect(res.stdout).to.match(/^✔ no problems in \d+ files/);
  });
});
