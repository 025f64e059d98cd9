import Columns2 from 'lucide-react/icons/columns-2';
import { IconButton } from '../../ui/IconButton';
import { cx } from '../../ui/cx';
import { useReaderLayout } from './readerBeside';

/** On a wide screen, the switch between the reader beside the list and the reader on its own page. */
export function ReaderLayoutToggle() {
  const { isWide, beside, setPreference } = useReaderLayout();
  if (!isWide) return null;
  return (
    <IconButton
      label="Reader beside the list"
      title={beside ? 'Open articles on their own page' : 'Open articles beside the list'}
      aria-pressed={beside}
      onClick={() => setPreference(beside ? 'page' : 'beside')}
      className={cx('h-10 w-10 shrink-0 rounded-xl border border-line', beside ? 'bg-accent-soft text-accent-strong' : 'bg-surface')}
    >
      <Columns2 aria-hidden="true" className="size-4" />
    </IconButton>
  );
}
