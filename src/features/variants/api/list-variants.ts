import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { variantsPageSchema } from '../../../shared/contract/teacher';
import { FIRST_PAGE, type PageParams, type Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

export interface VariantsPageParams extends PageParams {
  search: string;
}

export interface VariantSummary {
  id: number;
  name: string;
}

/** GET /api/teacher/variants[/search]: the teacher's variants by name. */
export async function listVariants(p: VariantsPageParams): Promise<Paged<VariantSummary>> {
  const r = await api(p.search ? '/api/teacher/variants/search' : '/api/teacher/variants', {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: variantsPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.variants };
}

export const FIRST_VARIANTS_PAGE: VariantsPageParams = { ...FIRST_PAGE, search: '' };

/** Every page of the list: what a create, an update or a delete makes stale. */
export const variantsListKey = ['teacher', 'variants', 'list'] as const;

export const variantsPageQuery = (p: VariantsPageParams) =>
  queryOptions({
    queryKey: [...variantsListKey, p] as const,
    queryFn: () => listVariants(p),
    placeholderData: keepPreviousData,
  });

export const useVariantsPage = (p: VariantsPageParams) => useQuery(variantsPageQuery(p));
