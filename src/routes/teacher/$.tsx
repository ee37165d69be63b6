import { createFileRoute, redirect } from '@tanstack/react-router';

// Unknown paths of the area go to its first screen.
export const Route = createFileRoute('/teacher/$')({
  beforeLoad: () => {
    throw redirect({ to: '/teacher/exams', replace: true });
  },
});
