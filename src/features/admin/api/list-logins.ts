import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loginsPageSchema } from '../../../shared/contract/admin';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

/** GET /api/admin/metrics/logins/{userID}: one account's logins, newest first. */
export async function listLogins(userId: number, p: PageParams) {
  const r = await api(`/api/admin/metrics/logins/${userId}`, {
    query: { page_size: p.pageSize, page_number: p.page },
    schema: loginsPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.logins } satisfies Paged<unknown>;
}

export const loginsQuery = (userId: number, p: PageParams) =>
  queryOptions({
    queryKey: ['admin', 'logins', userId, p] as const,
    queryFn: () => listLogins(userId, p),
    placeholderData: keepPreviousData,
  });

export const useLogins = (userId: number, p: PageParams) => useQuery(loginsQuery(userId, p));
