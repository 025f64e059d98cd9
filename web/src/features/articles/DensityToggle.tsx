import LayoutList from 'lucide-react/icons/layout-list';
import Rows3 from 'lucide-react/icons/rows-3';
import { SegmentedControl } from '../../ui/SegmentedControl';
import type { ArticleDensity } from './useSetArticleDensity';

const OPTIONS = [
  { value: 'cards', label: 'Cards', icon: LayoutList },
  { value: 'compact', label: 'Compact', icon: Rows3 },
] as const;

/** The Cards / Compact switch of the article list; icons only on a phone, where the header is narrow. */
type Props = { value: ArticleDensity; onChange: (value: ArticleDensity) => void; className?: string };

export function DensityToggle({ value, onChange, className }: Props) {
  return <SegmentedControl label="Density" options={OPTIONS} value={value} onChange={onChange} iconsOnPhone className={className} />;
}
