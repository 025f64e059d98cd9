/** The `mentions` input of comments and shares: spec clients send it, but only the text decides who is notified. */
export const MENTIONS_DESCRIPTION =
  'Accepted for clients that send it; mentions are read from the text, so a name not written there notifies no one.';
