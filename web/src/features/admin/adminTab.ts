/** The admin panel's tabs by name, in the order they are shown; the chosen one is the /admin?tab= search parameter. */
const ADMIN_TAB_NAMES = ['statistics', 'users', 'feeds', 'analytics', 'email', 'configuration', 'database'] as const;

export type AdminTab = (typeof ADMIN_TAB_NAMES)[number];

/** The tab a URL asks for; anything else is the first. */
export function adminTab(value: unknown): AdminTab {
  return ADMIN_TAB_NAMES.find((tab) => tab === value) ?? 'statistics';
}
