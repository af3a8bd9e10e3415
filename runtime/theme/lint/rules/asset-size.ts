// A size budget per kind of asset: every visitor downloads them. Configurable:
//   "asset-size": ["warning", { "image": "500 KB", "script": "150 KB", "style": "100 KB", "font": "200 KB" }]
// Sizes are bytes on disk, before compression; 1 KB = 1024 bytes; null turns a budget off.
import type { Rule } from '../types.js';

type Kind = 'image' | 'script' | 'style' | 'font';

const KINDS: Record<Kind, { extensions: string[]; label: string; advice: string }> = {
  image: {
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp'],
    label: 'images',
    advice: 'resize it to the largest size it is shown at and compress it (WebP or AVIF)',
  },
  script: {
    extensions: ['js', 'mjs'],
    label: 'scripts',
    advice: 'minify it, drop unused code, or load the rarely used parts only where needed',
  },
  style: { extensions: ['css'], label: 'stylesheets', advice: 'minify it and remove unused rules' },
  font: {
    extensions: ['woff', 'woff2', 'ttf', 'otf', 'eot'],
    label: 'fonts',
    advice: 'use WOFF2 and subset the font to the characters the shop needs',
  },
};

export const DEFAULT_BUDGETS = { image: '500 KB', script: '150 KB', style: '100 KB', font: '200 KB' };

/** Budgets in bytes per kind; null means no budget. */
export type Budgets = Record<Kind, number | null>;

const UNITS: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
};

/** "500 KB", "1.5 MB", "2048" or 2048 as bytes; throws on anything else. */
export function parseSize(value: unknown, key: string): number | null {
  if (value === null || value === 0) return null;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.round(value);
  const m = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value) : null;
  const unit = m ? (m[2] ? UNITS[m[2].toLowerCase()] : 1) : undefined;
  if (!m || !unit || Number(m[1]) <= 0)
    throw new Error(
      `"${key}" must be a size like "500 KB", "1.5 MB" or a number of bytes, or null for no budget`,
    );
  return Math.round(Number(m[1]) * unit);
}

/** A size for people: "812 bytes", "9.6 KB", "612 KB", "1.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1).replace(/\.0$/, '') : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, '') : Math.round(mb)} MB`;
}

const rule: Rule = {
  id: 'asset-size',
  severity: 'warning',
  description:
    'an asset over its size budget (images 500 KB, scripts 150 KB, stylesheets 100 KB, fonts 200 KB; configurable)',
  help: 'make the file smaller, or raise the budget in .storefront-theme.json: "asset-size": ["warning", { "image": "800 KB" }]',
  defaultOptions: DEFAULT_BUDGETS,
  parseOptions(value): Budgets {
    if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value)))
      throw new Error('must be an object like { "image": "500 KB", "script": "150 KB" }');
    const given = (value ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(given))
      if (!(key in KINDS))
        throw new Error(`unknown budget "${key}" (known: ${Object.keys(KINDS).join(', ')})`);
    const budgets = {} as Budgets;
    for (const kind of Object.keys(KINDS) as Kind[])
      budgets[kind] = parseSize(kind in given ? given[kind] : DEFAULT_BUDGETS[kind], kind);
    return budgets;
  },
  checkTheme(ctx) {
    const budgets = ctx.options as Budgets;
    for (const file of ctx.files.paths) {
      if (!file.startsWith('assets/')) continue;
      const ext = /\.([^./]+)$/.exec(file)?.[1].toLowerCase() ?? '';
      const kind = (Object.keys(KINDS) as Kind[]).find((k) => KINDS[k].extensions.includes(ext));
      const budget = kind ? budgets[kind] : null;
      const size = ctx.files.bytes(file)?.length ?? 0;
      if (!kind || budget === null || size <= budget) continue;
      ctx.reportIn(file, {
        offset: 0,
        end: 0,
        message: `${file} is ${formatSize(size)}, over the ${formatSize(budget)} budget for ${KINDS[kind].label}: ${KINDS[kind].advice}, or raise the budget ("asset-size" in .storefront-theme.json)`,
      });
    }
  },
};
export default rule;
