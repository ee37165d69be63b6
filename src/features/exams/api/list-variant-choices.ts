import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { variantsPageSchema } from '@/shared/contract/teacher';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** The teacher's variants for the exam picker (GET /api/teacher/variants[/search]). */
export const listVariantChoices = (p: PageParams): Promise<Page<{ id: number; name: string }>> =>
  getPage('/api/teacher/variants', 'variants', variantsPageSchema, p);

export const variantChoicesQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['teacher', 'exams', 'variant-choices', p] as const,
    queryFn: () => listVariantChoices(p),
    placeholderData: keepPreviousData,
    // Variants are made on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useVariantChoices = (p: PageParams) => useQuery(variantChoicesQuery(p));
