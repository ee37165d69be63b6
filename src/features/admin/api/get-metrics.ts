import { queryOptions, useQuery } from '@tanstack/react-query';
import { metricsSchema } from '@/shared/contract/admin';
import { api } from '@/lib/api-client';

export const getMetrics = () => api('/api/admin/metrics', { schema: metricsSchema });

export const metricsQuery = () => queryOptions({ queryKey: ['admin', 'metrics'], queryFn: getMetrics });

export const useMetrics = () => useQuery(metricsQuery());
