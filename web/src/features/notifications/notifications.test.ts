import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUnreadBadge } from './badge';
import { notificationDestination } from './destination';
import { startFocusPoller } from './focusPoller';
import { linkify } from './linkify';
import { coalesce, LIVE_TOAST_WINDOW_MS, liveToastMessage } from './liveToasts';

describe('unread badge', () => {
  it('shows nothing at zero, the count up to 9 and 9+ above', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(9)).toBe('9');
    expect(formatUnreadBadge(10)).toBe('9+');
    expect(formatUnreadBadge(250)).toBe('9+');
  });
});

describe('notification destination', () => {
  it('sends each notification type to its screen', () => {
    expect(notificationDestination({ type: 'welcome' })).toEqual({ to: '/discover' });
    expect(notificationDestination({ type: 'onboarding_tools' })).toEqual({ to: '/settings' });
    expect(notificationDestination({ type: 'onboarding_pdf' })).toEqual({ to: '/export' });
    expect(notificationDestination({ type: 'keyboard_shortcuts' })).toEqual({ to: '/settings' });
    expect(notificationDestination({ type: 'digest' })).toEqual({ to: '/digest' });
    expect(notificationDestination({ type: 'comment_mention', articleId: 'QXJ0aWNsZTox' })).toEqual({
      to: '/article/$id',
      params: { id: 'QXJ0aWNsZTox' },
    });
    expect(notificationDestination({ type: 'share_mention', articleId: null })).toBeNull();
  });

  it('stays put for a password reset, whose link is in its text', () => {
    expect(notificationDestination({ type: 'password_reset' })).toBeNull();
  });

  it("opens a new follower's profile", () => {
    expect(notificationDestination({ type: 'new_follower', fromUser: { id: 'VXNlcjoy' } })).toEqual({
      to: '/user/$userId',
      params: { userId: 'VXNlcjoy' },
    });
  });
});

describe('linkify', () => {
  it('splits out http(s) links and leaves sentence punctuation outside them', () => {
    expect(linkify('Reset here: https://t.example/reset-password?token=a1. Thanks')).toEqual([
      { kind: 'text', text: 'Reset here: ' },
      { kind: 'link', text: 'https://t.example/reset-password?token=a1', href: 'https://t.example/reset-password?token=a1' },
      { kind: 'text', text: '. Thanks' },
    ]);
  });

  it('ends a link before a typographic quote or an ellipsis, and links a www. address as https', () => {
    expect(linkify('Their feed: “https://blog.example.org/feed.xml”… or www.example.org/rss.')).toEqual([
      { kind: 'text', text: 'Their feed: “' },
      { kind: 'link', text: 'https://blog.example.org/feed.xml', href: 'https://blog.example.org/feed.xml' },
      { kind: 'text', text: '”… or ' },
      { kind: 'link', text: 'www.example.org/rss', href: 'https://www.example.org/rss' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkify('mail me@www.example.org, or www. alone')).toEqual([{ kind: 'text', text: 'mail me@www.example.org, or www. alone' }]);
  });

  it('keeps markup as text and never links other schemes', () => {
    expect(linkify('<b>hi</b> javascript:alert(1)')).toEqual([{ kind: 'text', text: '<b>hi</b> javascript:alert(1)' }]);
  });
});

describe('focus poller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls while focused, reloads at once on focus and stops on blur', () => {
    const load = vi.fn();
    const target = new EventTarget() as unknown as Window;
    const stop = startFocusPoller({ load, intervalMs: 30_000, target, hasFocus: () => true });
    vi.advanceTimersByTime(60_000);
    expect(load).toHaveBeenCalledTimes(2);

    target.dispatchEvent(new Event('blur'));
    vi.advanceTimersByTime(120_000);
    expect(load).toHaveBeenCalledTimes(2);

    target.dispatchEvent(new Event('focus'));
    expect(load).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(30_000);
    expect(load).toHaveBeenCalledTimes(4);

    stop();
    vi.advanceTimersByTime(120_000);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not poll a window that starts without focus', () => {
    const load = vi.fn();
    startFocusPoller({ load, intervalMs: 30_000, target: new EventTarget() as unknown as Window, hasFocus: () => false });
    vi.advanceTimersByTime(90_000);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('live toast coalescing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('toasts the first at once, then at most once a second with what arrived meanwhile', () => {
    const flush = vi.fn<(items: number[]) => void>();
    const live = coalesce(LIVE_TOAST_WINDOW_MS, flush);
    for (let n = 1; n <= 11; n++) live.add(n);
    expect(flush.mock.calls).toEqual([[[1]]]);

    vi.advanceTimersByTime(999);
    expect(flush).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(flush.mock.calls[1]).toEqual([[2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]);

    // Quiet for a window: the next one toasts at once again.
    vi.advanceTimersByTime(LIVE_TOAST_WINDOW_MS);
    live.add(12);
    expect(flush.mock.calls[2]).toEqual([[12]]);
    expect(flush).toHaveBeenCalledTimes(3);
  });

  it('spreads a steady stream to one toast a second', () => {
    const flush = vi.fn<(items: number[]) => void>();
    const live = coalesce(LIVE_TOAST_WINDOW_MS, flush);
    for (let n = 0; n < 50; n++) {
      live.add(n);
      vi.advanceTimersByTime(100);
    }
    // At 0 s, 1 s, … 5 s.
    expect(flush).toHaveBeenCalledTimes(6);
    expect(flush.mock.calls.flatMap(([items]) => items)).toHaveLength(50);
  });

  it('drops what is pending once stopped', () => {
    const flush = vi.fn<(items: number[]) => void>();
    const live = coalesce(LIVE_TOAST_WINDOW_MS, flush);
    live.add(1);
    live.add(2);
    live.stop();
    vi.advanceTimersByTime(5 * LIVE_TOAST_WINDOW_MS);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('says one notification itself and several as a count', () => {
    expect(liveToastMessage(['New mention from @alice'])).toBe('New mention from @alice');
    expect(liveToastMessage(['a', 'b', 'c'])).toBe('3 new notifications');
  });
});
