import { createFileRoute } from '@tanstack/react-router';
import { metricsQuery } from '@/features/admin/api/get-metrics';
import { MetricsPanel } from '@/features/admin/components/metrics-panel';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/admin/main')({
  loader: ({ context }) => ensureData(context.queryClient, metricsQuery()),
  component: MetricsPanel,
});
