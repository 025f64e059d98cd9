import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, useRef } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import type { ArticleHighlightsTestQuery } from './__generated__/ArticleHighlightsTestQuery.graphql';
import { selectorAt, textOf } from './anchoring';
import { ArticleHighlights } from './ArticleHighlights';

const ARTICLE_ID = 'QXJ0aWNsZTox';
const CONTENT = '<p>Rivers carry the rain to the sea.</p><p>The delta is where the river <em>slows down</em> and the land grows.</p>';
const TEXT = textOf(Object.assign(document.createElement('div'), { innerHTML: CONTENT })).text;

const testQuery = graphql`
  query ArticleHighlightsTestQuery($id: ID!) {
    node(id: $id) {
      ...ArticleHighlights_article @alias
    }
  }
`;

function Reader() {
  const { node } = useLazyLoadQuery<ArticleHighlightsTestQuery>(testQuery, { id: ARTICLE_ID });
  const root = useRef<HTMLDivElement>(null);
  if (!node?.ArticleHighlights_article) return null;
  return (
    <>
      <div ref={root} data-testid="content" dangerouslySetInnerHTML={{ __html: CONTENT }} />
      <ArticleHighlights article={node.ArticleHighlights_article} root={root} content={CONTENT} />
    </>
  );
}

function highlightOf(id: string, passage: string, note: string | null = null) {
  const start = TEXT.indexOf(passage);
  return { __typename: 'Highlight', id, note, ...selectorAt(TEXT, start, start + passage.length) };
}

function openReader(highlights: ReturnType<typeof highlightOf>[]) {
  const relay = createMockEnvironment({
    ArticleHighlightsTestQuery: () => ({ data: { node: { __typename: 'Article', id: ARTICLE_ID, highlights } } }),
  });
  render(
    <RelayEnvironmentProvider environment={relay.environment}>
      <Suspense fallback={null}>
        <Reader />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
  return relay;
}

/** Selects `passage` of the article as a reader's drag would, and lets the selection settle. */
async function select(passage: string) {
  const root = await screen.findByTestId('content');
  const start = textOf(root).text.indexOf(passage);
  const range = document.createRange();
  const { nodes } = textOf(root);
  let position = 0;
  for (const node of nodes) {
    if (start >= position && start < position + node.data.length) range.setStart(node, start - position);
    if (start + passage.length > position && start + passage.length <= position + node.data.length)
      range.setEnd(node, start + passage.length - position);
    position += node.data.length;
  }
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  act(() => void document.dispatchEvent(new Event('selectionchange')));
}

const marks = (id: string) => [...document.querySelectorAll(`mark[data-highlight-id="${id}"]`)].map((mark) => mark.textContent);

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
  cleanup();
  document.getSelection()?.removeAllRanges();
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

describe('highlights in the reader', () => {
  it('draws the highlights over the text and lists those that could not be placed', async () => {
    openReader([
      highlightOf('h1', 'river slows down and'),
      { ...highlightOf('h2', 'Rivers'), exact: 'A sentence edited away.', note: 'Mine' },
    ]);
    await waitFor(() => expect(marks('h1')).toEqual(['river ', 'slows down', ' and']));
    const unplaced = screen.getByRole('region', { name: 'Could not be placed' });
    expect(unplaced.textContent).toContain('A sentence edited away.');
    expect(unplaced.textContent).toContain('Mine');
  });

  it('offers Highlight for a selection and sends its text, context and position', async () => {
    const relay = openReader([]);
    await select('the rain to the sea');
    fireEvent.click(await screen.findByRole('button', { name: 'Highlight' }));
    const sent = relay.take('createHighlight');
    const start = TEXT.indexOf('the rain to the sea');
    expect(sent.variables).toEqual({
      articleId: ARTICLE_ID,
      exact: 'the rain to the sea',
      prefix: 'Rivers carry ',
      suffix: '.The delta is where the river sl',
      start,
      end: start + 'the rain to the sea'.length,
      note: null,
    });
    // The selection is used up: the toolbar goes.
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull();
  });

  it('highlights with a note written in the toolbar', async () => {
    const relay = openReader([]);
    await select('the land grows');
    fireEvent.click(await screen.findByRole('button', { name: 'Highlight with note' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Deltas grow.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Highlight' }));
    expect(relay.take('createHighlight').variables).toMatchObject({ exact: 'the land grows', note: 'Deltas grow.' });
  });

  it('highlights the selection with h', async () => {
    const relay = openReader([]);
    await select('Rivers carry');
    fireEvent.keyDown(window, { key: 'h' });
    expect(relay.take('createHighlight').variables).toMatchObject({ exact: 'Rivers carry', start: 0, end: 12 });
  });

  it('opens a popover on a highlight: its note, edited, and Delete', async () => {
    const relay = openReader([highlightOf('h1', 'slows down', 'Where the sand settles')]);
    await waitFor(() => expect(marks('h1')).toEqual(['slows down']));
    fireEvent.click(document.querySelector('mark[data-highlight-id="h1"]')!);
    const popover = await screen.findByRole('dialog', { name: 'Highlight' });
    expect(popover.textContent).toContain('Where the sand settles');

    fireEvent.click(screen.getByRole('button', { name: 'Edit note' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Sand settles here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(relay.take('updateHighlight').variables).toEqual({ id: 'h1', note: 'Sand settles here' });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const deleted = relay.take('deleteHighlight');
    expect(deleted.variables).toEqual({ id: 'h1', connections: [] });
    act(() => deleted.resolve({ data: { deleteHighlight: { __typename: 'DeleteHighlightPayload', deletedHighlightId: 'h1' } } }));
    // The article's list loses it, and its marks go.
    await waitFor(() => expect(marks('h1')).toEqual([]));
    expect(screen.queryByRole('dialog', { name: 'Highlight' })).toBeNull();
  });

  it('shares a highlight as a quote from its popover, with a note, publicly if asked', async () => {
    const relay = openReader([highlightOf('h1', 'slows down')]);
    await waitFor(() => expect(marks('h1')).toHaveLength(1));
    fireEvent.click(document.querySelector('mark[data-highlight-id="h1"]')!);
    fireEvent.click(await screen.findByRole('button', { name: 'Share quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share quote' });
    expect(dialog.textContent).toContain('slows down');
    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: 'On deltas' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Add to instance RSS feed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(relay.take('shareHighlight').variables).toEqual({ id: 'h1', note: 'On deltas', isPublic: true });
  });

  it('shares a selection as a quote from the toolbar: highlights it, then asks for the share', async () => {
    const relay = openReader([]);
    await select('the land grows');
    fireEvent.click(await screen.findByRole('button', { name: 'Share quote' }));
    const created = relay.take('createHighlight');
    expect(created.variables).toMatchObject({ exact: 'the land grows', note: null });
    act(() =>
      created.resolve({
        data: {
          createHighlight: {
            __typename: 'Highlight',
            id: 'h9',
            article: { id: ARTICLE_ID, highlights: [highlightOf('h9', 'the land grows')] },
          },
        },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share quote' });
    expect(dialog.textContent).toContain('the land grows');
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(relay.take('shareHighlight').variables).toEqual({ id: 'h9', note: null, isPublic: false });
  });

  it('closes the popover with Escape', async () => {
    openReader([highlightOf('h1', 'slows down')]);
    await waitFor(() => expect(marks('h1')).toHaveLength(1));
    fireEvent.click(document.querySelector('mark[data-highlight-id="h1"]')!);
    expect(await screen.findByText('No note')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Highlight' })).toBeNull();
  });
});
