import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { variantsPageSchema } from '@/shared/contract/teacher';
import { FIRST_PAGE } from '@/components/paged-list/paged-result';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

export interface VariantSummary {
  id: number;
  name: string;
}

/** GET /api/teacher/variants[/search]: the teacher's variants by name. */
export const listVariants = (p: PageParams): Promise<Page<VariantSummary>> =>
  getPage('/api/teacher/variants', 'variants', variantsPageSchema, p);

export const FIRST_VARIANTS_PAGE: PageParams = { ...FIRST_PAGE, search: '' };

/** Every page of the list: what a create, an update or a delete makes stale. */
export const variantsListKey = ['teacher', 'variants', 'list'] as const;

export const variantsPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: [...variantsListKey, p] as const,
    queryFn: () => listVariants(p),
    placeholderData: keepPreviousData,
  });

export const useVariantsPage = (p: PageParams) => useQuery(variantsPageQuery(p));
