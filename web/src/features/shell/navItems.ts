import { linkOptions } from '@tanstack/react-router';
import { type LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import Heart from 'lucide-react/icons/heart';
import Highlighter from 'lucide-react/icons/highlighter';
import Newspaper from 'lucide-react/icons/newspaper';
import Share2 from 'lucide-react/icons/share-2';
import Users from 'lucide-react/icons/users';

type Place = { pathname: string; search: { filter?: string } };

/** Shared, Articles, Liked, Highlights, Digest, Users: the main navigation of the sidebar and the bottom nav. */
export const mainNav = [
  { label: 'Shared', icon: Share2, link: linkOptions({ to: '/shares' }), isActive: ({ pathname }: Place) => pathname === '/shares' },
  {
    label: 'Articles',
    icon: Newspaper,
    link: linkOptions({ to: '/articles' }),
    isActive: ({ pathname, search }: Place) => (pathname === '/articles' && search.filter !== 'liked') || pathname.startsWith('/article/'),
  },
  {
    label: 'Liked',
    icon: Heart,
    // Liked is the article list with the liked filter, kept in the URL so it can be shared.
    link: linkOptions({ to: '/articles', search: { filter: 'liked' } }),
    isActive: ({ pathname, search }: Place) => pathname === '/articles' && search.filter === 'liked',
  },
  {
    label: 'Highlights',
    icon: Highlighter,
    link: linkOptions({ to: '/highlights' }),
    isActive: ({ pathname }: Place) => pathname === '/highlights',
  },
  {
    label: 'Digest',
    icon: BookOpen,
    link: linkOptions({ to: '/digest' }),
    isActive: ({ pathname }: Place) => pathname.startsWith('/digest'),
  },
  {
    label: 'Users',
    icon: Users,
    link: linkOptions({ to: '/users' }),
    isActive: ({ pathname }: Place) => pathname === '/users' || pathname.startsWith('/user/'),
  },
] satisfies { label: string; icon: LucideIcon; link: unknown; isActive: (place: Place) => boolean }[];
