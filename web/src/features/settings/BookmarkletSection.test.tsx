import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../ui/toast';
import { BookmarkletSection } from './BookmarkletSection';

vi.mock('@tanstack/react-router', () => ({
  useRouteContext: () => ({ session: { get: () => ({ token: 'session-token' }) } }),
}));
vi.mock('../../ui/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

describe('the Bookmarklet section', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('creates the "Bookmarklet" token with the session, then offers its code to drag and to copy', async () => {
    const fetch = answer(201, { token: 'bookmarklet-secret', apiToken: { id: '1', name: 'Bookmarklet' } });
    vi.stubGlobal('fetch', fetch);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<BookmarkletSection />);

    fireEvent.click(screen.getByRole('button', { name: 'Create bookmarklet' }));
    const link = await screen.findByText('Share to Tidings');
    expect(fetch).toHaveBeenCalledExactlyOnceWith('/api/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer session-token' },
      body: JSON.stringify({ name: 'Bookmarklet' }),
    });
    const code = link.closest('a')!.getAttribute('href')!;
    expect(code).toMatch(/^javascript:/);
    expect(decodeURIComponent(code)).toContain(`${JSON.stringify(window.location.origin)},t="bookmarklet-secret"`);
    expect(screen.getByText(/shown only now/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copy bookmarklet code' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Bookmarklet code copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith(code);
  });

  it('says so when the token cannot be created, and offers to try again', async () => {
    vi.stubGlobal('fetch', answer(404, { error: 'Not found' }));
    render(<BookmarkletSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Create bookmarklet' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to create bookmarklet', { description: 'Not found' }));
    expect(screen.getByRole('button', { name: 'Create bookmarklet' })).toBeTruthy();
    expect(screen.queryByText('Share to Tidings')).toBeNull();
  });
});
