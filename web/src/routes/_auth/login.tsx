import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { authLinkClass } from '../../features/auth/authLink';
import { LoginForm } from '../../features/auth/LoginForm';

export const Route = createFileRoute('/_auth/login')({
  component: LoginPage,
});

function LoginPage() {
  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to catch up on what your friends are reading."
      footer={
        <>
          New here?{' '}
          <Link to="/register" className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
