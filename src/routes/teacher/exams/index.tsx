import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../components/layout/page';

// Replaced by the exams list of the teacher area.
export const Route = createFileRoute('/teacher/exams/')({
  component: () => <Page title="Экзамены">{null}</Page>,
});
