import { graphql } from 'react-relay';
import { ConnectionHandler, ROOT_ID } from 'relay-runtime';

/**
 * The viewer's folders and subscriptions as the sidebar loads them (the store usually has them): the scopes a rule
 * may take, and which subscription an article's feed is (to mute it).
 */
export const rulesScopeQuery = graphql`
  query rulesScopeQuery {
    folders {
      id
      name
      subscriptions {
        id
        title
        muted
        feed {
          id
        }
      }
    }
    rootSubscriptions {
      id
      title
      muted
      feed {
        id
      }
    }
  }
`;

/** The list of rules in Settings → Rules: a rule added anywhere (a dialog from an article) is appended to it. */
export const RULES_CONNECTION_KEY = 'RulesSection_filterRules';
export const RULES_CONNECTION = ConnectionHandler.getConnectionID(ROOT_ID, RULES_CONNECTION_KEY);

type Subscription = { readonly id: string; readonly title: string; readonly muted: boolean; readonly feed: { readonly id: string } };
type Scopes = {
  readonly folders: ReadonlyArray<{ readonly id: string; readonly name: string; readonly subscriptions: ReadonlyArray<Subscription> }>;
  readonly rootSubscriptions: ReadonlyArray<Subscription>;
};

/** Every subscription, root ones and those in folders, by title. */
export function allSubscriptions(scopes: Scopes): Subscription[] {
  return [...scopes.rootSubscriptions, ...scopes.folders.flatMap((folder) => folder.subscriptions)].sort((a, b) =>
    a.title.localeCompare(b.title),
  );
}

/** The viewer's subscription to a feed, if they have one. */
export function subscriptionOf(scopes: Scopes, feedId: string): Subscription | null {
  return allSubscriptions(scopes).find((subscription) => subscription.feed.id === feedId) ?? null;
}
