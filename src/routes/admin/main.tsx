import { createFileRoute } from '@tanstack/react-router';
import { metricsQuery } from '../../features/admin/api/get-metrics';
import { MetricsPanel } from '../../features/admin/components/metrics-panel';

export const Route = createFileRoute('/admin/main')({
  loader: ({ context }) => context.queryClient.ensureQueryData(metricsQuery()),
  component: MetricsPanel,
});
