// Puts the dev client (script + stylesheet, both external: the CSP forbids inline code) into HTML.

/** Where the dev-only files are served. */
export const DEV_PREFIX = '/__storefront';
export const CLIENT_URL = `${DEV_PREFIX}/client.js`;
export const CLIENT_CSS_URL = `${DEV_PREFIX}/client.css`;
/** A tiny script loaded first in <head> that keeps CSP violations until the deferred client runs. */
export const CSP_EARLY_URL = `${DEV_PREFIX}/csp-early.js`;

/** The meta tag naming the dev build a page was rendered from (read by the client). */
export const BUILD_META = 'storefront-dev-build';

function buildMeta(build: number | undefined): string {
  return build === undefined ? '' : `<meta name="${BUILD_META}" content="${build}">`;
}

/** The tags that load the live-reload client, the overlay and the persona toolbar. */
export function clientTags(build?: number): string {
  return `${buildMeta(build)}<link rel="stylesheet" href="${CLIENT_CSS_URL}"><script src="${CLIENT_URL}" defer></script>`;
}

/**
 * Inserts the client tags before </head> (else before </body>, else at the end); never twice.
 * A page that already has them (the error overlay) gets only the build number, when it lacks one.
 */
export function injectClient(html: string, build?: number): string {
  if (html.includes(CLIENT_URL)) {
    if (build === undefined || html.includes(`name="${BUILD_META}"`)) return html;
    const at = html.indexOf(`<link rel="stylesheet" href="${CLIENT_CSS_URL}">`);
    return at < 0 ? html : `${html.slice(0, at)}${buildMeta(build)}${html.slice(at)}`;
  }
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    html = `${html.slice(0, at)}<script src="${CSP_EARLY_URL}"></script>${html.slice(at)}`;
  }
  const tags = clientTags(build);
  for (const marker of [/<\/head\s*>/i, /<\/body\s*>/i]) {
    const m = marker.exec(html);
    if (m) return `${html.slice(0, m.index)}${tags}${html.slice(m.index)}`;
  }
  return `${html}${tags}`;
}
