import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentVariantSchema } from '../../../shared/contract/student';
import { api } from '../../../lib/api-client';

export const getExamVariant = (examId: number, variantId: number) =>
  api(`/api/student/exam/${examId}/variant/${variantId}`, { schema: studentVariantSchema });

export const examVariantQuery = (examId: number, variantId: number) =>
  queryOptions({
    queryKey: ['student', 'exam', examId, 'variant', variantId],
    queryFn: () => getExamVariant(examId, variantId),
  });

export const useExamVariant = (examId: number, variantId: number) =>
  useQuery(examVariantQuery(examId, variantId));
