import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { userSchema } from '@/shared/contract/users';
import { api } from '@/lib/api-client';
import { USER_KINDS, type UserKind } from '../user-kind';

/** GET /api/admin/{students|teachers}/{id}. */
export const getUser = (kind: UserKind, id: number) =>
  api(`/api/admin/${USER_KINDS[kind].plural}/${id}`, { schema: userSchema });

export const userKey = (kind: UserKind, id: number) =>
  ['admin', USER_KINDS[kind].plural, 'detail', id] as const;

export const userQuery = (kind: UserKind, id: number) =>
  queryOptions({ queryKey: userKey(kind, id), queryFn: () => getUser(kind, id) });

/** The route loader has it in the cache already. */
export const useUser = (kind: UserKind, id: number) => useSuspenseQuery(userQuery(kind, id));
