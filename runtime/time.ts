// Timestamps are stored as UTC text 'YYYY-MM-DD HH:MM:SS.mmm' on every engine: MySQL DATETIME(3)
// accepts and (with dateStrings) returns it, SQLite keeps it as text, and it sorts correctly on both.

/** A Date as the database's timestamp text. */
export function toDbTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** The current time as database timestamp text. */
export function dbNow(): string {
  return toDbTime(new Date());
}

/** Database timestamp text (or a Date from a driver) back to a Date. */
export function fromDbTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(value.replace(' ', 'T') + 'Z');
}

/** Database timestamp text as an ISO 8601 string for templates and JSON. */
export function isoFromDb(value: string | Date): string {
  return fromDbTime(value).toISOString();
}
