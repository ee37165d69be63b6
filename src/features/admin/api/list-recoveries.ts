import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { attemptsPageSchema } from '../../../shared/contract/admin';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

/** GET /api/admin/metrics/recoveries/{userID}: one account's password recovery attempts. */
export async function listRecoveries(userId: number, p: PageParams) {
  const r = await api(`/api/admin/metrics/recoveries/${userId}`, {
    query: { page_size: p.pageSize, page_number: p.page },
    schema: attemptsPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.attempts } satisfies Paged<unknown>;
}

export const recoveriesQuery = (userId: number, p: PageParams) =>
  queryOptions({
    queryKey: ['admin', 'recoveries', userId, p] as const,
    queryFn: () => listRecoveries(userId, p),
    placeholderData: keepPreviousData,
  });

export const useRecoveries = (userId: number, p: PageParams) => useQuery(recoveriesQuery(userId, p));
