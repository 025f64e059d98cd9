import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import type { Variables } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { EMPTY_DRAFT, PREVIEW_DELAY_MS, RuleForm, ruleInput, scopeValue, type RuleDraft } from './RuleForm';

const FEED = 'RmVlZDox';
const FOLDER = 'Rm9sZGVyOjE=';

function showForm(initial: RuleDraft = EMPTY_DRAFT, ruleId: string | null = null) {
  const relay = createMockEnvironment({
    rulesScopeQuery: () => ({
      data: {
        folders: [{ id: FOLDER, name: 'Work', subscriptions: [] }],
        rootSubscriptions: [{ id: 'U3ViOjE=', title: 'Example News', muted: false, feed: { id: FEED } }],
      },
    }),
  });
  const onDone = vi.fn();
  renderWithRouter(
    <Suspense fallback={null}>
      <RuleForm ruleId={ruleId} initial={initial} onDone={onDone} />
    </Suspense>,
    { environment: relay.environment },
  );
  return { ...relay, onDone };
}

const previewAnswer = (examined: number, titles: string[]) => ({
  data: {
    filterRulePreview: {
      __typename: 'FilterRulePreview',
      examined,
      affected: titles.length,
      articles: titles.map((title, i) => ({ __typename: 'Article', id: `a${i}`, title, feedTitle: 'Example News' })),
    },
  },
});

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the rule form’s values', () => {
  it('turn into the API’s input: the scope select’s value into a feed or a folder, the fields in order', () => {
    expect(ruleInput({ pattern: 'a', isRegex: false, fields: ['content', 'title'], action: 'hide', scope: `feed:${FEED}` })).toEqual({
      pattern: 'a',
      isRegex: false,
      fields: ['title', 'content'],
      action: 'hide',
      feedId: FEED,
      folderId: null,
    });
    expect(ruleInput({ ...EMPTY_DRAFT, scope: `folder:${FOLDER}` })).toMatchObject({ feedId: null, folderId: FOLDER });
    expect(ruleInput(EMPTY_DRAFT)).toMatchObject({ feedId: null, folderId: null });
    expect(scopeValue(FEED, null)).toBe(`feed:${FEED}`);
    expect(scopeValue(null, FOLDER)).toBe(`folder:${FOLDER}`);
    expect(scopeValue(null, undefined)).toBe('');
  });
});

describe('the rule form', () => {
  it('asks for one preview once typing pauses, and shows the count and the first titles', async () => {
    const { sent, take } = showForm();
    const pattern = await screen.findByRole('textbox', { name: 'Words or phrases' });
    vi.useFakeTimers();
    fireEvent.change(pattern, { target: { value: 'cry' } });
    act(() => void vi.advanceTimersByTime(PREVIEW_DELAY_MS / 2));
    fireEvent.change(pattern, { target: { value: 'crypto' } });
    act(() => void vi.advanceTimersByTime(PREVIEW_DELAY_MS));
    vi.useRealTimers();
    const previews = sent.filter(({ name }) => name === 'RuleFormPreviewQuery');
    expect(previews.map(({ variables }: { variables: Variables }) => variables.input)).toEqual([
      { pattern: 'crypto', isRegex: false, fields: ['title', 'content'], action: 'hide', feedId: null, folderId: null },
    ]);
    await act(async () => take('filterRulePreview').resolve(previewAnswer(200, ['Crypto winter', 'Bitcoin and crypto'])));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('Would hide 2 of the last 200 articles');
    expect(preview.textContent).toContain('Crypto winter');
  });

  it('shows the server’s refusal of a pattern under the field, in place of the hint, and no preview', async () => {
    const { take, pendingFields } = showForm({ ...EMPTY_DRAFT, isRegex: true });
    const pattern = await screen.findByRole('textbox', { name: 'Regular expression' });
    expect(screen.getByText(/^RE2 syntax/)).toBeDefined();
    fireEvent.change(pattern, { target: { value: '(a' } });
    await waitFor(() => expect(pendingFields()).toContain('filterRulePreview'));
    const refusal = 'Not a regular expression Tidings can run: missing closing ): `(a`';
    await act(async () =>
      take('filterRulePreview').resolve({
        data: { filterRulePreview: { __typename: 'InvalidInputError', __isError: 'InvalidInputError', message: refusal } },
      }),
    );
    expect(screen.getByText(refusal)).toBeDefined();
    expect(screen.queryByText(/^RE2 syntax/)).toBeNull();
    expect(pattern.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('offers every folder and feed as the scope, and starts from the one given', async () => {
    showForm({ ...EMPTY_DRAFT, pattern: 'x', scope: `feed:${FEED}` });
    const scope = (await screen.findByRole('combobox', { name: 'Applies to' })) as HTMLSelectElement;
    expect(scope.value).toBe(`feed:${FEED}`);
    expect([...scope.options].map((option) => option.text)).toEqual(['All your feeds', 'Work', 'Example News']);
  });
});
