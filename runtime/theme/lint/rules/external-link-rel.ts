// Links opened in a new window (target="_blank") and links to external tracking pages must carry
// rel="noopener noreferrer" (contract: "External tracking URLs … opened with noopener noreferrer"):
// without it the opened page can script window.opener and learns the private order URL.
import { attr } from '../html.js';
import type { HtmlTag } from '../html.js';
import type { Rule } from '../types.js';

/** A tracking URL: a mustache naming a tracking/carrier URL, or an absolute http(s) URL about tracking. */
function isTrackingHref(value: string | null): boolean {
  if (!value) return false;
  const mustaches = value.match(/\{\{[\s\S]*?\}\}/g) ?? [];
  if (mustaches.some((m) => /track(?:ing)?_?url|carrier_?url|trackingUrl|trackUrl/i.test(m))) return true;
  return /^(?:https?:)?\/\/[^/]*\S*track/i.test(value.trim());
}

function needsRel(tag: HtmlTag): string | null {
  const target = attr(tag, 'target');
  if (target && !target.dynamic && target.value?.trim().toLowerCase() === '_blank') return 'target="_blank"';
  if (isTrackingHref(attr(tag, 'href')?.value ?? null)) return 'a tracking URL';
  return null;
}

const rule: Rule = {
  id: 'external-link-rel',
  severity: 'error',
  description:
    'target="_blank" or external tracking links without rel containing both noopener and noreferrer',
  help: 'add rel="noopener noreferrer" to the link',
  fix: 'adds the missing noopener/noreferrer values to rel (or a rel="noopener noreferrer" attribute)',
  check(ctx) {
    for (const tag of ctx.html?.tags ?? []) {
      if (tag.closing || (tag.name !== 'a' && tag.name !== 'area')) continue;
      const why = needsRel(tag);
      if (!why) continue;
      const rel = attr(tag, 'rel');
      if (rel?.dynamic) continue; // cannot know: rel="{{…}}"
      const tokens = (rel?.value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const missing = ['noopener', 'noreferrer'].filter((t) => !tokens.includes(t));
      if (!missing.length) continue;
      const fix =
        rel && rel.value !== null
          ? {
              start: rel.valueStart,
              end: rel.valueEnd,
              text: [
                ...(rel.value.trim() ? [ctx.source.slice(rel.valueStart, rel.valueEnd).trim()] : []),
                ...missing,
              ].join(' '),
            }
          : rel
            ? { start: rel.start, end: rel.end, text: 'rel="noopener noreferrer"' }
            : {
                start: tag.attrsEnd,
                end: tag.attrsEnd,
                text: `${/\s$/.test(ctx.source.slice(tag.start, tag.attrsEnd)) ? '' : ' '}rel="noopener noreferrer"`,
              };
      ctx.report({
        offset: tag.start,
        end: tag.end,
        message: `link with ${why} lacks rel ${missing.join(' and ')}: add rel="noopener noreferrer"`,
        fix: { description: `added ${missing.join(' ')} to rel`, edits: [fix] },
      });
    }
  },
};
export default rule;
