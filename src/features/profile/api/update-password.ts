import { useMutation } from '@tanstack/react-query';
import { passwordChangedSchema } from '@/shared/contract/auth';
import { api } from '@/lib/api-client';
import { REFRESH_TRANSPORT_HEADERS, tokenStore } from '@/lib/tokens';
import type { ProfileArea } from './get-profile';

export interface PasswordChange {
  password: string;
  /** The current password; left out when empty (the server then takes only a login of the last 5 minutes). */
  currentPassword: string;
}

/**
 * PATCH /api/{teacher|student}/password. The spec puts the password in the query string; we
 * send it as the JSON body the server also takes, so it never lands in an address or a log,
 * with the current password beside it (a wrong one answers 403).
 * The change ends every earlier session; this one goes on with the new tokens of the answer.
 */
export async function updatePassword(area: ProfileArea, change: PasswordChange) {
  const result = await api(`/api/${area}/password`, {
    method: 'PATCH',
    body: {
      password: change.password,
      ...(change.currentPassword ? { currentPassword: change.currentPassword } : {}),
    },
    credentials: 'same-origin',
    headers: REFRESH_TRANSPORT_HEADERS,
    schema: passwordChangedSchema,
  });
  tokenStore.set(result);
  return result;
}

export function useUpdatePassword(area: ProfileArea) {
  return useMutation({
    mutationKey: [area, 'profile', 'password'],
    mutationFn: (change: PasswordChange) => updatePassword(area, change),
  });
}
