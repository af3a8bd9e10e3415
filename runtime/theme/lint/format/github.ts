// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=rule::message`, which show
// up as annotations on the pull request. info findings become ::notice.
import type { Finding } from '../types.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One annotation line per finding. */
export function formatGithub(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `::${COMMAND[f.severity]} file=${escapeProperty(f.file)},line=${f.line},col=${f.column},title=${escapeProperty(f.rule)}::${escapeData(f.message)}\n`,
    )
    .join('');
}
