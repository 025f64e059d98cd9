import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRegenerateNewsletterAddressMutation } from './__generated__/useRegenerateNewsletterAddressMutation.graphql';

const mutation = graphql`
  mutation useRegenerateNewsletterAddressMutation {
    regenerateNewsletterAddress {
      __typename
      ... on NewsletterAddress {
        address
        previous {
          address
          expiresAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Answer = useRegenerateNewsletterAddressMutation['response']['regenerateNewsletterAddress'];

/** What a null answer means: the instance stopped receiving mail since the screen was drawn. */
const NO_MAIL = { __typename: 'NoInboundMail', message: 'This instance does not receive newsletters.' } as const;

/**
 * The new address becomes the one Settings shows (Query.newsletterAddress): an address has no id, so the store cannot
 * tell the mutation's record is the same thing, and it is linked there by hand.
 */
function showNewAddress(store: RecordSourceSelectorProxy) {
  const answer = store.getRootField('regenerateNewsletterAddress');
  if (answer?.getType() === 'NewsletterAddress') store.getRoot().setLinkedRecord(answer, 'newsletterAddress');
}

/**
 * Gives the viewer a new newsletter address (after its confirmation): Settings shows it, with the replaced one and
 * when that stops taking mail. A refusal says the server's reason under 'Failed to make a new address'.
 */
export function useRegenerateNewsletterAddress(): [regenerate: () => void, regenerating: boolean] {
  const [commit, regenerating] = useMutation<useRegenerateNewsletterAddressMutation>(mutation);
  const regenerate = useCallback(
    () =>
      commit({
        variables: {},
        updater: showNewAddress,
        ...toastOutcome(
          (response: useRegenerateNewsletterAddressMutation['response']): NonNullable<Answer> | typeof NO_MAIL =>
            response.regenerateNewsletterAddress ?? NO_MAIL,
          {
            expected: 'NewsletterAddress',
            success: 'New address ready',
            failure: 'Failed to make a new address',
          },
        ),
      }),
    [commit],
  );
  return [regenerate, regenerating];
}
