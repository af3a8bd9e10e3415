// The base of failures a user can fix (a bad flag or URL, an unreachable database, an unmigrated
// schema, a broken fixtures file): the CLI prints their one-line message and exits 1, with no stack
// trace unless --verbose. Anything else is reported as an unexpected error.

/** A failure the user can fix; its message is meant to be read as it is. */
export class UserError extends Error {}
