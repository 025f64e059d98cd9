import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import { Bell } from 'lucide-react';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import { notify } from '../../ui/toast';
import type { ForgotPasswordFormMutation } from './__generated__/ForgotPasswordFormMutation.graphql';
import { forgotPasswordSchema, validate } from './validation';

const mutation = graphql`
  mutation ForgotPasswordFormMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on MessagePayload {
        message
      }
      ... on Error {
        message
      }
    }
  }
`;

const SENT_NOTICE =
  'If an account exists for that email, a password reset link has been sent. Check your notifications (bell icon) for the reset link.';

/** Spec part 1 §2 Forgot password: asks for a reset link and says where it will arrive. */
export function ForgotPasswordForm() {
  const [commit, isInFlight] = useMutation<ForgotPasswordFormMutation>(mutation);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(forgotPasswordSchema, { email });
    if (result.errors) return setError(result.errors.email);
    commit({
      variables: { input: result.data },
      onCompleted: ({ requestPasswordReset: answer }) => {
        if (answer.__typename === 'MessagePayload') setNotice(answer.message || SENT_NOTICE);
        else notify.error('Failed to send reset email', { description: answer.message });
      },
      onError: (failure) => notify.error('Failed to send reset email', { description: failure.message }),
    });
  };

  if (notice) {
    return (
      <div role="status" className="flex gap-3 rounded-xl border border-accent/30 bg-accent-soft p-4 text-[0.95rem] leading-relaxed text-ink">
        <Bell aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <p>{notice}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" disabled={isInFlight} className={buttonClass('primary', 'md', 'w-full')}>
        {isInFlight ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}
