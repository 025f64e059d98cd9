import { Link } from '@tanstack/react-router';
import { mainNav } from './navItems';
import { useNavPlace } from './useNavPlace';

type Props = {
  /** Classes of a link, active (the current place) or not. */
  linkClass: (active: boolean) => string;
  iconClass: string;
  iconStrokeWidth?: (active: boolean) => number | undefined;
};

/** The list items of the main navigation, the current one marked aria-current; the sidebar and the bottom nav style them. */
export function MainNavLinks({ linkClass, iconClass, iconStrokeWidth }: Props) {
  const place = useNavPlace();
  return mainNav.map(({ label, icon: Icon, link, isActive }) => {
    const active = isActive(place);
    return (
      <li key={label}>
        <Link {...link} activeOptions={{ exact: true }} aria-current={active ? 'page' : undefined} className={linkClass(active)}>
          <Icon aria-hidden="true" className={iconClass} strokeWidth={iconStrokeWidth?.(active)} />
          {label}
        </Link>
      </li>
    );
  });
}
