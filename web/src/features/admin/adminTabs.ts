import BarChart3 from 'lucide-react/icons/chart-column';
import Database from 'lucide-react/icons/database';
import Mail from 'lucide-react/icons/mail';
import Rss from 'lucide-react/icons/rss';
import Settings2 from 'lucide-react/icons/settings-2';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';
import type { AdminTab } from './adminTab';

/** The admin panel's tabs as drawn (adminTab.ts names them for the route: its file loads with every screen). */
export const ADMIN_TABS = [
  { value: 'statistics', label: 'Statistics', icon: BarChart3 },
  { value: 'users', label: 'Users', icon: Users },
  { value: 'feeds', label: 'Feeds', icon: Rss },
  { value: 'analytics', label: 'Analytics', icon: TrendingUp },
  { value: 'email', label: 'Email', icon: Mail },
  { value: 'configuration', label: 'Configuration', icon: Settings2 },
  { value: 'database', label: 'Database', icon: Database },
] as const satisfies readonly { value: AdminTab; label: string; icon: unknown }[];
