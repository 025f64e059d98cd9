import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useInstance } from '../features/instance/InstanceProvider';
import { DEFAULT_INSTANCE_NAME } from '../ui/instanceName';
import { Wordmark } from '../ui/Wordmark';

/** The signed-out screens: a signed-in user opening one goes to /shares. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context }) => {
    if (context.session.get()) throw redirect({ to: '/shares' });
  },
  component: AuthLayout,
});

function AuthLayout() {
  const { name, description } = useInstance();
  return (
    <div className="flex min-h-dvh flex-col items-center bg-canvas px-5 py-10 sm:justify-center sm:py-16">
      <main className="flex w-full max-w-[26rem] flex-col gap-8">
        <header className="flex flex-col items-center gap-2 text-center">
          <Wordmark className="text-[1.6rem]" />
          {/* The instance as its administrators named and described it (admin panel, Configuration). */}
          {name !== DEFAULT_INSTANCE_NAME && <p className="font-medium text-ink">{name}</p>}
          <p className="text-sm text-muted">{description || 'Read your feeds together.'}</p>
        </header>
        <Outlet />
      </main>
    </div>
  );
}
