// Reads an import file: CSV streamed record by record through csv-parse (one row per variant), or
// JSON in the fixtures' catalog shape; hands each record to the validator. Throws
// CatalogImportError with every problem; nothing is written by this module.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { CsvCatalogBuilder, validateJsonCatalog } from './validate.js';
import { CatalogImportError, type ImportProblem, type ParsedCatalog } from './types.js';

export type ImportFormat = 'csv' | 'json';

/** The format of a file by its extension: `.json` is JSON, anything else CSV. */
export function formatOf(file: string): ImportFormat {
  return /\.json$/i.test(file) ? 'json' : 'csv';
}

function unreadable(file: string, err: unknown): CatalogImportError {
  const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
  return new CatalogImportError([{ file, line: null, column: '(file)', message: `cannot read: ${reason}` }]);
}

function check(result: ParsedCatalog & { problems: ImportProblem[] }): ParsedCatalog {
  if (result.problems.length) throw new CatalogImportError(result.problems);
  return { products: result.products, notes: result.notes, imageAt: result.imageAt };
}

/** Reads and validates a CSV file, streaming. */
export async function readCsvCatalog(file: string): Promise<ParsedCatalog> {
  const builder = new CsvCatalogBuilder(file);
  const source = createReadStream(file);
  const parser = source.pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
  );
  // pipe() does not forward the file's errors (ENOENT, EISDIR): end the parse with them.
  source.on('error', (err) => parser.destroy(err));
  let headerDone = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!headerDone) {
        headerDone = true;
        if (!builder.header(record, info.lines)) break;
      } else builder.row(record, info.lines);
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { lines?: number };
    if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'EISDIR') throw unreadable(file, err);
    builder.problems.push({
      file,
      line: typeof e.lines === 'number' ? e.lines : null,
      column: '(csv)',
      message: e.message.replace(/^Invalid Record Length: |\.$/g, ''),
    });
  }
  if (!headerDone && builder.problems.length === 0)
    builder.problems.push({
      file,
      line: null,
      column: '(file)',
      message: 'is empty (expected a header row)',
    });
  return check(builder.finish());
}

/** Reads and validates a JSON catalog file. */
export async function readJsonCatalog(file: string): Promise<ParsedCatalog> {
  let textContent: string;
  try {
    textContent = await readFile(file, 'utf8');
  } catch (err) {
    throw unreadable(file, err);
  }
  let data: unknown;
  try {
    data = JSON.parse(textContent);
  } catch (err) {
    throw new CatalogImportError([
      { file, line: null, column: '/', message: `not valid JSON: ${(err as Error).message}` },
    ]);
  }
  return check(validateJsonCatalog(file, data));
}

/** Reads and validates an import file of either format. */
export function readCatalogFile(file: string, format: ImportFormat = formatOf(file)): Promise<ParsedCatalog> {
  return format === 'json' ? readJsonCatalog(file) : readCsvCatalog(file);
}
