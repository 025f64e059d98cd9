import { Inbox, SearchX } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';
import type { ArticleListFilter } from './listSearch';
import { emptyMessage } from './listSummary';

/** The empty list (spec part 1 §2): 'No articles found' and why, for the filter or the search. */
export function ArticleListEmpty({ filter, searchText }: { filter: ArticleListFilter; searchText: string | null }) {
  const { title, detail } = emptyMessage(filter, searchText);
  return <EmptyState icon={searchText ? SearchX : Inbox} title={title} detail={detail} />;
}
