import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { attemptsPageSchema } from '@/shared/contract/admin';
import type { PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** GET /api/admin/metrics/recoveries/{userID}: one account's password recovery attempts. */
export const listRecoveries = (userId: number, p: PageParams) =>
  getPage(`/api/admin/metrics/recoveries/${userId}`, 'attempts', attemptsPageSchema, p);

export const recoveriesQuery = (userId: number, p: PageParams) =>
  queryOptions({
    queryKey: ['admin', 'recoveries', userId, p] as const,
    queryFn: () => listRecoveries(userId, p),
    placeholderData: keepPreviousData,
  });

export const useRecoveries = (userId: number, p: PageParams) => useQuery(recoveriesQuery(userId, p));
