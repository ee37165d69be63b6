import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUpdateUserBody } from '@/shared/contract/admin';
import { userSchema } from '@/shared/contract/users';
import { api } from '@/lib/api-client';
import { USER_KINDS, type UserKind } from '../user-kind';
import { userKey } from './get-user';
import { usersListKey } from './list-users';

/** PATCH /api/admin/{student|teacher}; an empty password keeps the current one. */
export const updateUser = (kind: UserKind, body: AdminUpdateUserBody) =>
  api(`/api/admin/${kind}`, { method: 'PATCH', body, schema: userSchema });

export function useUpdateUser(kind: UserKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', USER_KINDS[kind].plural, 'update'],
    mutationFn: (body: AdminUpdateUserBody) => updateUser(kind, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKey(kind, user.id), user);
      return queryClient.invalidateQueries({ queryKey: usersListKey(kind) });
    },
  });
}
