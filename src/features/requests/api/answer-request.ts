import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';
import { requestsListKey } from './list-requests';

export type RequestAnswer = 'accept' | 'reject';

/** POST /api/student/request/{id} accepts; DELETE rejects. */
export const answerRequest = ({ id, answer }: { id: number; answer: RequestAnswer }) =>
  api(`/api/student/request/${id}`, {
    method: answer === 'accept' ? 'POST' : 'DELETE',
    schema: messageSchema,
  });

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['student', 'requests', 'answer'],
    mutationFn: answerRequest,
    // The list reloads afterwards (also after a failure: the request may be gone).
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsListKey }),
  });
}
