import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { useLazyLoadQuery } from 'react-relay';
import type { GraphQLResponse } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { notify } from '../../ui/toast';
import type { NotificationListQuery } from './__generated__/NotificationListQuery.graphql';
import { NotificationBell } from './NotificationBell';
import { notificationListQuery } from './NotificationListQuery';

type Group = { id: string; type: string; summary: string; read?: boolean };

/** The instance's four welcome notifications, as a new account gets them. */
const WELCOME: Group[] = [
  { id: 'g1', type: 'welcome', summary: 'Welcome to Tidings! Follow a few feeds to get started.' },
  { id: 'g2', type: 'onboarding_tools', summary: 'Save articles from anywhere with the bookmarklet.' },
  { id: 'g3', type: 'keyboard_shortcuts', summary: 'Press ? for the keyboard shortcuts.' },
  { id: 'g4', type: 'onboarding_pdf', summary: 'Export your liked articles as a book.' },
];

function listAnswer(groups: Group[], unread = groups.filter((group) => !group.read).length) {
  return (): GraphQLResponse => ({
    data: {
      unreadNotificationGroupCount: unread,
      notificationGroups: {
        pageInfo: { endCursor: groups.at(-1)?.id ?? null, hasNextPage: false },
        edges: groups.map(({ id, type, summary, read = false }) => ({
          cursor: id,
          node: {
            __typename: 'NotificationGroup',
            id,
            summary,
            read,
            actorCount: 0,
            latestAt: '2026-01-02T10:00:00.000Z',
            actors: [],
            latest: { id: `n-${id}`, type, link: null, articleId: null, fromUser: null },
          },
        })),
      },
    },
  });
}

/** The shell's part: the bell, given the count by the same query the panel lists. */
function Bell() {
  const data = useLazyLoadQuery<NotificationListQuery>(notificationListQuery, {});
  return <NotificationBell query={data} />;
}

function showBell(groups: Group[], unread?: number) {
  const relay = createMockEnvironment({ NotificationListQuery: listAnswer(groups, unread) });
  const view = renderWithRouter(
    <Suspense fallback={null}>
      <Bell />
    </Suspense>,
    { environment: relay.environment, path: '/articles' },
  );
  return { ...relay, ...view };
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

const unreadDots = (panel: HTMLElement) => within(panel).queryAllByRole('img', { name: 'Unread' });
const rowOf = (panel: HTMLElement, text: string) => within(panel).getByText(text, { exact: false }).closest('li')!;

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the notification bell', () => {
  it('names the unread count and shows it on its badge; nothing unread, no badge', async () => {
    showBell(WELCOME);
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeDefined();
    expect(screen.getByTestId('unread-badge').textContent).toBe('4');
    cleanup();

    showBell(WELCOME.map((group) => ({ ...group, read: true })));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeDefined();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it("caps the badge at '9+' above 9 unread rows, and the name says the real count", async () => {
    showBell(WELCOME, 12);
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeDefined();
    expect(screen.getByTestId('unread-badge').textContent).toBe('9+');
  });
});

describe('the notification panel', () => {
  it('lists the groups with their age, and offers Mark all read while any is unread', async () => {
    showBell(WELCOME);
    const panel = await openPanel();
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(4);
    expect(unreadDots(panel)).toHaveLength(4);
    expect(within(panel).getAllByText(/ago$/)).toHaveLength(4);
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDefined();
  });

  it('says so when there are no notifications', async () => {
    showBell([]);
    const panel = await openPanel();
    expect(await within(panel).findByText('No notifications yet')).toBeDefined();
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('Mark as read marks one row and lowers the count at once, before the server answers', async () => {
    const { take } = showBell(WELCOME);
    const panel = await openPanel();
    const tools = await waitFor(() => rowOf(panel, 'Save articles from anywhere'));
    fireEvent.click(within(tools).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(tools).queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(within(tools).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(unreadDots(panel)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread', hidden: true })).toBeDefined();
    expect(take('markNotificationGroupRead').variables).toEqual({ id: 'g2' });
  });

  it('a mark-as-read the server refuses is taken back, and a toast says so', async () => {
    const failed = vi.spyOn(notify, 'error');
    const { take } = showBell(WELCOME);
    const panel = await openPanel();
    const tools = await waitFor(() => rowOf(panel, 'Save articles from anywhere'));
    fireEvent.click(within(tools).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(unreadDots(panel)).toHaveLength(3));
    const markRead = take('markNotificationGroupRead');
    await act(async () =>
      markRead.resolve({
        data: { markNotificationGroupRead: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Notification not found' } },
      }),
    );
    await waitFor(() => expect(unreadDots(panel)).toHaveLength(4));
    expect(screen.getByRole('button', { name: 'Notifications, 4 unread', hidden: true })).toBeDefined();
    expect(failed.mock.calls).toEqual([['Failed to mark notification as read', { description: 'Notification not found' }]]);
  });

  it('a click on a row marks it read, goes where its notification leads and closes the panel', async () => {
    const { take, router } = showBell(WELCOME);
    const panel = await openPanel();
    await waitFor(() => rowOf(panel, 'Welcome to Tidings!'));
    fireEvent.click(within(panel).getByRole('button', { name: /^Welcome to Tidings!/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeDefined();
    expect(take('markNotificationGroupRead').variables).toEqual({ id: 'g1' });
  });

  it('Mark all read marks every loaded row and the count zero when the server agrees, and says so', async () => {
    const said = vi.spyOn(notify, 'success');
    const { take } = showBell(WELCOME);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    const markAll = take('markAllNotificationsRead');
    await act(async () =>
      markAll.resolve({ data: { markAllNotificationsRead: { __typename: 'MarkAllNotificationsReadPayload', markedCount: 4 } } }),
    );
    await waitFor(() => expect(unreadDots(panel)).toHaveLength(0));
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeDefined();
    expect(said.mock.calls.map(([message]) => message)).toEqual(['All notifications marked as read']);
  });
});
