import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loginsPageSchema } from '@/shared/contract/admin';
import type { PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** GET /api/admin/metrics/logins/{userID}: one account's logins, newest first. */
export const listLogins = (userId: number, p: PageParams) =>
  getPage(`/api/admin/metrics/logins/${userId}`, 'logins', loginsPageSchema, p);

export const loginsQuery = (userId: number, p: PageParams) =>
  queryOptions({
    queryKey: ['admin', 'logins', userId, p] as const,
    queryFn: () => listLogins(userId, p),
    placeholderData: keepPreviousData,
  });

export const useLogins = (userId: number, p: PageParams) => useQuery(loginsQuery(userId, p));
