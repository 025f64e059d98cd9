import { useId } from 'react';
import { useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import { isMalformedIdFailure } from '../../ui/malformedIdFailure';
import { FullTextReaderContext, useFullTextReader } from '../fullText/fullTextReader';
import type { readerQuery as ReaderQuery } from './__generated__/readerQuery.graphql';
import { ArticleComments } from './ArticleComments';
import { ArticleContent } from './ArticleContent';
import { ArticleEnclosures } from './ArticleEnclosures';
import { ArticleHeader } from './ArticleHeader';
import { ArticleNotFound } from './ArticleNotFound';
import { DiscussionLink } from './DiscussionLink';
import { READER_COLUMN } from './readerColumn';
import { ReaderLoadFailed } from './ReaderLoadFailed';
import { readerQuery } from './readerQuery';
import { ReaderToolbar } from './ReaderToolbar';
import { useMarkReadOnOpen } from './useMarkReadOnOpen';

/** The reader screen for the article the route preloaded: the article, not found (a mangled id too), or a failed load. */
export function ArticleReader({ queryRef }: { queryRef: PreloadedQuery<ReaderQuery> }) {
  return <ReaderOf article={usePreloadedQuery<ReaderQuery>(readerQuery, queryRef).article} />;
}

/** The reader of an article by its id, loaded when shown (beside the list on a wide screen). */
export function ArticleReaderById({ id }: { id: string }) {
  return <ReaderOf article={useLazyLoadQuery<ReaderQuery>(readerQuery, { id }, { fetchPolicy: 'store-or-network' }).article} />;
}

function ReaderOf({ article }: { article: ReaderQuery['response']['article'] }) {
  if (!article.ok && isMalformedIdFailure(article.errors, 'id')) return <ArticleNotFound />;
  // The field's own errors, read the way a failed request's are (loadFailureReason).
  if (!article.ok) return <ReaderLoadFailed error={{ source: { errors: article.errors } }} />;
  if (!article.value) return <ArticleNotFound />;
  return <ReaderPage article={article.value} />;
}

type Article = NonNullable<Extract<ReaderQuery['response']['article'], { ok: true }>['value']>;

function ReaderPage({ article }: { article: Article }) {
  useMarkReadOnOpen(article);
  const titleId = useId();
  // The toolbar's “Load full article” and f, and the article they change, share the reader's choice.
  const fullText = useFullTextReader();
  // The reading area is the container the article's media measure themselves against (articleContent.css).
  return (
    <FullTextReaderContext value={fullText}>
      <div className="@container/reader">
        <ReaderToolbar article={article} />
        <div className={cx(READER_COLUMN, 'pt-8 sm:pt-12')}>
          <article aria-labelledby={titleId}>
            <ArticleHeader article={article} titleId={titleId} />
            <ArticleEnclosures article={article} />
            <ArticleContent article={article} />
            <DiscussionLink article={article} />
          </article>
          <ArticleComments article={article} />
        </div>
      </div>
    </FullTextReaderContext>
  );
}
