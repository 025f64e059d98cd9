import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { notify } from '../../ui/toast';
import type { MuteButtonTestQuery } from './__generated__/MuteButtonTestQuery.graphql';
import { ProfileHeader } from './ProfileHeader';

const ANN = 'VXNlcjoy';
const CONFIRMATION = 'You won’t see @ann’s shares, comments or mentions. They won’t be told.';

const headerQuery = graphql`
  query MuteButtonTestQuery($id: ID!) {
    user(id: $id) {
      ...ProfileHeader_user
    }
  }
`;

function Header({ isViewer }: { isViewer: boolean }) {
  const { user } = useLazyLoadQuery<MuteButtonTestQuery>(headerQuery, { id: ANN });
  return user ? <ProfileHeader user={user} isViewer={isViewer} /> : null;
}

/** Ann's profile header, muted by the viewer or not (or the viewer's own, when `isViewer`). */
function showAnn({ isMuted, isViewer = false }: { isMuted: boolean; isViewer?: boolean }) {
  const relay = createMockEnvironment({
    MuteButtonTestQuery: () => ({
      data: {
        user: {
          __typename: 'User',
          id: ANN,
          name: 'Ann',
          username: 'ann',
          sharesCount: 3,
          viewerFollows: true,
          isMuted: isViewer ? null : isMuted,
          isBlocked: isViewer ? null : false,
          publicSharesFeedUrl: 'https://tidings.test/public/rss?user=2',
          avatarUrl: null,
        },
      },
    }),
  });
  renderWithRouter(
    <Suspense fallback={null}>
      <Header isViewer={isViewer} />
    </Suspense>,
    { environment: relay.environment, path: `/user/${ANN}` },
  );
  return relay;
}

const muted = (isMuted: boolean, field: 'muteUser' | 'unmuteUser') => ({
  data: { [field]: { __typename: 'User', id: ANN, isMuted } },
});

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('muting someone from their profile', () => {
  it('offers Mute beside Following, and mutes only once the confirmation is accepted, with a toast', async () => {
    const said = vi.spyOn(notify, 'success');
    const relay = showAnn({ isMuted: false });
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(CONFIRMATION);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(relay.pendingFields()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    await screen.findByRole('alertdialog');
    const confirm = screen.getAllByRole('button', { name: 'Mute' }).find((button) => button.closest('[role="alertdialog"]'));
    fireEvent.click(confirm!);
    const muting = relay.take('muteUser');
    expect(muting.variables).toEqual({ userId: ANN });
    // At once, before the server answers.
    expect(await screen.findByRole('button', { name: 'Unmute' })).toBeTruthy();
    await act(async () => muting.resolve(muted(true, 'muteUser')));
    await waitFor(() => expect(said).toHaveBeenCalledWith('Muted @ann'));
    expect(relay.field(ANN, 'isMuted')).toBe(true);
  });

  it('unmutes at once, asking nothing', async () => {
    const said = vi.spyOn(notify, 'success');
    const relay = showAnn({ isMuted: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Unmute' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const unmuting = relay.take('unmuteUser');
    await act(async () => unmuting.resolve(muted(false, 'unmuteUser')));
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeTruthy();
    await waitFor(() => expect(said).toHaveBeenCalledWith('Unmuted @ann'));
  });

  it('puts Mute back and says why when the server refuses', async () => {
    const failed = vi.spyOn(notify, 'error');
    const relay = showAnn({ isMuted: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Unmute' }));
    const unmuting = relay.take('unmuteUser');
    await act(async () =>
      unmuting.resolve({
        data: { unmuteUser: { __typename: 'RateLimitedError', __isError: 'RateLimitedError', message: 'Too many requests' } },
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy());
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Too many requests'));
  });

  it('offers nothing on the viewer’s own profile', async () => {
    showAnn({ isMuted: false, isViewer: true });
    expect(await screen.findByText('@ann')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mute|Unmute/ })).toBeNull();
  });
});
