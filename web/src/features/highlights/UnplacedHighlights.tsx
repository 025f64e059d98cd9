import Trash2 from 'lucide-react/icons/trash-2';
import { IconButton } from '../../ui/IconButton';

type Unplaced = { readonly id: string; readonly exact: string; readonly note: string | null | undefined };

/**
 * The highlights the article's text no longer holds (it changed, or the other version shows), listed under it with
 * their text and note so that nothing the reader marked is lost from sight.
 */
export function UnplacedHighlights({ highlights, onDelete }: { highlights: readonly Unplaced[]; onDelete: (id: string) => void }) {
  if (highlights.length === 0) return null;
  return (
    <section aria-labelledby="unplaced-highlights" className="mt-10 rounded-xl border border-dashed border-line px-5 py-4">
      <h2 id="unplaced-highlights" className="text-sm font-semibold text-ink">
        Could not be placed
      </h2>
      <p className="mt-0.5 text-sm text-muted">The article’s text has changed where these highlights were.</p>
      <ul className="mt-3 flex flex-col gap-3">
        {highlights.map((highlight) => (
          <li key={highlight.id} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <blockquote className="border-l-2 border-accent pl-3 font-serif text-ink">{highlight.exact}</blockquote>
              {highlight.note && <p className="mt-1 whitespace-pre-wrap break-words pl-3.5 text-sm text-muted">{highlight.note}</p>}
            </div>
            <IconButton label="Delete highlight" onClick={() => onDelete(highlight.id)} className="size-8">
              <Trash2 aria-hidden="true" className="size-4" />
            </IconButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
