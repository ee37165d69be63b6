import { queryOptions, useQuery } from '@tanstack/react-query';
import { examTemplatesSchema } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';

/** GET /api/teacher/templates: the official oral formats a variant can be made from. */
export const listTemplates = () => api('/api/teacher/templates', { schema: examTemplatesSchema });

export const templatesKey = ['teacher', 'templates'] as const;

export const templatesQuery = () =>
  queryOptions({
    queryKey: templatesKey,
    queryFn: listTemplates,
    // The formats change with a new version of the server, not while the app is open.
    staleTime: 60 * 60 * 1000,
  });

export const useTemplates = () => useQuery(templatesQuery());
