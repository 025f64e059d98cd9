import MoreHorizontal from 'lucide-react/icons/ellipsis';
import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../ui/button';
import type { ArticleRuleMenuProps } from './ArticleRuleMenuPanel';

const loadPanel = () => import('./ArticleRuleMenuPanel');
const ArticleRuleMenuPanel = lazy(loadPanel);

/**
 * An article's ⋯ menu (a list row, the reader): "Hide articles like this" opens a new rule prefilled with the
 * article's feed and a few words of its title; "Mute this feed" / "Unmute this feed" when the viewer subscribes to it.
 * Until first pressed it is a plain button: the menu's code (Radix, the rule form) stays out of the list's first screen.
 */
export function ArticleRuleMenu({ article, className }: ArticleRuleMenuProps) {
  const [opened, setOpened] = useState(false);
  const button = (
    <button
      type="button"
      aria-label="More actions"
      title="More actions"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setOpened(true)}
      // Hovering or focusing starts loading the menu, so it opens at once when pressed.
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      className={buttonClass('ghost', 'icon', className)}
    >
      <MoreHorizontal aria-hidden="true" className="size-[1.125rem]" />
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <ArticleRuleMenuPanel article={article} className={className} />
    </Suspense>
  );
}
