import * as Menu from '@radix-ui/react-dropdown-menu';
import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { FullTextFeedItem } from './FullTextFeedItem';
import { FullTextSettingsForm, progressLine, refusedField, selectorLines } from './FullTextSettingsForm';

const SUBSCRIPTION = 'U3Vic2NyaXB0aW9uOjE=';
const FEED = 'RmVlZDox';

const subscription = (fullText: boolean, sendsExcerpts = true) => ({
  __typename: 'FeedSubscription',
  id: SUBSCRIPTION,
  title: 'Example News',
  fullText,
  sendsExcerpts,
  feed: { id: FEED },
});

function openMenu(fullText: boolean, sendsExcerpts = true) {
  const relay = createMockEnvironment({
    FullTextFeedItemQuery: () => ({ data: { feedSubscriptions: [subscription(fullText, sendsExcerpts)] } }),
  });
  renderWithRouter(
    <Menu.Root defaultOpen modal={false}>
      <Menu.Trigger>More actions</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content>
          <Suspense fallback={null}>
            <FullTextFeedItem feedId={FEED} className="" />
          </Suspense>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>,
    { environment: relay.environment },
  );
  return relay;
}

const settingsAnswer = (progress = { pending: 0, done: 0, failed: 0 }) => ({
  data: {
    node: {
      ...subscription(false),
      fullTextRules: { contentSelector: null, removeSelectors: [] },
      fullTextProgress: progress,
    },
  },
});

function openSettings(progress?: { pending: number; done: number; failed: number }) {
  const relay = createMockEnvironment({ FullTextSettingsFormQuery: () => settingsAnswer(progress) });
  renderWithRouter(
    <Suspense fallback={null}>
      <FullTextSettingsForm subscriptionId={SUBSCRIPTION} onDone={() => {}} />
    </Suspense>,
    { environment: relay.environment },
  );
  return relay;
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('“Always show the full article” in a feed’s menu', () => {
  it('is unchecked with the excerpt hint while off, and turns on at once when chosen', async () => {
    const relay = openMenu(false);
    const item = await screen.findByRole('menuitemcheckbox', { name: /^Always show the full article/ });
    expect(item.getAttribute('aria-checked')).toBe('false');
    expect(item.textContent).toContain('This feed sends excerpts');
    fireEvent.click(item);
    const sent = relay.take('updateFullTextSettings');
    expect(sent.variables).toEqual({ id: SUBSCRIPTION, fullText: true });
    expect(relay.field(SUBSCRIPTION, 'fullText')).toBe(true);
  });

  it('is checked, without the hint, when on', async () => {
    openMenu(true);
    const item = await screen.findByRole('menuitemcheckbox', { name: 'Always show the full article' });
    expect(item.getAttribute('aria-checked')).toBe('true');
  });

  it('gives no hint for a feed that sends whole articles', async () => {
    openMenu(false, false);
    const item = await screen.findByRole('menuitemcheckbox');
    expect(item.textContent).toBe('Always show the full article');
  });
});

describe('the full-article settings', () => {
  it('read the selectors one a line and tell the progress', () => {
    expect(selectorLines(' .ad \n\n aside.related\n')).toEqual(['.ad', 'aside.related']);
    expect(progressLine({ done: 12, pending: 3, failed: 1 })).toBe('12 recent articles read · 3 to go · 1 failed');
    expect(progressLine({ done: 1, pending: 0, failed: 0 })).toBe('1 recent article read');
    const draft = { fullText: true, contentSelector: 'article', remove: '[[\n.ad' };
    expect(refusedField('“[[” is not a CSS selector: unexpected end', draft)).toBe('remove');
    expect(refusedField('“article” matched nothing', draft)).toBe('contentSelector');
  });

  it('save the setting and the rules together, and show the server’s refusal at the field it names', async () => {
    const relay = openSettings({ pending: 0, done: 12, failed: 1 });
    expect(await screen.findByText('12 recent articles read · 1 failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Always show the full article/ }));
    const selector = screen.getByRole('textbox', { name: /Content selector/ });
    expect(selector.getAttribute('placeholder')).toBe('article .post-body');
    fireEvent.change(selector, { target: { value: '[[' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Remove from the page/ }), { target: { value: '.ad\n\n nav ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const save = relay.take('updateFullTextSettings');
    expect(save.variables).toEqual({ id: SUBSCRIPTION, fullText: true, contentSelector: '[[', removeSelectors: ['.ad', 'nav'] });
    const message = '“[[” is not a CSS selector: unexpected end of input';
    await act(() =>
      save.resolve({ data: { updateFullTextSettings: { __typename: 'InvalidInputError', __isError: 'InvalidInputError', message } } }),
    );
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Content selector/ }).getAttribute('aria-invalid')).toBe('true');
  });
});
