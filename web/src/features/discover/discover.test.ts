import { describe, expect, it } from 'vitest';
import { bulkSubscribeMessages, selectedText } from './bulkSubscribeToasts';
import { discoverTab } from './discoverTabs';

describe('Discover', () => {
  it("says what a bulk subscribe did, in the spec's words", () => {
    expect(bulkSubscribeMessages({ subscribed: 3, skipped: 1, errors: 2 })).toEqual([
      { kind: 'success', text: 'Subscribed to 3 feeds!' },
      { kind: 'info', text: '1 feed was already subscribed' },
      { kind: 'error', text: 'Failed to subscribe to 2 feeds' },
    ]);
    expect(bulkSubscribeMessages({ subscribed: 1, skipped: 2, errors: 0 })).toEqual([
      { kind: 'success', text: 'Subscribed to 1 feed!' },
      { kind: 'info', text: '2 feeds were already subscribed' },
    ]);
    const stopped = 'Stopped after 30 minutes: 40 of 200 feeds were handled; start it again to subscribe to the rest.';
    expect(bulkSubscribeMessages({ subscribed: 40, skipped: 0, errors: 0, stopped })).toEqual([
      { kind: 'success', text: 'Subscribed to 40 feeds!' },
      { kind: 'error', text: stopped },
    ]);
  });

  it('counts the selection and reads the tab from the URL', () => {
    expect(selectedText(1)).toBe('1 feed selected');
    expect(selectedText(4)).toBe('4 feeds selected');
    expect(discoverTab('packs')).toBe('packs');
    expect(discoverTab('nope')).toBe('popular');
  });
});
