import { useCallback } from 'react';
import { graphql, useMutation, useRelayEnvironment } from 'react-relay';
import type { Environment, RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import { notify } from '../../ui/toast';
import type { useUpdateFullTextSettingsToggleMutation } from './__generated__/useUpdateFullTextSettingsToggleMutation.graphql';
import type {
  useUpdateFullTextSettingsMutation,
  useUpdateFullTextSettingsMutation$variables,
} from './__generated__/useUpdateFullTextSettingsMutation.graphql';

// The toggle's own document: an argument left out keeps its value, and Relay sends a declared variable left out as null.
const toggleMutation = graphql`
  mutation useUpdateFullTextSettingsToggleMutation($id: ID!, $fullText: Boolean!) {
    updateFullTextSettings(id: $id, fullText: $fullText) {
      __typename
      ... on FeedSubscription {
        id
        fullText
        fullTextProgress {
          pending
          done
          failed
        }
        feed {
          id
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const mutation = graphql`
  mutation useUpdateFullTextSettingsMutation($id: ID!, $fullText: Boolean, $contentSelector: String, $removeSelectors: [String!]) {
    updateFullTextSettings(id: $id, fullText: $fullText, contentSelector: $contentSelector, removeSelectors: $removeSelectors) {
      __typename
      ... on FeedSubscription {
        id
        fullText
        sendsExcerpts
        fullTextRules {
          contentSelector
          removeSelectors
        }
        fullTextProgress {
          pending
          done
          failed
        }
        feed {
          id
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Payload =
  | useUpdateFullTextSettingsMutation['response']['updateFullTextSettings']
  | useUpdateFullTextSettingsToggleMutation['response']['updateFullTextSettings'];

/**
 * The articles of the feed the store holds follow the subscription's setting (Article.showsFullText): the reader
 * open on one of them shows its full article at once, and asks for it when it was never read.
 */
function followSetting(environment: Environment, store: RecordSourceSelectorProxy, answer: Payload | undefined) {
  const feedId = answer?.__typename === 'FeedSubscription' ? answer.feed?.id : undefined;
  if (!feedId || answer?.fullText === undefined) return;
  const source = environment.getStore().getSource();
  for (const id of source.getRecordIDs()) {
    const record = source.get(id) as { __typename?: string; feed?: { __ref?: string } } | null | undefined;
    if (record?.__typename === 'Article' && record.feed?.__ref === feedId) store.get(id)?.setValue(answer.fullText, 'showsFullText');
  }
}

/**
 * “Always show the full article” on or off for a subscription, from a feed's menu: the menu's check changes at once,
 * and a toast says what it does (or that it failed, the check restored).
 */
export function useSetFullText(): (subscription: { id: string; title: string }, fullText: boolean) => void {
  const environment = useRelayEnvironment();
  const [commit] = useMutation<useUpdateFullTextSettingsToggleMutation>(toggleMutation);
  return useCallback(
    ({ id, title }: { id: string; title: string }, fullText: boolean) =>
      commit({
        variables: { id, fullText },
        optimisticUpdater: (store) => void store.get(id)?.setValue(fullText, 'fullText'),
        updater: (store, response) => followSetting(environment, store, response?.updateFullTextSettings),
        ...toastOutcome((response: useUpdateFullTextSettingsToggleMutation['response']) => response.updateFullTextSettings, {
          expected: 'FeedSubscription',
          success: fullText ? `“${title}” now shows the full article, read from its page` : `“${title}” shows the feed’s version again`,
          failure: fullText ? 'Failed to show the full articles' : 'Failed to stop showing the full articles',
        }),
      }),
    [commit, environment],
  );
}

/** The settings dialog's callbacks: saved, or refused with the server's message (which names the selector). */
type Callbacks = { onSaved: () => void; onRefused: (message: string) => void };

/** Saves the full-article settings dialog: the setting and the feed's site rules, at once. */
export function useSaveFullTextSettings(): [
  (variables: useUpdateFullTextSettingsMutation$variables, callbacks: Callbacks) => void,
  boolean,
] {
  const environment = useRelayEnvironment();
  const [commit, saving] = useMutation<useUpdateFullTextSettingsMutation>(mutation);
  const save = useCallback(
    (variables: useUpdateFullTextSettingsMutation$variables, { onSaved, onRefused }: Callbacks) =>
      commit({
        variables,
        updater: (store, response) => followSetting(environment, store, response?.updateFullTextSettings),
        onCompleted: ({ updateFullTextSettings: answer }) => {
          if (answer.__typename !== 'FeedSubscription') return onRefused(answer.message ?? 'The settings could not be saved');
          notify.success('Full-article settings saved');
          onSaved();
        },
        onError: () => notify.error('Failed to save the full-article settings', { description: 'Check your connection and try again.' }),
      }),
    [commit, environment],
  );
  return [save, saving];
}
