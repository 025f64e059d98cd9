import * as Menu from '@radix-ui/react-dropdown-menu';
import BellOff from 'lucide-react/icons/bell-off';
import Bell from 'lucide-react/icons/bell';
import EyeOff from 'lucide-react/icons/eye-off';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import { Suspense, useState, type ReactNode } from 'react';
import { useLazyLoadQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { FullTextFeedItem, FullTextItemLabel } from '../fullText/FullTextFeedItem';
import type { rulesScopeQuery as RulesScopeQuery } from './__generated__/rulesScopeQuery.graphql';
import { RuleDialog } from './RuleDialog';
import { EMPTY_DRAFT } from './RuleForm';
import { distinctiveWords } from './rulePrefill';
import { rulesScopeQuery, subscriptionOf } from './rulesScope';
import { useSetSubscriptionMuted } from './useSetSubscriptionMuted';

export type ArticleRuleMenuProps = {
  article: { readonly title: string; readonly feed: { readonly id: string } };
  className?: string;
};

const itemClass =
  'flex min-h-10 cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 text-sm text-ink outline-none data-[disabled]:cursor-default data-[disabled]:text-muted data-[highlighted]:bg-sunken';

/**
 * ArticleRuleMenu's menu, in its own chunk with Radix' menu: drawn open, in place of the plain button that was
 * pressed, and an ordinary menu from then on. Its feed items (mute, always show the full article) appear when the
 * viewer subscribes to the article's feed.
 */
export default function ArticleRuleMenuPanel({ article, className }: ArticleRuleMenuProps) {
  const [hiding, setHiding] = useState(false);
  return (
    <>
      <Menu.Root modal={false} defaultOpen>
        <Menu.Trigger aria-label="More actions" title="More actions" className={buttonClass('ghost', 'icon', className)}>
          <MoreHorizontal aria-hidden="true" className="size-[1.125rem]" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 max-w-[min(20rem,90vw)] rounded-xl border border-line bg-surface p-1.5 shadow-card"
          >
            <Menu.Item onSelect={() => setHiding(true)} className={itemClass}>
              <EyeOff aria-hidden="true" className="size-4 opacity-80" />
              Hide articles like this
            </Menu.Item>
            <Suspense
              fallback={
                <Menu.Item disabled className={itemClass}>
                  <BellOff aria-hidden="true" className="size-4 opacity-60" />
                  Mute this feed
                </Menu.Item>
              }
            >
              <MuteFeedItem feedId={article.feed.id} />
            </Suspense>
            <Suspense
              fallback={
                <Menu.Item disabled className={itemClass}>
                  <FullTextItemLabel />
                </Menu.Item>
              }
            >
              <FullTextFeedItem feedId={article.feed.id} className={itemClass} />
            </Suspense>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <RuleDialog
        open={hiding}
        onOpenChange={setHiding}
        initial={{ ...EMPTY_DRAFT, pattern: distinctiveWords(article.title), fields: ['title'], scope: `feed:${article.feed.id}` }}
      />
    </>
  );
}

/** Mute / Unmute this feed, when the viewer subscribes to the article's feed (a shared article's may be another's). */
function MuteFeedItem({ feedId }: { feedId: string }): ReactNode {
  const scopes = useLazyLoadQuery<RulesScopeQuery>(rulesScopeQuery, {}, { fetchPolicy: 'store-or-network' });
  const setMuted = useSetSubscriptionMuted();
  const subscription = subscriptionOf(scopes, feedId);
  if (!subscription) return null;
  const Icon = subscription.muted ? Bell : BellOff;
  return (
    <Menu.Item onSelect={() => setMuted(subscription, !subscription.muted)} className={cx(itemClass)}>
      <Icon aria-hidden="true" className="size-4 opacity-80" />
      {subscription.muted ? 'Unmute this feed' : 'Mute this feed'}
    </Menu.Item>
  );
}
