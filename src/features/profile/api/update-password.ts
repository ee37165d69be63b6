import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '../../../shared/contract/common';
import { api } from '../../../lib/api-client';

/**
 * PATCH /api/teacher/password. The spec puts the password in the query string; we send it as
 * the JSON body the server also takes, so it never lands in an address or an access log.
 */
export const updatePassword = (password: string) =>
  api('/api/teacher/password', { method: 'PATCH', body: { password }, schema: messageSchema });

export function useUpdatePassword() {
  return useMutation({ mutationKey: ['teacher', 'profile', 'password'], mutationFn: updatePassword });
}
