import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TemplateVariantBody, templateVariantResultSchema } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';

/**
 * The lists a variant made from a template adds to, by their own keys: the variants' and the
 * tasks' (`variantsListKey`, `tasksListKey` of those features, which this one may not import;
 * a unit test holds them equal), and this feature's variant picker.
 */
export const TEMPLATE_VARIANT_STALE_KEYS = [
  ['teacher', 'variants', 'list'],
  ['teacher', 'tasks', 'list'],
  ['teacher', 'exams', 'variant-choices'],
] as const;

/** The format's key and the body: the new variant's name. */
export type TemplateVariantRequest = TemplateVariantBody & { key: string };

/**
 * POST /api/teacher/templates/{key}/variant with { name }: the teacher's own tasks of the
 * format and a variant of them, in one go.
 */
export const createTemplateVariant = ({ key, ...body }: TemplateVariantRequest) =>
  api(`/api/teacher/templates/${encodeURIComponent(key)}/variant`, {
    method: 'POST',
    body,
    schema: templateVariantResultSchema,
  });

export function useCreateTemplateVariant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'templates', 'variant'],
    mutationFn: createTemplateVariant,
    onSuccess: () =>
      Promise.all(TEMPLATE_VARIANT_STALE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
