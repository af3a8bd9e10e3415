// The storefront does not support password reset, OTP/SMS login, OAuth, online payment, refunds,
// cancellation or booking, and the interface must not advertise them. A word list over visible
// text, link targets and labels (a warning: a sentence like "we do not offer refunds" is fine to
// keep with a check-theme-disable-next-line comment).
import { attr } from '../html.js';
import { matches } from '../source.js';
import type { Rule } from '../types.js';

/** Phrases per unsupported feature (exported for the docs and tests). */
export const UNSUPPORTED_PHRASES: Array<{ feature: string; text: RegExp; url?: RegExp }> = [
  {
    feature: 'password reset',
    text: /\b(?:forgot(?:ten)?\s+(?:your\s+)?password|reset\s+(?:your\s+|the\s+)?password|password\s+reset|recover\s+(?:your\s+)?(?:password|account)|email\s+verification|verify\s+your\s+email)\b/gi,
    url: /\/(?:forgot|reset|recover)[-_]?password|\/password[-_/](?:reset|forgot|recover)|\/verify[-_]?email/i,
  },
  {
    feature: 'OTP/SMS login',
    text: /\b(?:one[-\s]time\s+(?:password|passcode|code|login)|OTP|SMS\s+(?:code|login|verification)|(?:log|sign)\s*in\s+(?:with|via|by)\s+(?:SMS|text|phone)|text\s+(?:me\s+)?a\s+code|verification\s+code|magic\s+link)\b/g,
    url: /\/(?:otp|sms-login|magic-link)\b/i,
  },
  {
    feature: 'OAuth login',
    text: /\b(?:(?:sign|log)\s*(?:in|up)\s+(?:with|using|via)\s+(?:Google|Facebook|Apple|GitHub|Twitter|X|Microsoft|Amazon|LINE)|continue\s+with\s+(?:Google|Facebook|Apple|GitHub|Microsoft)|OAuth2?|social\s+login)\b/gi,
    url: /\/(?:oauth2?|auth\/(?:google|facebook|apple|github|twitter|microsoft))\b/i,
  },
  {
    feature: 'online payment',
    text: /\b(?:credit\s+card|debit\s+card|card\s+number|CVV|CVC|pay\s+online|online\s+payment|pay\s+now|pay\s+with\s+(?:card|PayPal|Apple\s+Pay|Google\s+Pay)|PayPal|Apple\s+Pay|Google\s+Pay)\b/gi,
    url: /\/(?:pay|payment|payments)(?:\/|$)/i,
  },
  { feature: 'refunds', text: /\b(?:refund(?:s|ed|ing)?|money[-\s]back)\b/gi, url: /\/refunds?\b/i },
  {
    feature: 'order cancellation',
    text: /\b(?:cancel(?:l?ing)?\s+(?:your\s+|the\s+|this\s+|an\s+)?order|cancell?ations?)\b/gi,
    url: /\/cancel(?:lation)?\b/i,
  },
  {
    feature: 'booking',
    text: /\b(?:book(?:ing)?\s+(?:now|online|an?\s+(?:appointment|slot|table|visit|session))|bookings?|reservations?|reserve\s+(?:now|a\s+(?:table|slot))|schedule\s+an?\s+appointment)\b/gi,
    url: /\/(?:book|booking|bookings|reservations?)\b/i,
  },
];

// One regex per flag set over all the phrases: most text has none of them, and one test says so
// instead of a scan per feature (each alternative keeps its own \b, so it matches where one does).
const PREFILTERS: RegExp[] = [...new Set(UNSUPPORTED_PHRASES.map((p) => p.text.flags.replace('g', '')))].map(
  (flags) =>
    new RegExp(
      UNSUPPORTED_PHRASES.filter((p) => p.text.flags.replace('g', '') === flags)
        .map((p) => `(?:${p.text.source})`)
        .join('|'),
      flags,
    ),
);

const LABEL_ATTRS = ['title', 'aria-label', 'alt', 'placeholder'];
/** The attributes whose text is read: the labels, and `value` (of buttons only, checked below). */
const TEXT_ATTRS = [...LABEL_ATTRS, 'value'];

const rule: Rule = {
  id: 'unsupported-feature-text',
  severity: 'warning',
  description:
    'unsupported features advertised: password reset, OTP/SMS, OAuth, online payment, refunds, cancellation, booking',
  help: 'remove the text or link: the storefront does not offer this feature',
  check(ctx) {
    const html = ctx.html;
    if (!html) return;
    const seen = new Set<number>();
    const report = (offset: number, end: number, feature: string, what: string) => {
      if (seen.has(offset)) return;
      seen.add(offset);
      ctx.report({
        offset,
        end,
        message: `advertises ${feature} (${what}), which the storefront does not support: remove it`,
      });
    };
    const scan = (text: string, base: number) => {
      if (!PREFILTERS.some((re) => re.test(text))) return;
      for (const { feature, text: re } of UNSUPPORTED_PHRASES) {
        for (const { m, offset } of matches(re, text, base))
          report(offset, offset + m[0].length, feature, `"${m[0].replace(/\s+/g, ' ')}"`);
      }
    };
    for (const t of html.texts) scan(t.text, t.start);
    for (const tag of html.tags) {
      if (tag.closing) continue;
      for (const name of TEXT_ATTRS) {
        const a = attr(tag, name);
        if (!a?.value || a.dynamic) continue;
        if (
          name === 'value' &&
          !(
            tag.name === 'button' ||
            (tag.name === 'input' && /^(submit|button)$/i.test(attr(tag, 'type')?.value ?? ''))
          )
        )
          continue;
        scan(ctx.source.slice(a.valueStart, a.valueEnd), a.valueStart);
      }
      for (const name of ['href', 'action', 'formaction']) {
        const a = attr(tag, name);
        const value = a?.value;
        if (!a || !value) continue;
        const path = value.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0];
        for (const { feature, url } of UNSUPPORTED_PHRASES) {
          if (url?.test(path)) report(a.valueStart, a.valueEnd, feature, `${name}="${value}"`);
        }
      }
    }
  },
};
export default rule;
