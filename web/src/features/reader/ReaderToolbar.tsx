import { Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ExternalLink from 'lucide-react/icons/external-link';
import Share2 from 'lucide-react/icons/share-2';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { IconButton } from '../../ui/IconButton';
import { LikeButton } from '../articles/LikeButton';
import { StarButton } from '../articles/StarButton';
import { useToggleLike, useToggleStar } from '../articles/useArticleActions';
import { useArticleShortcuts } from '../articles/useArticleShortcuts';
import { LoadFullTextButton } from '../fullText/LoadFullTextButton';
import { useFullTextView } from '../fullText/useFullTextView';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import { ArticleRuleMenu } from '../rules/ArticleRuleMenu';
import { ShareDialog } from '../shares/ShareDialog';
import type { ReaderToolbar_article$key } from './__generated__/ReaderToolbar_article.graphql';
import { ArticleNavigation } from './ArticleNavigation';
import { READER_COLUMN } from './readerColumn';
import { useReaderNavigation } from './useReaderNavigation';
import { useReaderPane } from './readerPane';

const actionIcon = 'size-[1.125rem]';

/**
 * The reader's bar, sticky under the top bar: Back, the previous and next arrows with 'n/total',
 * and the article's actions. It owns the reader's keys too: j next, k previous, Escape back to the list, and
 * the article's own m, l, s and v.
 */
export function ReaderToolbar({ article }: { article: ReaderToolbar_article$key }) {
  const data = useFragment(
    graphql`
      fragment ReaderToolbar_article on Article @argumentDefinitions(sharesFirst: { type: "Int", defaultValue: 100 }) {
        id
        url
        title
        isRead
        isLiked
        starred
        feed {
          id
        }
        counts {
          comments
          shares
          likes
        }
        ...ShareDialog_article @arguments(sharesFirst: $sharesFirst)
        ...useFullTextView_article
      }
    `,
    article,
  );
  const { position, back, awaitingNext, goNext, goPrevious, goBack } = useReaderNavigation(data.id);
  // Beside the list, the list owns the keys and Back closes the reader.
  const pane = useReaderPane();
  useArticleShortcuts(pane ? null : data);
  const toggleLike = useToggleLike();
  const toggleStar = useToggleStar();
  useKeyboardShortcuts({ j: goNext, k: goPrevious, Escape: goBack }, !pane);
  const fullText = useFullTextView(data);
  useKeyboardShortcuts({ f: fullText.toggle });
  const [sharing, setSharing] = useState(false);

  return (
    <div className={cx('sticky z-20 border-b border-line bg-canvas', pane ? 'top-0' : 'top-14 lg:top-16')}>
      <div className={cx(READER_COLUMN, 'flex h-13 items-center gap-1 sm:gap-2')}>
        <nav aria-label="Reader" className="flex items-center gap-1 sm:gap-2">
          <Link
            {...(pane ? (pane.close as typeof back) : back)}
            className={buttonClass('ghost', 'sm', '-ml-2 h-10 px-2.5 max-sm:w-10 max-sm:px-0')}
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
            <span className="max-sm:sr-only">Back</span>
          </Link>
          {position && !pane && (
            <>
              <span aria-hidden="true" className="h-5 w-px bg-line max-sm:hidden" />
              <ArticleNavigation position={position} awaitingNext={awaitingNext} onNext={goNext} />
            </>
          )}
        </nav>
        <div role="group" aria-label="Article actions" className="-mr-2 ml-auto flex items-center gap-1 max-sm:gap-0">
          {/* The list's like toggle, so liking looks and reads the same in the list and the reader. */}
          <StarButton starred={data.starred} onToggle={() => toggleStar(data)} className="max-sm:size-8" />
          <LikeButton
            liked={data.isLiked}
            likes={data.counts.likes}
            onToggle={() => toggleLike(data)}
            className="sm:mr-1 max-sm:[&>button]:size-8"
          />
          <IconButton
            label="Share"
            title="Share this article"
            aria-haspopup="dialog"
            onClick={() => setSharing(true)}
            className="max-sm:w-8"
          >
            <Share2 aria-hidden="true" className={actionIcon} />
          </IconButton>
          <ShareDialog article={data} open={sharing} onOpenChange={setSharing} />
          <LoadFullTextButton view={fullText} className="max-sm:w-8" />
          {data.url && (
            <a
              href={data.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Open the original article"
              title="Open the original article in a new tab"
              className={buttonClass('ghost', 'icon', 'max-sm:w-8')}
            >
              <ExternalLink aria-hidden="true" className={actionIcon} />
            </a>
          )}
          {/* Narrower on a phone, and without gaps, where the bar holds its nine controls in 390 pixels. */}
          <ArticleRuleMenu article={data} className="max-sm:w-8" />
        </div>
      </div>
    </div>
  );
}
