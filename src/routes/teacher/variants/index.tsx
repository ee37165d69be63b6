import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '../../../components/layout/load-error';
import { FIRST_VARIANTS_PAGE, variantsPageQuery } from '../../../features/variants/api/list-variants';
import { VariantsScreen } from '../../../features/variants/components/variants-screen';

export const Route = createFileRoute('/teacher/variants/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(variantsPageQuery(FIRST_VARIANTS_PAGE)),
  component: VariantsScreen,
  errorComponent: ({ error, reset }) => <LoadError title="Варианты" error={error} reset={reset} />,
});
