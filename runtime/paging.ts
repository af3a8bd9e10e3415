// Page-number pagination shared by the template objects that list things (products, orders).

export const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 100000;

/** The navigation fields of a listing template object. */
export interface Paging {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  next_url: string | null;
  prev_url: string | null;
}

/** Clamps a requested page size to 1..100 (fallback when it is not a whole number). */
export function clampLimit(limit: unknown, fallback: number): number {
  const n = typeof limit === 'number' && Number.isInteger(limit) ? limit : fallback;
  return Math.min(Math.max(n, 1), MAX_PAGE_SIZE);
}

/** The `page` query parameter as a page number when it is one (1–6 digits), else undefined. */
export function pageFromQuery(query: Record<string, string>): number | undefined {
  const raw = query.page;
  return raw && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined;
}

/** Clamps a requested page number to 1..100000 (default 1). */
export function clampPage(page: unknown): number {
  const n = typeof page === 'number' && Number.isInteger(page) ? page : 1;
  return Math.min(Math.max(n, 1), MAX_PAGE);
}

/** URL of another page of the current path, keeping the other query parameters. */
export function pageUrl(path: string, query: Record<string, string>, page: number): string {
  const params = new URLSearchParams({ ...query, page: String(page) });
  if (page === 1) params.delete('page');
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The navigation of page `page` of `total` items, with links relative to the current request. */
export function paging(
  page: number,
  perPage: number,
  total: number,
  request: { path: string; query: Record<string, string> },
): Paging {
  const totalPages = Math.ceil(total / perPage);
  return {
    page,
    per_page: perPage,
    total,
    total_pages: totalPages,
    next_url: page < totalPages ? pageUrl(request.path, request.query, page + 1) : null,
    // Past the end, "previous" leads back to the last page that exists.
    prev_url:
      page > 1 ? pageUrl(request.path, request.query, Math.min(page - 1, Math.max(totalPages, 1))) : null,
  };
}
