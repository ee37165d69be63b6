import { useMutation, useQueryClient } from '@tanstack/react-query';
import { variantSchema, type VariantUpdateBody } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { variantKey } from './get-variant';
import { variantsListKey } from './list-variants';

/** PATCH /api/teacher/variant: new name and the whole task sequence. */
export const updateVariant = (body: VariantUpdateBody) =>
  api('/api/teacher/variant', { method: 'PATCH', body, schema: variantSchema });

export function useUpdateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'variants', 'update'],
    mutationFn: updateVariant,
    onSuccess: (variant) => {
      queryClient.setQueryData(variantKey(variant.id), variant);
      return queryClient.invalidateQueries({ queryKey: variantsListKey });
    },
  });
}
