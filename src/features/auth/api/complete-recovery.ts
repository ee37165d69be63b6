import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';

export function completeRecovery({ id, password }: { id: string; password: string }) {
  return api(`/api/auth/recover/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { password },
    schema: messageSchema,
  });
}

export function useCompleteRecovery() {
  return useMutation({ mutationFn: completeRecovery });
}
