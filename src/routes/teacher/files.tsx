import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { FIRST_FILES_PAGE, filesPageQuery } from '@/features/files/api/list-files';
import { FilesScreen } from '@/features/files/components/files-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/teacher/files')({
  loader: ({ context }) => ensureData(context.queryClient, filesPageQuery(FIRST_FILES_PAGE)),
  component: FilesScreen,
  errorComponent: ({ error, reset }) => <LoadError title="Файлы" error={error} reset={reset} />,
});
