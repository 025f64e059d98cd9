import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useCreateApiTokenMutation } from './__generated__/useCreateApiTokenMutation.graphql';
import { API_TOKENS_CONNECTION } from './apiTokensQuery';

const mutation = graphql`
  mutation useCreateApiTokenMutation($input: CreateApiTokenInput!, $connections: [ID!]!) {
    createApiToken(input: $input) {
      __typename
      ... on CreateApiTokenPayload {
        token
        apiToken @prependNode(connections: $connections, edgeTypeName: "QueryApiTokensConnectionEdge") {
          id
          ...ApiTokenItem_token
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export type NewApiToken = useCreateApiTokenMutation['variables']['input'];

/**
 * Creates a personal API token (its name, and optionally its scope and days until it stops working) and hands its
 * secret to `onCreated`, the only moment it exists outside the server; the token joins the API tokens list. A
 * refusal says the server's reason.
 */
export function useCreateApiToken(): [create: (token: NewApiToken, onCreated: (secret: string) => void) => void, creating: boolean] {
  const [commit, creating] = useMutation<useCreateApiTokenMutation>(mutation);
  const create = useCallback(
    (input: NewApiToken, onCreated: (secret: string) => void) =>
      commit({
        variables: { input, connections: [API_TOKENS_CONNECTION] },
        ...toastOutcome((response: useCreateApiTokenMutation['response']) => response.createApiToken, {
          expected: 'CreateApiTokenPayload',
          success: null,
          failure: 'Failed to create token',
          onSuccess: (created) => created.token && onCreated(created.token),
        }),
      }),
    [commit],
  );
  return [create, creating];
}
