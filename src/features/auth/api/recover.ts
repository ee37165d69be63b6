import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';

export function requestRecovery(email: string) {
  return api('/api/auth/recover', { method: 'POST', body: { email }, schema: messageSchema });
}

export function useRequestRecovery() {
  return useMutation({ mutationFn: requestRecovery });
}
