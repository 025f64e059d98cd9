import { Link } from '@tanstack/react-router';
import { cx } from '../../ui/cx';
import { mainNav } from './navItems';
import { useNavPlace } from './useNavPlace';

/** The mobile bottom navigation (spec part 1 §2): Shared, Articles, Liked, Digest, Users. */
export function BottomNav() {
  const place = useNavPlace();
  return (
    <nav aria-label="Main" className="pb-safe fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 backdrop-blur lg:hidden">
      <ul className="mx-auto grid max-w-lg grid-cols-5">
        {mainNav.map(({ label, icon: Icon, link, isActive }) => {
          const active = isActive(place);
          return (
            <li key={label}>
              <Link
                {...link}
                activeOptions={{ exact: true }}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'flex h-14 flex-col items-center justify-center gap-1 rounded-lg text-[0.6875rem] font-medium transition-colors',
                  active ? 'text-accent-strong' : 'text-muted hover:text-ink',
                )}
              >
                <Icon aria-hidden="true" className="size-5" strokeWidth={active ? 2.25 : 1.75} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
