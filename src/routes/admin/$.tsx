import { createFileRoute, redirect } from '@tanstack/react-router';

// Unknown paths of the area go to its first screen.
export const Route = createFileRoute('/admin/$')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/main', replace: true });
  },
});
