// Dev build numbers. Every handled change that alters what a page shows (a template, an asset,
// the fixtures) increments the number; a page carries the number it was rendered from and its
// live-reload client sends it on connect. A page rendered from an older number is stale: it was
// fetched before a save was handled and may have missed the broadcast, so it is told to reload.

/** What the live-reload socket needs to know about builds. */
export interface BuildSource {
  /** The number of the last handled change (0 at start). */
  current(): number;
  /** Resolves once no change is collecting or being handled. */
  settled(): Promise<void>;
}

/** True when a page rendered from `pageBuild` misses a change handled since (or comes from another server run). */
export function isStale(pageBuild: unknown, current: number): boolean {
  return typeof pageBuild === 'number' && Number.isInteger(pageBuild) && pageBuild !== current;
}

/**
 * The build a page is at after a `css` message for `messageBuild`: a page that was current just
 * before the swap is current after it; a page already behind stays behind (it needs a reload).
 */
export function afterCssSwap(pageBuild: number | null, messageBuild: number): number | null {
  return pageBuild !== null && pageBuild === messageBuild - 1 ? messageBuild : pageBuild;
}

/** The counter of one dev server. */
export class BuildCounter {
  private n = 0;
  get current(): number {
    return this.n;
  }
  /** Records a handled change; returns the new number. */
  bump(): number {
    return ++this.n;
  }
}
