import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { FIRST_VARIANTS_PAGE, variantsPageQuery } from '@/features/variants/api/list-variants';
import { VariantsScreen } from '@/features/variants/components/variants-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/teacher/variants/')({
  loader: ({ context }) => ensureData(context.queryClient, variantsPageQuery(FIRST_VARIANTS_PAGE)),
  component: VariantsScreen,
  errorComponent: ({ error, reset }) => <LoadError title="Варианты" error={error} reset={reset} />,
});
