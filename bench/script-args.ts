// The flags of the bench's stand-alone scripts (bench/profile.ts, profile-writes.ts, render-race.ts):
// `--name value` pairs and bare switches, read from process.argv.

/** The value after `flag` in args, or `fallback` when the flag or its value is missing. */
export function flagValue(args: readonly string[], flag: string, fallback: string): string {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
}
