import * as Dialog from '@radix-ui/react-dialog';
import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { dialogOverlayClass, dialogPanelClass } from '../../ui/dialog';
import type { ShareDialog_article$data, ShareDialog_article$key } from './__generated__/ShareDialog_article.graphql';
import { ShareFields } from './ShareFields';
import { shareDraft } from './shareDraft';
import { useShareArticle } from './useShareArticle';

type Props = { article: ShareDialog_article$key; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The share dialog: an optional note with its 'n/1000 characters' counter, whether the
 * share joins the instance's public RSS feed with a line saying who will see it, and Share. It opens with the viewer's own share when there is one.
 */
export function ShareDialog({ article, open, onOpenChange }: Props) {
  const data = useFragment(
    graphql`
      fragment ShareDialog_article on Article @argumentDefinitions(sharesFirst: { type: "Int", defaultValue: 100 }) {
        id
        title
        # One share per person: the viewer's own is among the first hundred unless a hundred people shared since.
        shares(first: $sharesFirst) {
          edges {
            node {
              viewerIsSharer
              note
              isPublic
            }
          }
        }
      }
    `,
    article,
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogPanelClass}>
          {/* Mounted only while open, so each opening starts from the share as it is. */}
          <ShareForm article={data} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ShareForm({ article, onClose }: { article: ShareDialog_article$data; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(() => shareDraft(article.shares.edges.map((edge) => edge.node)));
  const [share, sharing] = useShareArticle();
  const note = draft.note.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sharing || note.length > SHARE_NOTE_MAX) return;
    share(article.id, { ...draft, note }, onClose);
  };

  return (
    <form onSubmit={submit}>
      <Dialog.Title className="text-lg font-semibold text-ink">Share article</Dialog.Title>
      <Dialog.Description className="mt-1 line-clamp-2 break-words text-sm text-muted">{article.title}</Dialog.Description>
      <ShareFields id={id} draft={draft} onChange={setDraft} placeholder="What makes it worth reading?" rows={4} sharing={sharing} />
    </form>
  );
}
