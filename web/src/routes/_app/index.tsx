import { createFileRoute, redirect } from '@tanstack/react-router';

/** / goes to /shares, the default home. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ to: '/shares', replace: true });
  },
});
