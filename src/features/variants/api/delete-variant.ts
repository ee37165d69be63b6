import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';
import { variantKey } from './get-variant';
import { variantsListKey } from './list-variants';

/** DELETE /api/teacher/variant/{id}; 409 names the exams that still use it. */
export const deleteVariant = (id: number) =>
  api(`/api/teacher/variant/${id}`, { method: 'DELETE', schema: messageSchema });

export function useDeleteVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'variants', 'delete'],
    mutationFn: deleteVariant,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: variantKey(id) });
      return queryClient.invalidateQueries({ queryKey: variantsListKey });
    },
  });
}
