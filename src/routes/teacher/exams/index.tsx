import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { examsPageQuery, FIRST_EXAMS_PAGE } from '@/features/exams/api/list-exams';
import { ExamsScreen } from '@/features/exams/components/exams-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/teacher/exams/')({
  loader: ({ context }) => ensureData(context.queryClient, examsPageQuery(FIRST_EXAMS_PAGE)),
  component: ExamsScreen,
  errorComponent: ({ error, reset }) => <LoadError title="Экзамены" error={error} reset={reset} />,
});
