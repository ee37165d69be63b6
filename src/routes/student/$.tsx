import { createFileRoute, redirect } from '@tanstack/react-router';

// Unknown paths of the area go to its first screen.
export const Route = createFileRoute('/student/$')({
  beforeLoad: () => {
    throw redirect({ to: '/student/exams', replace: true });
  },
});
