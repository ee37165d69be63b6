import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { variantsPageSchema } from '../../../shared/contract/teacher';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';

export interface ChoicesParams extends PageParams {
  search: string;
}

/** The teacher's variants for the exam picker (GET /api/teacher/variants[/search]). */
export const listVariantChoices = (p: ChoicesParams): Promise<Paged<{ id: number; name: string }>> =>
  getPage('/api/teacher/variants', 'variants', variantsPageSchema, p);

export const variantChoicesQuery = (p: ChoicesParams) =>
  queryOptions({
    queryKey: ['teacher', 'exams', 'variant-choices', p] as const,
    queryFn: () => listVariantChoices(p),
    placeholderData: keepPreviousData,
    // Variants are made on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useVariantChoices = (p: ChoicesParams) => useQuery(variantChoicesQuery(p));
