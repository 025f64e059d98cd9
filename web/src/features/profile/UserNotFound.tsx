import { useNavigate, useRouter } from '@tanstack/react-router';
import UserRoundX from 'lucide-react/icons/user-round-x';
import { buttonClass } from '../../ui/button';
import { PageTitle } from '../../ui/PageTitle';

/** The answer to a profile address that names no user, with Go back (home when opened in a new tab). */
export function UserNotFound() {
  const router = useRouter();
  const navigate = useNavigate();
  // The browser's history, not the router's: the page before may have been loaded apart from this one.
  const goBack = () => (window.history.length > 1 ? router.history.back() : void navigate({ to: '/shares' }));
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <PageTitle>User not found</PageTitle>
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-sunken text-muted">
        <UserRoundX aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      <h1 id="page-title" className="font-serif text-2xl font-semibold tracking-tight text-ink">
        User not found
      </h1>
      <p className="mt-2 max-w-sm leading-relaxed text-muted">
        There is no one with this address on this instance. The link may be mistyped.
      </p>
      <button type="button" onClick={goBack} className={buttonClass('primary', 'md', 'mt-6')}>
        Go back
      </button>
    </div>
  );
}
