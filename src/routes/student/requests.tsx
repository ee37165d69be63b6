import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { FIRST_REQUESTS_PAGE, requestsPageQuery } from '@/features/requests/api/list-requests';
import { RequestsScreen } from '@/features/requests/components/requests-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/student/requests')({
  loader: ({ context }) => ensureData(context.queryClient, requestsPageQuery(FIRST_REQUESTS_PAGE)),
  component: RequestsScreen,
  errorComponent: ({ error, reset }) => <LoadError title="Заявки" error={error} reset={reset} />,
});
