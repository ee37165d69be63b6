import { useMutation, useQueryClient } from '@tanstack/react-query';
import { variantSchema, type VariantCreateBody } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { variantKey } from './get-variant';
import { variantsListKey } from './list-variants';

/** POST /api/teacher/variant: `tasks` are task ids in the order the student takes them. */
export const createVariant = (body: VariantCreateBody) =>
  api('/api/teacher/variant', { method: 'POST', body, schema: variantSchema });

export function useCreateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'variants', 'create'],
    mutationFn: createVariant,
    onSuccess: (variant) => {
      queryClient.setQueryData(variantKey(variant.id), variant);
      return queryClient.invalidateQueries({ queryKey: variantsListKey });
    },
  });
}
