import BookOpen from 'lucide-react/icons/book-open';
import { useId, type ReactNode } from 'react';
import { useMarkReadOnScrollPreference } from '../articles/markReadOnScroll';
import { PANES_MIN_WIDTH, useReaderLayout } from '../articles/readerBeside';
import { SettingsSection } from './SettingsSection';

/** Reading on this device: where the reader opens on a wide screen, and whether the list marks read on scroll. */
export function ReadingSection() {
  const { preference, setPreference } = useReaderLayout();
  const [onScroll, setOnScroll] = useMarkReadOnScrollPreference();
  return (
    <SettingsSection
      id="reading"
      title="Reading on This Device"
      icon={BookOpen}
      description="How the article list reads on this browser. Each device keeps its own choice."
    >
      <div className="flex flex-col gap-4">
        <Choice
          checked={preference === 'beside'}
          onChange={(checked) => setPreference(checked ? 'beside' : 'page')}
          label="Open articles beside the list"
          detail={`On screens at least ${PANES_MIN_WIDTH} pixels wide: feeds, list and article side by side. Off, articles open on their own page.`}
        />
        <Choice
          checked={onScroll === 'on'}
          onChange={(checked) => setOnScroll(checked ? 'on' : 'off')}
          label="Mark articles read as they scroll past"
          detail="An unread article is marked read once its card has scrolled up out of view."
        />
      </div>
    </SettingsSection>
  );
}

function Choice({
  checked,
  onChange,
  label,
  detail,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  detail: ReactNode;
}) {
  const detailId = useId();
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={detailId}
        className="mt-0.5 size-5 shrink-0 accent-accent"
      />
      <span className="min-w-0">
        <span className="block font-medium text-ink">{label}</span>
        <span id={detailId} className="mt-0.5 block text-sm text-muted">
          {detail}
        </span>
      </span>
    </label>
  );
}
