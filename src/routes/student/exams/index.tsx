import { createFileRoute } from '@tanstack/react-router';
import { ExamsList } from '@/features/student-exams/components/exams-list';

export const Route = createFileRoute('/student/exams/')({ component: ExamsList });
