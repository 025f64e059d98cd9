/** A feed found at an address. */
export type FeedCandidate = { url: string; title: string; description: string };

/** The Add Feed form: the typed URL, the feeds found there and the one chosen. */
export type AddFeedState = {
  url: string;
  found: FeedCandidate[];
  selected: string | null;
};

export type AddFeedAction =
  | { type: 'typed'; url: string }
  | { type: 'detected'; url: string; found: FeedCandidate[] }
  | { type: 'chose'; url: string }
  | { type: 'subscribed' };

export const emptyAddFeed: AddFeedState = {
  url: '',
  found: [],
  selected: null,
};

/**
 * A changed URL clears the found feeds and the selection; exactly one found feed is chosen
 * for the user; an answer for a URL that has since been edited is dropped; subscribing clears the form.
 */
export function addFeedReducer(state: AddFeedState, action: AddFeedAction): AddFeedState {
  switch (action.type) {
    case 'typed':
      return action.url === state.url ? state : { url: action.url, found: [], selected: null };
    case 'detected':
      if (action.url.trim() !== state.url.trim()) return state;
      return {
        ...state,
        found: action.found,
        selected: action.found.length === 1 ? action.found[0]!.url : null,
      };
    case 'chose':
      return state.found.some((feed) => feed.url === action.url) ? { ...state, selected: action.url } : state;
    case 'subscribed':
      return emptyAddFeed;
  }
}

/** The address to subscribe to: the chosen feed's, else what the user typed (trimmed). */
export function subscribeUrl(state: AddFeedState): string {
  return state.selected ?? state.url.trim();
}

/** Whether the server refused a subscription because the viewer already has it. */
export function isAlreadySubscribed(message: string | null | undefined): boolean {
  return Boolean(message && /already subscribed/i.test(message));
}

/** 'Already subscribed to this feed' whenever the server's message says so. */
export function subscribeFailureText(message: string | null | undefined): string {
  if (isAlreadySubscribed(message)) return 'Already subscribed to this feed';
  return message?.trim() || 'Failed to subscribe';
}
