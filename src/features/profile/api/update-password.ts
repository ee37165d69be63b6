import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '../../../shared/contract/common';
import { api } from '../../../lib/api-client';
import type { ProfileArea } from './get-profile';

/**
 * PATCH /api/{teacher|student}/password. The spec puts the password in the query string; we
 * send it as the JSON body the server also takes, so it never lands in an address or a log.
 */
export const updatePassword = (area: ProfileArea, password: string) =>
  api(`/api/${area}/password`, { method: 'PATCH', body: { password }, schema: messageSchema });

export function useUpdatePassword(area: ProfileArea) {
  return useMutation({
    mutationKey: [area, 'profile', 'password'],
    mutationFn: (password: string) => updatePassword(area, password),
  });
}
