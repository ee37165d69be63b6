import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { studentVariantSchema } from '@/shared/contract/student';
import { api } from '@/lib/api-client';
import { studentContract } from './student-contract';

export type Variant = z.infer<typeof studentVariantSchema>;

export const getExamVariant = (examId: number, variantId: number) =>
  api(`/api/student/exam/${examId}/variant/${variantId}`, {
    schema: () => studentContract().then((c) => c.studentVariantSchema),
  });

export const examVariantQuery = (examId: number, variantId: number) =>
  queryOptions({
    queryKey: ['student', 'exam', examId, 'variant', variantId],
    queryFn: () => getExamVariant(examId, variantId),
  });

/** The chosen variant (nothing until one is chosen). */
export const useExamVariant = (examId: number, variantId: number | null) =>
  useQuery({ ...examVariantQuery(examId, variantId ?? 0), enabled: variantId !== null });
