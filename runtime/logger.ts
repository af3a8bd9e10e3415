// The one way the runtime writes log lines: JSON, one per line, each with `time` (ISO 8601, UTC)
// and `level`. Free text (error messages) is scrubbed first: drivers quote the values of a failed
// statement, and those can be addresses, emails, passwords or tokens, none of which belong in a log.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
// 'value' and "value" as SQL and driver messages quote them (`Duplicate entry '…' for key …`);
// a doubled quote inside is part of the value. Names after `column`, `key`, `table`… are kept.
const QUOTED = /(\b(?:column|key|table|constraint|index|field|database) )?('(?:[^']|'')*'|"(?:[^"]|"")*")/gi;
// A knex error message starts with the statement itself: `insert into … values (…) - <reason>`.
const SQL_PREFIX = /^\s*(?:select|insert|update|delete|replace|with|create|alter|drop)\b[\s\S]* - (?=\S)/i;
// Long opaque strings: session ids, tokens, hashes, keys.
const TOKEN = /\b[A-Za-z0-9_\-+/=$.]{32,}\b/g;

/** Text safe to log: no SQL with values, no quoted values, no full emails, no long tokens. */
export function redact(text: string): string {
  return text
    .replace(SQL_PREFIX, '')
    .replace(QUOTED, (all, name?: string) => (name ? all : "'…'"))
    .replace(EMAIL, '$1…@$2')
    .replace(TOKEN, '…');
}

let sink: (line: string) => void = (line) => process.stderr.write(line);

/** Sends log lines elsewhere (tests); returns the previous sink. */
export function setLogSink(next: (line: string) => void): (line: string) => void {
  const previous = sink;
  sink = next;
  return previous;
}

/** Writes one JSON log line with time and level first; `message` is redacted. */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  sink(`${JSON.stringify({ time: new Date().toISOString(), level, message: redact(message), ...fields })}\n`);
}

const buffers = new Set<BufferedLines>();
let exitHookInstalled = false;

/**
 * Log lines gathered and handed to `out` as one string per batch: a synchronous write per request
 * line cost about a tenth of a busy server's CPU. A batch goes out after maxDelayMs, or at once when
 * it reaches maxBytes; flushLogs() (shutdown, process exit) writes what is left, so a clean stop
 * loses no line.
 */
export class BufferedLines {
  private lines: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly out: (text: string) => void,
    private readonly maxDelayMs = 20,
    private readonly maxBytes = 64 * 1024,
  ) {
    buffers.add(this);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', flushLogs);
    }
  }

  /** Queues one line (without its newline). */
  push(line: string): void {
    this.lines.push(line);
    this.bytes += line.length + 1;
    if (this.bytes >= this.maxBytes) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.maxDelayMs).unref();
  }

  /** Writes every queued line now, in order, in one call of `out`. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    const text = `${this.lines.join('\n')}\n`;
    this.lines = [];
    this.bytes = 0;
    this.out(text);
  }
}

let stdoutLines: BufferedLines | null = null;

/** The request log's default destination: stdout, one buffered write per batch of lines. */
export function bufferedStdout(): (line: string) => void {
  stdoutLines ??= new BufferedLines((text) => process.stdout.write(text));
  const lines = stdoutLines;
  return (line) => lines.push(line);
}

/** Writes every buffered log line now (called on shutdown before the process exits). */
export function flushLogs(): void {
  for (const b of buffers) b.flush();
}
