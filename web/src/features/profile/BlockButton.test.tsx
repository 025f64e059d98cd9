import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { notify } from '../../ui/toast';
import type { BlockButtonTestQuery } from './__generated__/BlockButtonTestQuery.graphql';
import { ProfileHeader } from './ProfileHeader';

const BOB = 'VXNlcjoz';
const CONFIRMATION = '@bob will no longer follow you, and you won’t see their shares, comments or mentions. They won’t be told.';

const headerQuery = graphql`
  query BlockButtonTestQuery($id: ID!) {
    user(id: $id) {
      ...ProfileHeader_user
    }
  }
`;

function Header({ isViewer }: { isViewer: boolean }) {
  const { user } = useLazyLoadQuery<BlockButtonTestQuery>(headerQuery, { id: BOB });
  return user ? <ProfileHeader user={user} isViewer={isViewer} /> : null;
}

/** Bob's profile header, blocked by the viewer or not (or the viewer's own, when `isViewer`). */
function showBob({ isBlocked, isViewer = false }: { isBlocked: boolean; isViewer?: boolean }) {
  const relay = createMockEnvironment({
    BlockButtonTestQuery: () => ({
      data: {
        user: {
          __typename: 'User',
          id: BOB,
          name: 'Bob',
          username: 'bob',
          sharesCount: 1,
          viewerFollows: false,
          isMuted: isViewer ? null : false,
          isBlocked: isViewer ? null : isBlocked,
          publicSharesFeedUrl: 'https://tidings.test/public/rss?user=3',
          avatarUrl: null,
        },
      },
    }),
  });
  renderWithRouter(
    <Suspense fallback={null}>
      <Header isViewer={isViewer} />
    </Suspense>,
    { environment: relay.environment, path: `/user/${BOB}` },
  );
  return relay;
}

const answered = (isBlocked: boolean, field: 'blockUser' | 'unblockUser') => ({
  data: { [field]: { __typename: 'User', id: BOB, isBlocked } },
});

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('blocking someone from their profile', () => {
  it('offers Block beside Mute, and blocks only once the confirmation saying what it does is accepted', async () => {
    const said = vi.spyOn(notify, 'success');
    const relay = showBob({ isBlocked: false });
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Block @bob?');
    expect(dialog.textContent).toContain(CONFIRMATION);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(relay.pendingFields()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await screen.findByRole('alertdialog');
    const confirm = screen.getAllByRole('button', { name: 'Block' }).find((button) => button.closest('[role="alertdialog"]'));
    fireEvent.click(confirm!);
    const blocking = relay.take('blockUser');
    expect(blocking.variables).toEqual({ userId: BOB });
    // At once, before the server answers: Unblock, and no Mute (a block mutes already).
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    await act(async () => blocking.resolve(answered(true, 'blockUser')));
    await waitFor(() => expect(said).toHaveBeenCalledWith('Blocked @bob'));
    expect(relay.field(BOB, 'isBlocked')).toBe(true);
  });

  it('unblocks at once, asking nothing, and offers Mute again', async () => {
    const said = vi.spyOn(notify, 'success');
    const relay = showBob({ isBlocked: true });
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const unblocking = relay.take('unblockUser');
    await act(async () => unblocking.resolve(answered(false, 'unblockUser')));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeTruthy();
    await waitFor(() => expect(said).toHaveBeenCalledWith('Unblocked @bob'));
  });

  it('puts Unblock back and says why when the server refuses', async () => {
    const failed = vi.spyOn(notify, 'error');
    const relay = showBob({ isBlocked: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    const unblocking = relay.take('unblockUser');
    await act(async () =>
      unblocking.resolve({
        data: { unblockUser: { __typename: 'RateLimitedError', __isError: 'RateLimitedError', message: 'Too many requests' } },
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unblock' })).toBeTruthy());
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Too many requests'));
  });

  it('offers nothing on the viewer’s own profile', async () => {
    showBob({ isBlocked: false, isViewer: true });
    expect(await screen.findByText('@bob')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Block|Unblock/ })).toBeNull();
  });
});
