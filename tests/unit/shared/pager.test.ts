import { describe, expect, it } from 'vitest';
import { pagerItems, type PagerItem } from '@/shared/pager';

const pagesOf = (items: PagerItem[]) => items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
const gaps = (items: PagerItem[]) => items.filter((i) => i.kind === 'gap').length;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pagerItems (the window rule)', () => {
  it('shows nothing for an empty list', () => {
    expect(pagerItems(0, 0)).toEqual([]);
  });

  it('shows every page when there are fewer than 13', () => {
    for (const pages of [1, 2, 7, 12]) {
      for (const current of [0, pages - 1]) {
        const items = pagerItems(current, pages);
        expect(pagesOf(items)).toEqual(range(0, pages - 1));
        expect(gaps(items)).toBe(0);
      }
    }
  });

  it('from 13 pages on shows the first, the last and 11 around the current page', () => {
    const items = pagerItems(50, 100);
    expect(pagesOf(items)).toEqual([0, ...range(45, 55), 99]);
    expect(items[1]).toMatchObject({ kind: 'gap' });
    expect(items.at(-2)).toMatchObject({ kind: 'gap' });
  });

  it('keeps the window 11 wide at both ends', () => {
    expect(pagesOf(pagerItems(0, 13))).toEqual([0, ...range(1, 11), 12]);
    expect(pagesOf(pagerItems(0, 40))).toEqual([0, ...range(1, 11), 39]);
    expect(pagesOf(pagerItems(39, 40))).toEqual([0, ...range(28, 38), 39]);
  });

  it('always holds the current, the first and the last page, each once', () => {
    for (let pages = 13; pages <= 30; pages += 1) {
      for (let current = 0; current < pages; current += 1) {
        const shown = pagesOf(pagerItems(current, pages));
        expect(shown).toContain(current);
        expect(shown[0]).toBe(0);
        expect(shown.at(-1)).toBe(pages - 1);
        expect(new Set(shown).size).toBe(shown.length);
        expect(shown.length).toBe(13);
      }
    }
  });
});
