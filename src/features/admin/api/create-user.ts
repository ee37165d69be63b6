import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateUserBody } from '@/shared/contract/admin';
import { userSchema } from '@/shared/contract/users';
import { api } from '@/lib/api-client';
import { USER_KINDS, type UserKind } from '../user-kind';
import { metricsQuery } from './get-metrics';
import { usersListKey } from './list-users';

/** POST /api/admin/{student|teacher}. */
export const createUser = (kind: UserKind, body: AdminCreateUserBody) =>
  api(`/api/admin/${kind}`, { method: 'POST', body, schema: userSchema });

export function useCreateUser(kind: UserKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', USER_KINDS[kind].plural, 'create'],
    mutationFn: (body: AdminCreateUserBody) => createUser(kind, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersListKey(kind) }),
        queryClient.invalidateQueries({ queryKey: metricsQuery().queryKey }),
      ]),
  });
}
