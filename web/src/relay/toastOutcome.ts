import { notify } from '../ui/toast';

type Answer = { readonly __typename: string; readonly message?: string };

type Outcome = {
  /** The payload's type when the server did it: any other answer is one of the schema's errors. */
  expected: string;
  success: string;
  failure: string;
  onSuccess?: () => void;
};

/**
 * The `onCompleted` and `onError` of a mutation whose answer is its payload or an Error: the spec's success
 * toast, or its failure toast with the server's reason when there is one (spec part 1 §8).
 */
export function toastOutcome<Response>(answerOf: (response: Response) => Answer, { expected, success, failure, onSuccess }: Outcome) {
  return {
    onCompleted: (response: Response) => {
      const answer = answerOf(response);
      if (answer.__typename !== expected) return notify.error(failure, { description: answer.message });
      notify.success(success);
      onSuccess?.();
    },
    onError: () => notify.error(failure),
  };
}
