import { cx } from '../../ui/cx';
import { MainNavLinks } from './MainNavLinks';

/** The mobile bottom navigation: Shared, Articles, Liked, Highlights, Digest, Users. */
export function BottomNav() {
  return (
    <nav aria-label="Main" className="pb-safe fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface lg:hidden">
      <ul className="mx-auto grid max-w-lg grid-cols-6">
        <MainNavLinks
          linkClass={(active) =>
            cx(
              'flex h-14 flex-col items-center justify-center gap-1 rounded-lg text-[0.6875rem] font-medium transition-colors',
              active ? 'text-accent-strong' : 'text-muted hover:text-ink',
            )
          }
          iconClass="size-5"
          iconStrokeWidth={(active) => (active ? 2.25 : 1.75)}
        />
      </ul>
    </nav>
  );
}
