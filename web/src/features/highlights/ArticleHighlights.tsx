import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useKeyboardShortcuts } from '../keyboard/useKeyboardShortcuts';
import type { ArticleHighlights_article$key } from './__generated__/ArticleHighlights_article.graphql';
import {
  describeRange,
  drawPlaced,
  HIGHLIGHT_CLASS,
  HIGHLIGHT_ID_ATTRIBUTE,
  htmlText,
  placeHighlights,
  removeHighlights,
  type StoredHighlight,
} from './anchoring';
import { FloatingPanel, type Measurable } from './FloatingPanel';
import './highlights.css';
import { HighlightPopover } from './HighlightPopover';
import { NoteForm } from './NoteForm';
import { SelectionToolbar } from './SelectionToolbar';
import { ShareQuoteDialog } from './ShareQuoteDialog';
import { UnplacedHighlights } from './UnplacedHighlights';
import { useCreateHighlight } from './useCreateHighlight';
import { useDeleteHighlight } from './useDeleteHighlight';
import { selectionIn, useTextSelection } from './useTextSelection';
import { useUpdateHighlightNote } from './useUpdateHighlightNote';

type Props = {
  article: ArticleHighlights_article$key;
  /** The element the article's HTML is drawn in. */
  root: RefObject<HTMLDivElement | null>;
  /** The HTML it shows now (the feed's or the full article): drawn again whenever it changes. */
  content: string;
};

const NONE: readonly never[] = [];

function storedOf(selectors: string): StoredHighlight[] {
  return (JSON.parse(selectors) as [string, string, string, string, number | null, number | null][]).map(
    ([id, exact, prefix, suffix, start, end]) => ({ id, exact, prefix, suffix, start, end }),
  );
}

/**
 * The viewer's highlights in the article shown: drawn over its text on every visit, in whichever version shows; the
 * toolbar a selection brings up (Highlight, Highlight with note, or h); the popover of a highlight clicked (its note,
 * Share quote, Delete); and, under the article, those that could not be placed.
 */
export function ArticleHighlights({ article, root, content }: Props) {
  const data = useFragment(
    graphql`
      fragment ArticleHighlights_article on Article {
        id
        highlights {
          id
          exact
          prefix
          suffix
          start
          end
          note
        }
      }
    `,
    article,
  );
  // An answer without the field (one cached before highlights existed) draws none.
  const highlights = data.highlights ?? NONE;
  const selectors = JSON.stringify(
    highlights.map(({ id, exact, prefix, suffix, start, end }) => [id, exact, prefix, suffix, start ?? null, end ?? null]),
  );
  // Placed against the HTML's text, not the page, so that a note edited draws nothing again.
  const { placed, unplaced: unplacedIds } = useMemo(() => placeHighlights(htmlText(content), storedOf(selectors)), [content, selectors]);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    drawPlaced(element, placed);
    return () => removeHighlights(element);
  }, [root, placed]);

  const create = useCreateHighlight(data.id);
  const [saveNote, savingNote] = useUpdateHighlightNote();
  const deleteHighlight = useDeleteHighlight();
  const [selection, clearSelection] = useTextSelection(root);
  const [draft, setDraft] = useState<Range | null>(null);
  const [opened, setOpened] = useState<{ id: string; mark: Measurable } | null>(null);
  const [sharing, setSharing] = useState<{ id: string; exact: string } | null>(null);

  const highlight = (range: Range | null, note: string | null, onCreated?: (id: string, exact: string) => void) => {
    const selector = range && root.current && describeRange(root.current, range);
    if (!selector) return;
    create(selector, note, onCreated && ((id) => onCreated(id, selector.exact)));
    clearSelection();
  };
  useKeyboardShortcuts({ h: () => highlight(selectionIn(root.current), null) });

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const open = (target: EventTarget | null) => {
      const mark = target instanceof Element ? target.closest(`mark.${HIGHLIGHT_CLASS}`) : null;
      // A highlighted link is still a link; a click that ends a selection is a selection.
      if (!mark || mark.closest('a[href]') || document.getSelection()?.isCollapsed === false) return false;
      const id = mark.getAttribute(HIGHLIGHT_ID_ATTRIBUTE) ?? '';
      // Its first piece, found again if the marks were drawn anew meanwhile.
      const first = () => element.querySelector(`mark[${HIGHLIGHT_ID_ATTRIBUTE}="${CSS.escape(id)}"]`) ?? mark;
      setOpened({ id, mark: { getBoundingClientRect: () => first().getBoundingClientRect() } });
      return true;
    };
    const onClick = (event: MouseEvent) => void open(event.target);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && open(event.target)) event.preventDefault();
    };
    element.addEventListener('click', onClick);
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [root, content]);

  const openedHighlight = opened && highlights.find((candidate) => candidate.id === opened.id);
  const closePopover = useCallback(() => setOpened(null), []);
  const unplaced = highlights.filter((candidate) => unplacedIds.includes(candidate.id));

  return (
    <>
      {draft ? (
        <FloatingPanel target={draft} label="Highlight with note" height={200}>
          <NoteForm
            initial=""
            submitLabel="Highlight"
            onSubmit={(note) => {
              highlight(draft, note.trim() === '' ? null : note);
              setDraft(null);
            }}
            onCancel={() => setDraft(null)}
          />
        </FloatingPanel>
      ) : (
        selection && (
          <FloatingPanel target={selection} label="Highlight the selection">
            <SelectionToolbar
              onHighlight={() => highlight(selection, null)}
              onHighlightWithNote={() => setDraft(selection)}
              onShareQuote={() => highlight(selection, null, (id, exact) => setSharing({ id, exact }))}
            />
          </FloatingPanel>
        )
      )}
      {opened && openedHighlight && (
        <FloatingPanel target={opened.mark} label="Highlight" height={200}>
          <HighlightPopover
            key={opened.id}
            note={openedHighlight.note ?? null}
            saving={savingNote}
            onSaveNote={(note, onSaved) => saveNote(opened.id, note, onSaved)}
            onDelete={() => {
              deleteHighlight(opened.id, data.id);
              setOpened(null);
            }}
            onShare={() => {
              setSharing(openedHighlight);
              setOpened(null);
            }}
            onClose={closePopover}
          />
        </FloatingPanel>
      )}
      <ShareQuoteDialog highlight={sharing} onClose={() => setSharing(null)} />
      <UnplacedHighlights highlights={unplaced} onDelete={(id) => deleteHighlight(id, data.id)} />
    </>
  );
}
