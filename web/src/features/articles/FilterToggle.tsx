import { SegmentedControl } from '../../ui/SegmentedControl';

const OPTIONS = [
  { value: 'unread', label: 'Unread' },
  { value: 'all', label: 'All' },
  { value: 'starred', label: 'Starred' },
  { value: 'circle', label: 'Circle' },
] as const;

type Filter = (typeof OPTIONS)[number]['value'];

/**
 * The Unread / All / Starred / Circle switch of the article list, the current one pressed.
 * Liked has its own place in the navigation.
 */
export function FilterToggle({ value, onChange }: { value: Filter; onChange: (value: Filter) => void }) {
  return <SegmentedControl label="Show articles" options={OPTIONS} value={value} onChange={onChange} />;
}
