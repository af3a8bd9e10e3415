// storefront catalog import FILE [--site HOST] [--dry-run] [--archive-missing] [--json]
// storefront catalog export [--format csv|json] [--site HOST] [--output FILE]
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { CliError, note, printJson, siteOf, withDatabase } from '../cli-kit.js';

interface ImportOpts {
  site?: string;
  database?: string;
  dryRun?: boolean;
  archiveMissing?: boolean;
  format?: string;
  json?: boolean;
}

function formatOption(value: string | undefined): 'csv' | 'json' | undefined {
  if (value === undefined || value === 'csv' || value === 'json') return value;
  throw new CliError(`--format must be csv or json, not ${JSON.stringify(value)}`, 2);
}

/** Registers `storefront catalog`. */
export function registerCatalog(program: Command): void {
  const catalog = program
    .command('catalog')
    .description(
      'import a catalog from CSV or JSON (validated first, nothing written on error) or export it',
    );

  catalog
    .command('import')
    .description('create and update products (by slug) and variants (by SKU) from a CSV or JSON file')
    .argument('<file>', 'CSV (one row per variant) or .json in the fixtures’ catalog shape')
    .option('--site <host>', 'host of the site (default: the default site)')
    .option('--dry-run', 'check the file and print what would change; write nothing')
    .option('--archive-missing', 'archive the site’s products the file does not list')
    .option('--format <format>', 'csv or json (default: by the file extension)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL, else sqlite:./storefront.sqlite)')
    .option('--json', 'machine-readable output (with the lists of slugs and SKUs)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront catalog import products.csv --dry-run\n  $ storefront catalog import products.csv --site shop.example.com --archive-missing',
    )
    .action(async (file: string, opts: ImportOpts) => {
      const format = formatOption(opts.format);
      const { assertMigrated } = await import('../../runtime/migrate.js');
      const { CatalogImportError, formatProblem, importCatalogFile } =
        await import('../../runtime/catalog/import/index.js');
      await withDatabase(
        { database: opts.database },
        async (db) => {
          await assertMigrated(db);
          const site = await siteOf(db, opts.site);
          let report;
          try {
            report = await importCatalogFile(db, site.id, file, {
              dryRun: opts.dryRun,
              archiveMissing: opts.archiveMissing,
              format,
            });
          } catch (err) {
            if (!(err instanceof CatalogImportError)) throw err;
            const n = err.problems.length;
            if (opts.json) printJson({ ok: false, problems: err.problems });
            else if (n > 1) for (const p of err.problems) note(formatProblem(p));
            throw new CliError(
              n === 1 && !opts.json
                ? `${formatProblem(err.problems[0])}; nothing written`
                : `${file}: ${n} problem${n === 1 ? '' : 's'}; nothing written`,
            );
          }
          if (opts.json) return printJson({ ok: true, site: site.host ?? null, ...report });
          const where = site.host ?? 'the default site';
          const p = report.products;
          const v = report.variants;
          const verb = report.dry_run ? 'would be ' : '';
          for (const line of report.notes) console.log(`note: ${line}`);
          console.log(
            `${report.dry_run ? 'Dry run, nothing written' : `Imported into ${where}`}: products ${p.created} ${verb}created, ${p.updated} ${verb}updated, ${p.unchanged} unchanged, ${p.archived} ${verb}archived; variants ${v.created} ${verb}created, ${v.updated} ${verb}updated, ${v.unchanged} unchanged; images ${report.images.stored} ${verb}stored, ${report.images.galleries_changed} galler${report.images.galleries_changed === 1 ? 'y' : 'ies'} ${verb}changed.`,
          );
        },
        { quiet: opts.json },
      );
    });

  catalog
    .command('export')
    .description('write the site’s catalog (archived products left out) as CSV or JSON that imports back')
    .option('--format <format>', 'csv or json', 'csv')
    .option('--site <host>', 'host of the site (default: the default site)')
    .option('--output <file>', 'file to write, with the images in images/ beside it (default: stdout)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL, else sqlite:./storefront.sqlite)')
    .addHelpText('after', '\nExample:\n  $ storefront catalog export --format csv --output products.csv')
    .action(async (opts: { format: string; site?: string; output?: string; database?: string }) => {
      const format = formatOption(opts.format) ?? 'csv';
      const { assertMigrated } = await import('../../runtime/migrate.js');
      const { exportCatalog, ExportNeedsDirectory } = await import('../../runtime/catalog/export.js');
      await withDatabase(
        { database: opts.database },
        async (db) => {
          await assertMigrated(db);
          const site = await siteOf(db, opts.site);
          let content: string;
          try {
            // The originals go beside the file, where its relative image paths point.
            content = await exportCatalog(
              db,
              site.id,
              format,
              opts.output ? dirname(opts.output) : undefined,
            );
          } catch (err) {
            if (!(err instanceof ExportNeedsDirectory)) throw err;
            throw new CliError(
              'the catalog has images: use --output FILE (they are written to images/ beside it)',
            );
          }
          if (!opts.output) {
            // `catalog export | head`: the reader left; that is not a failure.
            process.stdout.on('error', (err: NodeJS.ErrnoException) => {
              if (err.code === 'EPIPE') process.exit(0);
              throw err;
            });
            return void process.stdout.write(content);
          }
          try {
            writeFileSync(opts.output, content);
          } catch (err) {
            throw new CliError(
              `cannot write ${opts.output}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
            );
          }
          note(`Wrote ${opts.output}`);
        },
        { quiet: !opts.output },
      );
    });
}
