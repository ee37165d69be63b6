export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

const WINDOW = 11;

/**
 * Which page buttons to show (pages are zero-based): all of them under 13 pages; otherwise the
 * first, the last and a window of 11 around the current one, with gaps between.
 */
export function pagerItems(current: number, pages: number): PagerItem[] {
  if (pages <= 0) return [];
  if (pages < 13) return Array.from({ length: pages }, (_, page) => ({ kind: 'page', page }));
  const half = Math.floor(WINDOW / 2);
  let start = Math.max(1, current - half);
  let end = Math.min(pages - 2, current + half);
  if (end - start + 1 < WINDOW) {
    if (start === 1) end = Math.min(pages - 2, start + WINDOW - 1);
    else start = Math.max(1, end - WINDOW + 1);
  }
  const items: PagerItem[] = [{ kind: 'page', page: 0 }];
  if (start > 1) items.push({ kind: 'gap', key: 'gap-start' });
  for (let page = start; page <= end; page += 1) items.push({ kind: 'page', page });
  if (end < pages - 2) items.push({ kind: 'gap', key: 'gap-end' });
  items.push({ kind: 'page', page: pages - 1 });
  return items;
}

export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20] as const;
/** Page sizes of lists, the generic table and the file picker. */
export const DEFAULT_LIST_PAGE_SIZE = 5;
/** Page sizes of section pickers, the files page and statistics. */
export const DEFAULT_SECTION_PAGE_SIZE = 10;
