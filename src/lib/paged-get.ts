import type { PageParams } from '@/shared/paging';
import type { z } from 'zod';
import { api } from './api-client';

/**
 * GET of one page of a list: `path` with page_size and page_number or, given a search text,
 * `${path}/search` with search_string too. The answer is parsed with `schema`; its array under
 * `key` comes back as `items`, beside `page` and `pages`.
 */
export async function getPage<
  S extends z.ZodType<{ page: number; pages: number }>,
  K extends keyof z.output<S>,
>(
  path: string,
  key: K,
  schema: S,
  p: PageParams,
): Promise<{ page: number; pages: number; items: z.output<S>[K] }> {
  const data = await api(p.search ? `${path}/search` : path, {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
  });
  const r = schema.parse(data);
  return { page: r.page, pages: r.pages, items: r[key] };
}
