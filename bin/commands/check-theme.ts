// storefront check-theme [DIR=.] [--format text|json|sarif|github] [--config FILE]
//   [--fail-level error|warning|info] [--fix] [--list] [--init]
// Exit 0: nothing at or above the fail level; 1: something is; 2: usage error or a linter crash
// (a crash must never look like a pass).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Option, type Command } from 'commander';
import { packageRoot } from '../../runtime/paths.js';
import { CliError, note } from '../cli-kit.js';

type Format = 'text' | 'json' | 'sarif' | 'github';
type Level = 'error' | 'warning' | 'info';

interface CheckThemeOptions {
  format: Format;
  config?: string;
  failLevel: Level;
  fix?: boolean;
  list?: boolean;
  init?: boolean;
}

/** Registers `storefront check-theme`. */
export function registerCheckTheme(program: Command): void {
  program
    .command('check-theme')
    .description(
      'lint a theme for CI: contract violations, broken templates, missing pages (exit 1 when something reaches --fail-level)',
    )
    .argument('[dir]', 'theme folder (with layouts/, pages/, partials/, assets/)', '.')
    .addOption(
      new Option('--format <format>', 'output format')
        .choices(['text', 'json', 'sarif', 'github'])
        .default('text'),
    )
    .option('--config <file>', 'config file (default: DIR/.storefront-theme.json when present)')
    .addOption(
      new Option('--fail-level <level>', 'lowest severity that makes the exit code 1')
        .choices(['error', 'warning', 'info'])
        .default('error'),
    )
    .option(
      '--fix',
      'apply the mechanical fixes (rel="noopener noreferrer", the hidden _token field), then report what is left',
    )
    .option('--list', 'list the rules with their ids, default severities and descriptions')
    .option('--init', 'write a starter .storefront-theme.json into DIR (never overwrites)')
    // Usage errors (an unknown --format, say) throw to main(), which exits 2, instead of exiting 1 here.
    .exitOverride()
    .addHelpText(
      'after',
      `
Examples:
  $ storefront check-theme themes/my-shop
  $ storefront check-theme . --format sarif > check-theme.sarif
  $ storefront check-theme --format github --fail-level warning
  $ storefront check-theme themes/my-shop --fix
  $ storefront check-theme --list

Inline: {{!-- check-theme-disable-next-line RULE --}}, {{!-- check-theme-disable RULE --}} … {{!-- check-theme-enable RULE --}}
Exit codes: 0 clean, 1 findings at or above --fail-level, 2 usage error or linter crash.`,
    )
    .action(async (dir: string, opts: CheckThemeOptions) => {
      try {
        process.exitCode = await checkTheme(dir, opts);
      } catch (err) {
        if (err instanceof CliError) throw err;
        const e = err as Error & { code?: string };
        if (e?.name === 'ConfigError') throw new CliError(e.message, 2);
        if (e?.name === 'TemplateError' && e.code === 'not_a_theme') throw new CliError(e.message, 2);
        const crash = new CliError(
          `check-theme crashed: ${e?.message ?? String(err)} (a bug in the linter, not a pass; run with --verbose for the stack)`,
          2,
        );
        crash.stack = e?.stack ?? crash.stack;
        throw crash;
      }
    });
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return '0.0.0';
  }
}

async function checkTheme(dirArg: string, opts: CheckThemeOptions): Promise<number> {
  const lint = await import('../../runtime/theme/lint/index.js');
  const out = (s: string) => process.stdout.write(s);

  if (opts.list) {
    if (opts.format === 'json') {
      out(
        `${JSON.stringify(
          lint.RULES.map((r) => ({
            id: r.id,
            severity: r.severity,
            fixable: Boolean(r.fix),
            description: r.description,
            help: r.help,
          })),
          null,
          2,
        )}\n`,
      );
    } else {
      const width = Math.max(...lint.RULES.map((r) => r.id.length));
      for (const r of lint.RULES)
        out(`${r.id.padEnd(width)}  ${r.severity.padEnd(7)}  ${r.fix ? 'fix' : '   '}  ${r.description}\n`);
    }
    return 0;
  }

  const dir = resolve(dirArg);
  if (!existsSync(dir)) throw new CliError(`no such folder: ${dirArg}`, 2);
  if (!statSync(dir).isDirectory()) throw new CliError(`${dirArg} is not a folder`, 2);

  if (opts.init) {
    const file = opts.config ? resolve(opts.config) : join(dir, lint.CONFIG_FILE);
    if (existsSync(file)) throw new CliError(`${file} already exists; not overwriting it`, 1);
    writeFileSync(file, lint.starterConfig());
    note(
      `wrote ${file}: every rule at its default severity; set a rule to "off", "info", "warning" or "error"`,
    );
    return 0;
  }

  if (!existsSync(join(dir, 'pages')))
    throw new CliError(`${dirArg} is not a theme: it has no pages/ folder`, 2);
  const config = lint.loadConfig(dir, opts.config ? resolve(opts.config) : undefined);

  if (opts.fix) {
    const changes = lint.fixTheme(dir, { config });
    for (const c of changes) note(`fixed ${displayPath(dir, c.file)}:${c.line} ${c.rule}: ${c.description}`);
    note(
      changes.length
        ? `check-theme --fix: ${changes.length} change${changes.length === 1 ? '' : 's'}`
        : 'check-theme --fix: nothing to fix',
    );
  }

  const result = lint.lintTheme(dir, { config });
  const findings = result.findings.map((f) => ({ ...f, file: displayPath(dir, f.file) }));
  const { formatText } = await import('../../runtime/theme/lint/format/text.js');
  const { formatJson } = await import('../../runtime/theme/lint/format/json.js');
  const { formatSarif } = await import('../../runtime/theme/lint/format/sarif.js');
  const { formatGithub } = await import('../../runtime/theme/lint/format/github.js');
  switch (opts.format) {
    case 'json':
      out(formatJson(findings, result.files));
      break;
    case 'sarif':
      out(formatSarif(findings, { rules: lint.RULES, version: version() }));
      break;
    case 'github':
      out(formatGithub(findings));
      break;
    default:
      out(
        formatText(findings, {
          files: result.files,
          color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
        }),
      );
  }
  const rank = { error: 3, warning: 2, info: 1 };
  return findings.some((f) => rank[f.severity] >= rank[opts.failLevel]) ? 1 : 0;
}

/** A finding's path as users see it: relative to the current directory when the theme is inside it. */
function displayPath(dir: string, file: string): string {
  const rel = relative(process.cwd(), join(dir, file));
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return file;
  return rel.split(sep).join('/');
}
