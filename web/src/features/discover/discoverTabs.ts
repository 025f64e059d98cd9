export const DISCOVER_TABS = [
  { value: 'popular', label: 'Popular on this Instance' },
  { value: 'packs', label: 'Starter Packs' },
] as const;

export type DiscoverTab = (typeof DISCOVER_TABS)[number]['value'];

/** The tab a URL names; anything else is the first. */
export function discoverTab(value: unknown): DiscoverTab {
  return DISCOVER_TABS.some((tab) => tab.value === value) ? (value as DiscoverTab) : 'popular';
}
