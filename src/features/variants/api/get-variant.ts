import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { variantSchema } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';

/** GET /api/teacher/variant/{id}: the variant with its tasks. */
export const getVariant = (id: number) => api(`/api/teacher/variant/${id}`, { schema: variantSchema });

export const variantKey = (id: number) => ['teacher', 'variants', 'detail', id] as const;

export const variantQuery = (id: number) =>
  queryOptions({ queryKey: variantKey(id), queryFn: () => getVariant(id) });

/** The route loader has it in the cache already. */
export const useVariant = (id: number) => useSuspenseQuery(variantQuery(id));
