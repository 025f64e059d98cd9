import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import { ConnectionHandler, type GraphQLSubscriptionConfig, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { useConversationSubscription as Subscription } from './__generated__/useConversationSubscription.graphql';

const subscription = graphql`
  subscription useConversationSubscription($articleId: ID!) {
    conversationChanged(articleId: $articleId) {
      change
      commentId
      comment {
        id
        createdAt
        ...CommentItem_comment
      }
      article {
        id
        counts {
          comments
        }
      }
    }
  }
`;

/**
 * Takes the story's conversation in live while the reader shows `articleId`: a comment posted on this copy or on
 * another feed's joins the front of the list (once: the poster's own tab already has it), a deleted one leaves it,
 * an edited one changes in place (the store holds it by id), and the count follows.
 */
export function useConversationSubscription(articleId: string, connectionId: string) {
  const config = useMemo<GraphQLSubscriptionConfig<Subscription>>(
    () => ({
      subscription,
      variables: { articleId },
      updater: (store) => applyChange(store, connectionId),
      // The socket retries by itself; a missed comment is there the next time the article opens.
      onError: () => {},
    }),
    [articleId, connectionId],
  );
  useSubscription(config);
}

/** Puts the event's comment at the front of the connection when it is new to it, or takes a deleted one out. */
export function applyChange(store: RecordSourceSelectorProxy<Subscription['response']>, connectionId: string) {
  const event = store.getRootField('conversationChanged');
  const connection = store.get(connectionId);
  if (!event || !connection) return;
  const change = event.getValue('change');
  if (change === 'DELETED') {
    ConnectionHandler.deleteNode(connection, String(event.getValue('commentId')));
    return;
  }
  const comment = event.getLinkedRecord('comment');
  if (change !== 'ADDED' || !comment) return;
  const edges = connection.getLinkedRecords('edges') ?? [];
  if (edges.some((edge) => edge?.getLinkedRecord('node')?.getDataID() === comment.getDataID())) return;
  const edge = ConnectionHandler.createEdge(store, connection, comment, 'CommentEdge');
  ConnectionHandler.insertEdgeBefore(connection, edge);
}
