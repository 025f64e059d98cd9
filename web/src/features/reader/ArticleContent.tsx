import { useLayoutEffect, useRef } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ArticleContent_article$key } from './__generated__/ArticleContent_article.graphql';
import './articleContent.css';
import { focusScrollableBlocks } from './focusScrollableBlocks';
import { openLinksInNewTab } from './openLinksInNewTab';

/**
 * The article's HTML: the only place in the app that renders article HTML. Setting it as inner HTML is safe
 * because the server sanitises every article with an allowlist before storing it (api/src/feeds/sanitise.ts:
 * no script, style, event handler or form; only http(s) URLs; iframes only from named video hosts, sandboxed),
 * and the app's Content Security Policy forbids inline script (api/src/contentSecurityPolicy.ts), so nothing in it can run.
 */
export function ArticleContent({ article }: { article: ArticleContent_article$key }) {
  const { content, url } = useFragment(
    graphql`
      fragment ArticleContent_article on Article {
        content
        url
      }
    `,
    article,
  );
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    openLinksInNewTab(element);
    // Whether a block overflows depends on the column's width and on images arriving: measured on every resize.
    const observer = new ResizeObserver(() => focusScrollableBlocks(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, [content]);

  if (content.trim() === '') {
    return (
      <p className="rounded-xl border border-dashed border-line px-5 py-6 text-center text-muted">
        This article has no text of its own.{' '}
        {url && (
          <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-accent-strong underline underline-offset-2">
            Read it on its website
          </a>
        )}
      </p>
    );
  }
  return <div ref={root} className="article-content" dangerouslySetInnerHTML={{ __html: content }} />;
}
