import { GraphQLError, getNamedType, isObjectType, type GraphQLNamedType, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { RequestContext } from '../context.ts';
import { BOOKMARKLET_REFUSED, PAGE_ACTIONS, isLimitedToPageActions, type PageAction } from '../domain/access/access.ts';

/** The root field of each page action. */
const ROOT_FIELDS: Record<PageAction, string> = {
  detectFeeds: 'Query.detectFeeds',
  subscribeToFeed: 'Mutation.subscribeToFeed',
  sharePage: 'Mutation.sharePage',
};

/**
 * Every field a bookmarklet token may select, as schema coordinates: the page actions' root fields and what their
 * answers need to say, nothing that reads further (a subscription's articles, a share's comments). Any field of an
 * error type may be read too, and `__typename` anywhere.
 */
export const BOOKMARKLET_FIELDS: ReadonlySet<string> = new Set([
  ...PAGE_ACTIONS.map((action) => ROOT_FIELDS[action]),
  'QueryDetectFeedsSuccess.data',
  'FeedCandidate.url',
  'FeedCandidate.title',
  'FeedCandidate.description',
  'FeedCandidate.subscribed',
  'SubscribeToFeedPayload.articlesAdded',
  'SubscribeToFeedPayload.subscription',
  'FeedSubscription.id',
  'FeedSubscription.title',
  'Share.id',
  // Relay asks every answer that may be a node for its id.
  'Node.id',
]);

const isErrorType = (type: GraphQLNamedType) =>
  type.name === 'Error' || (isObjectType(type) && type.getInterfaces().some((face) => face.name === 'Error'));

/** Refuses, before anything runs, an operation that selects a field outside `BOOKMARKLET_FIELDS`. */
const bookmarkletFieldsOnly: ValidationRule = (context) => ({
  Field(node) {
    const parent = context.getParentType();
    const name = node.name.value;
    if (!parent || name === '__typename') return;
    const named = getNamedType(parent);
    if (BOOKMARKLET_FIELDS.has(`${named.name}.${name}`) || isErrorType(named)) return;
    context.reportError(new GraphQLError(BOOKMARKLET_REFUSED, { nodes: [node], extensions: { code: 'ForbiddenError', status: 403 } }));
  },
});

/**
 * Holds a bookmarklet token (access.ts) to the page actions on GraphQL, over HTTP and sockets alike: its operations
 * are validated against `BOOKMARKLET_FIELDS` too, so a refused one runs nothing. Other viewers are not affected.
 * `contextOf` finds the request's context in what Yoga was given (validation comes before Yoga's own context).
 */
export function bookmarkletScopePlugin<Initial extends object>(contextOf: (initial: Initial) => RequestContext): Plugin<Initial> {
  return {
    onValidate({ context, addValidationRule }) {
      if (isLimitedToPageActions(contextOf(context).viewer)) addValidationRule(bookmarkletFieldsOnly);
    },
  };
}
