import { notify } from '../ui/toast';

/** A mutation's answer: its payload, or one of the schema's errors (`Result | *Error`). */
type Answer = { readonly __typename: string; readonly message?: string | null };

/**
 * The answer when it is the payload: the union's member named `expected`, or the whole answer when Relay merged
 * the members into one type (a payload and the errors that select the same fields).
 */
type Payload<A, E> = [Extract<A, { readonly __typename: E }>] extends [never] ? A : Extract<A, { readonly __typename: E }>;

/** A toast: its text (a success toast), or its text and kind. */
export type Toast = string | { readonly text: string; readonly kind: 'success' | 'info' | 'error' };

export type Outcome<Done> = {
  /** The payload's type when the server did it: any other answer is one of the schema's errors. */
  expected: string;
  /** What a success says: a toast, a toast made from the payload, or null (or a function returning null) for none. */
  success: Toast | null | ((done: Done) => Toast | null);
  /** The failure toast's title, or null for a silent failure (then `onFailure` alone hears of it). */
  failure: string | null;
  /**
   * How a refusal by the server is told. By default the failure toast with the server's reason under it;
   * 'title' makes the reason the toast's title (the failure text when there is none); a function makes the title
   * (or the title and the description) from the reason.
   */
  refusal?: 'description' | 'title' | ((reason: string | undefined) => string | { title: string; description?: string });
  /** Whether a request that fails on its way (network, HTTP) shows its error's message under the failure toast. */
  describeRequestError?: boolean;
  /** After a success (and its toast), with the payload. */
  onSuccess?: (done: Done) => void;
  /** After a refusal or a failed request (and its toast), with the reason: inline errors, logging, clean-up. */
  onFailure?: (reason: string | undefined) => void;
};

function say(toast: Toast) {
  const { text, kind } = typeof toast === 'string' ? { text: toast, kind: 'success' as const } : toast;
  notify[kind](text);
}

/**
 * The `onCompleted` and `onError` of a mutation whose answer is its payload or an Error: the one place where a
 * mutation's outcome is told. By default the mutation's success toast, or its failure toast with
 * the server's reason when there is one; the options cover toasts made from the payload, silent outcomes, the
 * reason as the title and errors shown inline (`onFailure`).
 */
export function toastOutcome<Response, A extends Answer, E extends A['__typename']>(
  answerOf: (response: Response) => A,
  outcome: Outcome<Payload<A, E>> & { expected: E },
) {
  const { expected, success, failure, refusal = 'description', describeRequestError = false, onSuccess, onFailure } = outcome;
  return {
    onCompleted: (response: Response) => {
      const answer = answerOf(response);
      if (answer.__typename !== expected) {
        const reason = answer.message || undefined;
        if (failure !== null) {
          if (refusal === 'description') notify.error(failure, { description: reason });
          else if (refusal === 'title') notify.error(reason ?? failure);
          else {
            const told = refusal(reason);
            if (typeof told === 'string') notify.error(told);
            else notify.error(told.title, { description: told.description });
          }
        }
        onFailure?.(reason);
        return;
      }
      const done = answer as Payload<A, E>;
      const toast = typeof success === 'function' ? success(done) : success;
      if (toast !== null) say(toast);
      onSuccess?.(done);
    },
    onError: (error?: Error) => {
      const reason = error?.message || undefined;
      if (failure !== null) {
        if (describeRequestError) notify.error(failure, { description: reason });
        else notify.error(failure);
      }
      onFailure?.(reason);
    },
  };
}
