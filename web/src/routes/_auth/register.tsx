import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../../features/auth/AuthCard';
import { RegisterForm } from '../../features/auth/RegisterForm';
import { useInstance } from '../../features/instance/InstanceProvider';

export const Route = createFileRoute('/_auth/register')({
  component: RegisterScreen,
});

function RegisterScreen() {
  const { name, allowRegistration } = useInstance();
  // Closed, the server still takes the first administrator's invite, so the form stays.
  const description = allowRegistration
    ? `${name} is invite-only: you need a code from someone already here.`
    : 'Registration is closed on this instance.';
  return (
    <AuthCard title="Create your account" description={description}>
      <RegisterForm />
    </AuthCard>
  );
}
