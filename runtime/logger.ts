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
