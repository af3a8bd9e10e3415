// Puts the dev client (script + stylesheet, both external: the CSP forbids inline code) into HTML.

/** Where the dev-only files are served. */
export const DEV_PREFIX = '/__storefront';
export const CLIENT_URL = `${DEV_PREFIX}/client.js`;
export const CLIENT_CSS_URL = `${DEV_PREFIX}/client.css`;

/** The tags that load the live-reload client, the overlay and the persona toolbar. */
export function clientTags(): string {
  return `<link rel="stylesheet" href="${CLIENT_CSS_URL}"><script src="${CLIENT_URL}" defer></script>`;
}

/** Inserts the client tags before </head> (else before </body>, else at the end); never twice. */
export function injectClient(html: string): string {
  if (html.includes(CLIENT_URL)) return html;
  const tags = clientTags();
  for (const marker of [/<\/head\s*>/i, /<\/body\s*>/i]) {
    const m = marker.exec(html);
    if (m) return `${html.slice(0, m.index)}${tags}${html.slice(m.index)}`;
  }
  return `${html}${tags}`;
}
