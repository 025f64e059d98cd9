import BarChart3 from 'lucide-react/icons/chart-column';
import Mail from 'lucide-react/icons/mail';
import Rss from 'lucide-react/icons/rss';
import Settings2 from 'lucide-react/icons/settings-2';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';

/** The admin panel's tabs, in the spec's order (part 2 §2); the chosen one is the /admin?tab= search parameter. */
export const ADMIN_TABS = [
  { value: 'statistics', label: 'Statistics', icon: BarChart3 },
  { value: 'users', label: 'Users', icon: Users },
  { value: 'feeds', label: 'Feeds', icon: Rss },
  { value: 'analytics', label: 'Analytics', icon: TrendingUp },
  { value: 'email', label: 'Email', icon: Mail },
  { value: 'configuration', label: 'Configuration', icon: Settings2 },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

export function adminTab(value: unknown): AdminTab {
  return ADMIN_TABS.find((tab) => tab.value === value)?.value ?? 'statistics';
}
