import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentsPageSchema, teachersPageSchema } from '@/shared/contract/admin';
import type { UserDto } from '@/shared/contract/users';
import { FIRST_PAGE } from '@/components/paged-list/paged-result';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';
import { USER_KINDS, type UserKind } from '../user-kind';

/** GET /api/admin/{students|teachers}[/search]: the paged, searchable list of one kind. */
export const listUsers = (kind: UserKind, p: PageParams): Promise<Page<UserDto>> =>
  kind === 'student'
    ? getPage('/api/admin/students', 'students', studentsPageSchema, p)
    : getPage('/api/admin/teachers', 'teachers', teachersPageSchema, p);

/** What the list screen asks for first (the route loader fetches it ahead). */
export const FIRST_USERS_PAGE: PageParams = { ...FIRST_PAGE, search: '' };

/** Every page of the list: what a create or an update makes stale. */
export const usersListKey = (kind: UserKind) => ['admin', USER_KINDS[kind].plural, 'list'] as const;

export const usersPageQuery = (kind: UserKind, p: PageParams) =>
  queryOptions({
    queryKey: [...usersListKey(kind), p] as const,
    queryFn: () => listUsers(kind, p),
    // Keep the rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useUsersPage = (kind: UserKind, p: PageParams) => useQuery(usersPageQuery(kind, p));
