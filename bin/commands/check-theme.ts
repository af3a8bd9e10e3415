// storefront check-theme [DIR=.] [--format text|json|sarif|github] [--config FILE]
//   [--fail-level error|warning|info] [--fix] [--list] [--init]
// Exit 0: nothing at or above the fail level; 1: something is; 2: usage error or a linter crash
// (a crash must never look like a pass).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { packageRoot } from '../../runtime/paths.js';
import { UserError } from '../../runtime/user-error.js';
// types.ts holds no engine code (type-only imports), so this static import keeps the CLI start-up light.
import { SEVERITIES, severityRank, type Severity } from '../../runtime/theme/lint/types.js';
import { CliError, note } from '../cli-kit.js';

type Format = 'text' | 'json' | 'sarif' | 'github';

interface CheckThemeOptions {
  format: Format;
  config?: string;
  failLevel: Severity;
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
        .choices(SEVERITIES)
        .default('error'),
    )
    .option(
      '--fix',
      'apply the mechanical fixes (the rules --list marks "fix": _token fields, rel values, method="post", {{asset}} URLs, defer, image sizes, label ids, page titles), then report what is left',
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
        // A bad config file (LintConfigError) is a usage error: its one line as it is, exit 2.
        if (err instanceof UserError) throw new CliError(err.message, 2);
        const e = err as Error & { code?: string };
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
  // Both module graphs at once: the loader reads the files of one while it compiles the other's.
  const [lint, { TEMPLATE_OBJECTS: objects }] = await Promise.all([
    import('../../runtime/theme/lint/index.js'),
    import('../../runtime/template-objects.js'),
  ]);
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
            helpUri: lint.ruleHelpUri(r),
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
  const config = lint.loadLintConfig(dir, opts.config ? resolve(opts.config) : undefined);

  if (opts.fix) {
    const changes = lint.fixTheme(dir, { objects, config });
    const shown = await themePaths(dir, changes.length > 0);
    for (const c of changes) note(`fixed ${shown(c.file)}:${c.line} ${c.rule}: ${c.description}`);
    note(
      changes.length
        ? `check-theme --fix: ${changes.length} change${changes.length === 1 ? '' : 's'}`
        : 'check-theme --fix: nothing to fix',
    );
  }

  const result = lint.lintTheme(dir, { objects, config });
  const shown = await themePaths(dir, result.findings.length > 0);
  const findings = result.findings.map((f) => ({ ...f, file: shown(f.file) }));
  // Only the formatter asked for is loaded.
  switch (opts.format) {
    case 'json': {
      const { formatJson } = await import('../../runtime/theme/lint/format/json.js');
      out(formatJson(findings, result.files));
      break;
    }
    case 'sarif': {
      const { formatSarif } = await import('../../runtime/theme/lint/format/sarif.js');
      out(formatSarif(findings, { rules: lint.RULES, version: version() }));
      break;
    }
    case 'github': {
      const { formatGithub } = await import('../../runtime/theme/lint/format/github.js');
      out(formatGithub(findings));
      break;
    }
    default: {
      const { formatText } = await import('../../runtime/theme/lint/format/text.js');
      out(
        formatText(findings, {
          files: result.files,
          color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
        }),
      );
    }
  }
  return findings.some((f) => severityRank(f.severity) >= severityRank(opts.failLevel)) ? 1 : 0;
}

/** How findings name files: relative to the current directory when the theme is in it, else to the theme. */
async function themePaths(dir: string, needed: boolean): Promise<(file: string) => string> {
  if (!needed) return (file) => file;
  // The dev overlay's displayPath (one definition for both commands). The overlay module loads ajv,
  // ~40 ms, so a clean run never imports it.
  const { displayPath } = await import('../../devserver/overlay.js');
  return (file) => {
    const shown = displayPath(join(dir, file), process.cwd());
    return isAbsolute(shown) ? file : shown;
  };
}
