import { createFileRoute, redirect } from '@tanstack/react-router';

// Any unknown path goes to /login.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
