import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { useLazyLoadQuery } from 'react-relay';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { notify } from '../../ui/toast';
import type { settingsQuery as SettingsQuery } from './__generated__/settingsQuery.graphql';
import { FeedManagementSection } from './FeedManagementSection';
import { settingsQuery } from './settingsQuery';

type Feed = { url: string; outcome: 'added' | 'skipped' | 'failed'; reason: string | null };

/** A stored import as the server answers it. */
function importReport(feeds: Feed[], { done = true, total = feeds.length } = {}) {
  const count = (outcome: Feed['outcome']) => feeds.filter((feed) => feed.outcome === outcome).length;
  return {
    id: 'job-1',
    done,
    filename: 'elsewhere.opml',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    total,
    subscribed: count('added'),
    skipped: count('skipped'),
    errors: count('failed'),
    error: null,
    feeds,
  };
}

const FEEDS: Feed[] = [
  { url: 'https://a.example/feed', outcome: 'added', reason: null },
  { url: 'https://b.example/rss', outcome: 'failed', reason: 'The feed answered 500 Internal Server Error' },
  { url: 'https://c.example/atom', outcome: 'skipped', reason: 'Already subscribed to this feed' },
  { url: 'https://d.example/feed', outcome: 'failed', reason: 'No RSS feeds found at this URL' },
];

function Section() {
  const { opmlImportReport } = useLazyLoadQuery<SettingsQuery>(settingsQuery, {});
  return <FeedManagementSection report={opmlImportReport} />;
}

function showSection(report: ReturnType<typeof importReport> | null) {
  const relay = createMockEnvironment({ settingsQuery: () => ({ data: { viewer: null, opmlImportReport: report } }) });
  renderWithRouter(
    <Suspense fallback={null}>
      <Section />
    </Suspense>,
    { environment: relay.environment, path: '/settings' },
  );
  return relay;
}

const reportRegion = () => screen.findByRole('region', { name: 'Last import' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the OPML import report in Settings', () => {
  it('shows the counts and, on request, the failed and skipped feeds with their reasons, until dismissed', async () => {
    const relay = showSection(importReport(FEEDS));
    const report = await reportRegion();
    expect(within(report).getByText('elsewhere.opml')).toBeTruthy();
    expect(within(report).getByText('5 minutes ago')).toBeTruthy();
    const counts = Object.fromEntries(
      within(report)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({ Added: '1', Skipped: '1', Failed: '2' });

    const disclosure = within(report).getByText('Show the 2 failed and 1 skipped feeds');
    const details = disclosure.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(disclosure);
    expect(details.open).toBe(true);
    await waitFor(() => expect(within(report).getByText('Hide the 2 failed and 1 skipped feeds')).toBeTruthy());
    const failed = within(report).getByRole('list', { name: 'Failed (2)' });
    expect(
      within(failed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['https://b.example/rssThe feed answered 500 Internal Server Error', 'https://d.example/feedNo RSS feeds found at this URL']);
    const skipped = within(report).getByRole('list', { name: 'Skipped (1)' });
    expect(skipped.textContent).toBe('https://c.example/atomAlready subscribed to this feed');
    expect(within(report).queryByText('https://a.example/feed')).toBeNull(); // added feeds are only counted

    fireEvent.click(within(report).getByRole('button', { name: 'Dismiss' }));
    const dismissal = relay.take('dismissOpmlImport');
    expect(dismissal.variables).toEqual({ jobId: 'job-1' });
    await act(async () =>
      dismissal.resolve({ data: { dismissOpmlImport: { __typename: 'DismissOpmlImportPayload', dismissedJobId: 'job-1' } } }),
    );
    expect(screen.queryByRole('region', { name: 'Last import' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('OPML file'));
  });

  it('keeps the report when the dismissal fails, and says so', async () => {
    const failed = vi.spyOn(notify, 'error');
    const relay = showSection(importReport(FEEDS.slice(0, 1)));
    const report = await reportRegion();
    expect(within(report).queryByText(/^Show the/)).toBeNull(); // nothing failed or was skipped: no list
    fireEvent.click(within(report).getByRole('button', { name: 'Dismiss' }));
    await act(async () =>
      relay
        .take('dismissOpmlImport')
        .resolve({ data: { dismissOpmlImport: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Import not found' } } }),
    );
    expect(failed).toHaveBeenCalledWith('Failed to dismiss the import report', { description: 'Import not found' });
    expect(screen.getByRole('region', { name: 'Last import' })).toBeTruthy();
  });

  it('follows an import still running when Settings opens, then shows its report and says it is done', async () => {
    const said = vi.spyOn(notify, 'success');
    const relay = showSection(importReport(FEEDS.slice(0, 2), { done: false, total: 12 }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Importing 2 of 12 feeds…');
    expect(screen.getByLabelText('OPML file')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Export OPML' })).toHaveProperty('disabled', true);
    // The highlights export has nothing to wait for.
    expect(screen.getByRole('button', { name: 'Export Markdown' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Export JSON' })).toHaveProperty('disabled', false);

    const poll = await waitFor(() => relay.take('bulkSubscribeJob'), { timeout: 2000 });
    expect(poll.variables).toEqual({ jobId: 'job-1' });
    await act(async () => poll.resolve({ data: { bulkSubscribeJob: { __typename: 'BulkSubscribeJob', ...importReport(FEEDS) } } }));

    const report = await reportRegion();
    expect(within(report).getByText('Show the 2 failed and 1 skipped feeds')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(said).toHaveBeenCalledWith('Import complete! Added 1 feeds, skipped 1 (already subscribed), 2 errors');
    expect(screen.getByLabelText('OPML file')).toHaveProperty('disabled', false);
  });

  it('shows the report of a new import as soon as the server answers, in place of the last one', async () => {
    const said = vi.spyOn(notify, 'success');
    const relay = showSection({ ...importReport(FEEDS.slice(0, 1)), id: 'job-0', filename: 'older.opml' });
    expect(within(await reportRegion()).getByText('older.opml')).toBeTruthy();
    const file = new File(['<opml version="2.0"><body><outline xmlUrl="https://a.example/feed"/></body></opml>'], 'elsewhere.opml');
    fireEvent.change(screen.getByLabelText('OPML file'), { target: { files: [file] } });
    const request = await waitFor(() => relay.take('importOpml'));
    expect(request.variables).toMatchObject({ filename: 'elsewhere.opml' });
    expect(screen.getByRole('status').textContent).toBe('Importing 1 feed…');
    expect(screen.queryByRole('region', { name: 'Last import' })).toBeNull();

    const summary = { subscribed: 1, skipped: 1, errors: 2 };
    await act(async () =>
      request.resolve({ data: { importOpml: { __typename: 'BulkSubscribePayload', summary, report: importReport(FEEDS) } } }),
    );
    const report = await reportRegion();
    expect(within(report).getByText('elsewhere.opml')).toBeTruthy();
    expect(within(report).getByText('Show the 2 failed and 1 skipped feeds')).toBeTruthy();
    expect(said).toHaveBeenCalledWith('Import complete! Added 1 feeds, skipped 1 (already subscribed), 2 errors');
  });

  it('shows nothing of an import when there is none to report', async () => {
    showSection(null);
    expect(await screen.findByLabelText('OPML file')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Last import' })).toBeNull();
  });
});
