import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { authLinkClass } from '../../features/auth/authLink';
import { ForgotPasswordForm } from '../../features/auth/ForgotPasswordForm';

export const Route = createFileRoute('/_auth/forgot-password')({
  component: () => (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email of your account to get a link to choose a new password."
      footer={
        <Link to="/login" className={authLinkClass}>
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  ),
});
