import { createFileRoute } from '@tanstack/react-router';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { LoadError } from '@/components/layout/load-error';
import { variantQuery } from '@/features/variants/api/get-variant';
import { VariantDetail } from '@/features/variants/components/variant-detail';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData } from '@/lib/route-data';

function VariantPage() {
  const { id } = Route.useParams();
  return <VariantDetail id={id} />;
}

export const Route = createFileRoute('/teacher/variants/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  loader: ({ context, params }) => ensureData(context.queryClient, variantQuery(params.id)),
  component: VariantPage,
  errorComponent: ({ error, reset }) => (
    <LoadError
      title="Вариант"
      error={error}
      reset={reset}
      back={<BackToListButton to="/teacher/variants" />}
    />
  ),
});
