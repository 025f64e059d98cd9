import { useLayoutEffect, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { FullTextLine } from '../fullText/FullTextLine';
import { useFullTextView } from '../fullText/useFullTextView';
import { ArticleHighlights } from '../highlights/ArticleHighlights';
import type { ArticleContent_article$key } from './__generated__/ArticleContent_article.graphql';
import './articleContent.css';
import { focusScrollableBlocks } from './focusScrollableBlocks';
import { followInPageLink } from './followInPageLink';
import { ImageLightbox, type LightboxImage } from './ImageLightbox';
import { openLinksInNewTab } from './openLinksInNewTab';
import { makeImagesZoomable, zoomTarget } from './zoomableImages';

/**
 * The article's HTML: the only place in the app that renders article HTML. Setting it as inner HTML is safe
 * because the server sanitises every article with an allowlist before storing it (api/src/ingest/sanitise.ts:
 * no script, style, event handler or form; only http(s) URLs; iframes only from named video hosts, sandboxed),
 * and the app's Content Security Policy forbids inline script (api/src/contentSecurityPolicy.ts), so nothing in it can run.
 * The full article read from the article's page, when it shows, is sanitised the same way and drawn here the same way,
 * under the line that says which version shows (FullTextLine). The viewer's highlights are drawn over whichever shows.
 */
export function ArticleContent({ article }: { article: ArticleContent_article$key }) {
  const data = useFragment(
    graphql`
      fragment ArticleContent_article on Article {
        content
        url
        ...useFullTextView_article
        ...ArticleHighlights_article
      }
    `,
    article,
  );
  const fullText = useFullTextView(data);
  const content = fullText.html ?? data.content;
  const { url } = data;
  const root = useRef<HTMLDivElement>(null);
  const [zoomed, setZoomed] = useState<LightboxImage | null>(null);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    openLinksInNewTab(element);
    makeImagesZoomable(element);
    // Whether a block overflows depends on the column's width and on images arriving: measured on every resize.
    const observer = new ResizeObserver(() => focusScrollableBlocks(element));
    observer.observe(element);
    const onClick = (event: MouseEvent) => {
      if (followInPageLink(element, event)) return;
      const image = zoomTarget(event.target);
      if (image) setZoomed(image);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const image = event.key === 'Enter' || event.key === ' ' ? zoomTarget(event.target) : null;
      if (!image) return;
      event.preventDefault();
      setZoomed(image);
    };
    element.addEventListener('click', onClick);
    element.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      element.removeEventListener('click', onClick);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [content]);

  const line = <FullTextLine view={fullText} />;
  if (content.trim() === '') {
    return (
      <>
        {line}
        <p className="rounded-xl border border-dashed border-line px-5 py-6 text-center text-muted">
          This article has no text of its own.{' '}
          {url && (
            <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-accent-strong underline underline-offset-2">
              Read it on its website
            </a>
          )}
        </p>
      </>
    );
  }
  return (
    <>
      {line}
      <div ref={root} className="article-content" dangerouslySetInnerHTML={{ __html: content }} />
      <ArticleHighlights article={data} root={root} content={content} />
      <ImageLightbox image={zoomed} onClose={() => setZoomed(null)} />
    </>
  );
}
