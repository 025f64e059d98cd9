/** A feed found at an address, and whether the viewer already follows it. */
export type FeedCandidate = { url: string; title: string; description: string; subscribed: boolean };

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
 * A changed URL clears the found feeds and the selection; when exactly one found feed is not yet followed it is
 * chosen for the user, and a followed one cannot be chosen; an answer for a URL that has since been edited is
 * dropped; subscribing clears the form.
 */
export function addFeedReducer(state: AddFeedState, action: AddFeedAction): AddFeedState {
  switch (action.type) {
    case 'typed':
      return action.url === state.url ? state : { url: action.url, found: [], selected: null };
    case 'detected': {
      if (action.url.trim() !== state.url.trim()) return state;
      const choices = action.found.filter((feed) => !feed.subscribed);
      return { ...state, found: action.found, selected: choices.length === 1 ? choices[0]!.url : null };
    }
    case 'chose':
      return state.found.some((feed) => feed.url === action.url && !feed.subscribed) ? { ...state, selected: action.url } : state;
    case 'subscribed':
      return emptyAddFeed;
  }
}

/** What the list of found feeds is called: how many, and whether there is a choice left to make. */
export function foundLegend(found: readonly FeedCandidate[]): string {
  const open = found.filter((feed) => !feed.subscribed).length;
  if (open === 0) return found.length === 1 ? 'Feed found — you follow it' : `${found.length} feeds found — you follow them all`;
  if (found.length === 1) return 'Feed found';
  return open === 1 ? `${found.length} feeds found` : `${found.length} feeds found — choose one`;
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
