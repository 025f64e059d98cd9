import { createFileRoute } from '@tanstack/react-router';
import { Heart, Newspaper } from 'lucide-react';
import { z } from 'zod';
import { Placeholder } from '../../ui/Placeholder';

// Spec part 1 §3: the list filter is unread (default), all or liked; Liked in the navigation is filter=liked.
// feed or folder limit the list to one subscription or folder (global ids), chosen in Feeds & Folders.
const search = z.object({
  filter: z.enum(['unread', 'all', 'liked']).optional().catch(undefined),
  feed: z.string().min(1).optional().catch(undefined),
  folder: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_app/articles')({
  validateSearch: search,
  component: ArticlesPage,
});

function ArticlesPage() {
  const { filter } = Route.useSearch();
  return filter === 'liked' ? (
    <Placeholder icon={Heart} title="Liked">
      The articles you liked will be gathered here, newest first.
    </Placeholder>
  ) : (
    <Placeholder icon={Newspaper} title="Articles">
      New articles from your feeds will be listed here, with unread and all filters and keyboard navigation.
    </Placeholder>
  );
}
