import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { variantsPageSchema } from '../../../shared/contract/teacher';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

export interface ChoicesParams extends PageParams {
  search: string;
}

/** The teacher's variants for the exam picker (GET /api/teacher/variants[/search]). */
export async function listVariantChoices(p: ChoicesParams): Promise<Paged<{ id: number; name: string }>> {
  const r = await api(p.search ? '/api/teacher/variants/search' : '/api/teacher/variants', {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: variantsPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.variants };
}

export const variantChoicesQuery = (p: ChoicesParams) =>
  queryOptions({
    queryKey: ['teacher', 'exams', 'variant-choices', p] as const,
    queryFn: () => listVariantChoices(p),
    placeholderData: keepPreviousData,
    // Variants are made on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useVariantChoices = (p: ChoicesParams) => useQuery(variantChoicesQuery(p));
