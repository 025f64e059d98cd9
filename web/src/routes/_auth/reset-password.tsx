import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { authLinkClass } from '../../features/auth/authLink';
import { ResetPasswordForm } from '../../features/auth/ResetPasswordForm';
import { notify } from '../../ui/toast';

/** The query parameter's token, trimmed; absent when missing or blank. */
function search(input: Record<string, unknown>): { token?: string } {
  const token = typeof input.token === 'string' ? input.token.trim() : '';
  return token ? { token } : {};
}

/** The token of a link `/reset-password#token=…`: a fragment never reaches a server, its log or a Referer. */
function fragmentToken(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || undefined;
}

export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: search,
  // Without a token the link is useless; say so and go to sign-in. The server's links carry it in the fragment;
  // a ?token= query parameter is still read too.
  beforeLoad: ({ search, location, preload }) => {
    const token = fragmentToken(location.hash) ?? search.token;
    if (token) return { token };
    if (!preload) notify.error('Invalid reset link', { id: 'invalid-reset-link' });
    throw redirect({ to: '/login' });
  },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useRouteContext();
  return (
    <AuthCard
      title="Choose a new password"
      description="Pick something you have not used here before."
      footer={
        <Link to="/login" className={authLinkClass}>
          Back to sign in
        </Link>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
