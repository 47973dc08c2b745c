export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pager of DECISIONS "Lists and pagers": every page when there are 5 or fewer; otherwise first,
 * current-1, current, current+1 and last, with an ellipsis for each gap.
 */
export function pagerItems(page: number, totalPages: number): PagerItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= 5) {
    return Array.from({ length: totalPages }, (_, i) => ({ kind: 'page', page: i + 1 }));
  }
  const pages = new Set([1, page - 1, page, page + 1, totalPages].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push({ kind: 'gap', key: `gap-${sorted[i - 1]}` });
    items.push({ kind: 'page', page: p });
  });
  return items;
}

/** pages = ceiling of count / page size (spec 02 §9). */
export function pageCount(count: number, pageSize = 10): number {
  return Math.max(0, Math.ceil(count / pageSize));
}
