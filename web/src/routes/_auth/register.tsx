import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { RegisterForm } from '../../features/auth/RegisterForm';

export const Route = createFileRoute('/_auth/register')({
  component: () => (
    <AuthCard title="Create your account" description="Tidings is invite-only: you need a code from someone already here.">
      <RegisterForm />
    </AuthCard>
  ),
});
