import { Link } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import Compass from 'lucide-react/icons/compass';
import Link2 from 'lucide-react/icons/link-2';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Plus from 'lucide-react/icons/plus';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import { globalIdOfRestArticleId } from '../reader/articleRouteId';
import {
  articleIdOfLink,
  feedUrlOfLink,
  parseDigestMarkdown,
  plainText,
  SPECIAL_HEADINGS,
  type Block,
  type Inline,
} from './digestMarkdown';
import { alreadySubscribedTo, useSubscribeToNamedFeed } from '../feeds/useSubscribeToNamedFeed';

const SPECIAL_ICONS: Record<string, typeof Link2> = {
  'Topic Connections': Link2,
  'Discovery & Exploration': Compass,
  'Social Engagement': MessagesSquare,
};

type Section = { heading: Extract<Block, { kind: 'heading' }> | null; blocks: Block[] };

/**
 * A digest's Markdown as elements, in two columns on wide screens: sections start at each `##`
 * heading and never split across columns; the three special subsections are set apart; comments are not shown.
 */
export function DigestContent({ markdown }: { markdown: string }) {
  const sections = useMemo(() => toSections(parseDigestMarkdown(markdown)), [markdown]);
  return (
    <div data-testid="digest-content" className="gap-10 lg:columns-2">
      {sections.map((section, index) => {
        const special = section.heading && SPECIAL_HEADINGS.has(section.heading.text);
        const Icon = section.heading ? SPECIAL_ICONS[section.heading.text] : undefined;
        return (
          <section
            key={index}
            className={
              special ? 'mb-6 break-inside-avoid rounded-2xl border border-accent/30 bg-accent-soft/40 p-5' : 'mb-6 break-inside-avoid'
            }
          >
            {section.heading && (
              <h2
                data-special={special ? 'true' : undefined}
                className={
                  special
                    ? 'mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-accent-strong'
                    : 'mb-3 font-serif text-xl font-semibold text-ink'
                }
              >
                {Icon && <Icon aria-hidden="true" className="size-4" />}
                <Inlines parts={section.heading.children} />
              </h2>
            )}
            {section.blocks.map((block, blockIndex) => (
              <BlockView key={blockIndex} block={block} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function toSections(blocks: Block[]): Section[] {
  const sections: Section[] = [{ heading: null, blocks: [] }];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level === 2) sections.push({ heading: block, blocks: [] });
    else sections.at(-1)!.blocks.push(block);
  }
  return sections.filter((section) => section.heading || section.blocks.length > 0);
}

function BlockView({ block }: { block: Block }) {
  if (block.kind === 'heading') {
    return (
      <h3 className="mb-1 mt-4 font-semibold text-ink">
        <Inlines parts={block.children} />
      </h3>
    );
  }
  if (block.kind === 'paragraph') {
    return (
      <p className="mb-3 leading-relaxed text-ink">
        <Inlines parts={block.children} />
      </p>
    );
  }
  const List = block.ordered ? 'ol' : 'ul';
  return (
    <List className={`mb-3 flex flex-col gap-1.5 pl-5 leading-relaxed text-ink ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
      {block.items.map((item, index) => (
        <li key={index}>
          <Inlines parts={item} />
        </li>
      ))}
    </List>
  );
}

function Inlines({ parts }: { parts: Inline[] }): ReactNode {
  return parts.map((part, index) => <Fragment key={index}>{inline(part)}</Fragment>);
}

function inline(part: Inline): ReactNode {
  if (part.kind === 'text') return part.text;
  if (part.kind === 'strong') return <strong className="font-semibold">{<Inlines parts={part.children} />}</strong>;
  if (part.kind === 'em') return <em className="text-muted">{<Inlines parts={part.children} />}</em>;
  return <LinkView href={part.href} parts={part.children} />;
}

function LinkView({ href, parts }: { href: string; parts: Inline[] }): ReactNode {
  const articleId = articleIdOfLink(href);
  if (articleId) {
    return (
      <Link
        to="/article/$id"
        params={{ id: globalIdOfRestArticleId(articleId)! }}
        className="font-medium text-accent-strong underline-offset-2 hover:underline"
      >
        <Inlines parts={parts} />
      </Link>
    );
  }
  const feedUrl = feedUrlOfLink(href);
  if (feedUrl) return <SubscribeSuggestion url={feedUrl} title={plainText(parts)} />;
  // Any other target is not one the server writes: its text alone, never a link.
  return <Inlines parts={parts} />;
}

/** A feed suggestion: its title as a button that subscribes to it. */
function SubscribeSuggestion({ url, title }: { url: string; title: string }) {
  const [subscribed, setSubscribed] = useState(false);
  const [subscribe, subscribing] = useSubscribeToNamedFeed(alreadySubscribedTo);
  return (
    <button
      type="button"
      title={url}
      aria-label={subscribed ? `Subscribed to ${title}` : `Subscribe to ${title}`}
      disabled={subscribing || subscribed}
      onClick={() => subscribe({ url, title }, () => setSubscribed(true))}
      className={buttonClass('secondary', 'sm', 'my-0.5 h-auto min-h-8 py-1 text-left align-middle')}
    >
      {subscribed ? <Check aria-hidden="true" className="size-4 text-accent" /> : <Plus aria-hidden="true" className="size-4" />}
      {title}
    </button>
  );
}
