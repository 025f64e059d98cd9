import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { buttonClass } from '../../ui/button';

type Props = { page: number; limit: number; total: number; onPage: (page: number) => void; disabled?: boolean };

/** Previous / 'Page N of M' / Next under an admin table; nothing when everything fits on one page. */
export function AdminPagination({ page, limit, total, onPage, disabled = false }: Props) {
  if (total <= limit) return null;
  const pages = Math.ceil(total / limit);
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3 text-sm text-muted">
      <button type="button" className={buttonClass('secondary', 'sm')} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={disabled || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
