import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec part 1 §2: / goes to /shares, the default home. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ to: '/shares', replace: true });
  },
});
