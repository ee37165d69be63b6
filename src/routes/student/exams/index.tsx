import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../../../components/layout/page';

// Replaced by the exams list of the student area.
export const Route = createFileRoute('/student/exams/')({
  component: () => <Page title="Экзамены">{null}</Page>,
});
