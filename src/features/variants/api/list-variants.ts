import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { variantsPageSchema } from '../../../shared/contract/teacher';
import { FIRST_PAGE, type PageParams, type Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';

export interface VariantsPageParams extends PageParams {
  search: string;
}

export interface VariantSummary {
  id: number;
  name: string;
}

/** GET /api/teacher/variants[/search]: the teacher's variants by name. */
export const listVariants = (p: VariantsPageParams): Promise<Paged<VariantSummary>> =>
  getPage('/api/teacher/variants', 'variants', variantsPageSchema, p);

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
