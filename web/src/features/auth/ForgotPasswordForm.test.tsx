import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** The server's one answer to every reset request, whether or not an account has the address. */
const SERVER_NOTICE =
  'If an account exists for that email, a password reset link has been sent. Check your notifications (bell icon) for the reset link.';

/** The form over an instance that sends e-mail or not; sends a request for `email` and answers it as the server does. */
async function requestReset(emailEnabled: boolean, email: string) {
  const relay = createMockEnvironment({
    ForgotPasswordFormQuery: () => ({ data: { instance: { emailEnabled } } }),
    useRequestPasswordResetMutation: () => ({ data: { requestPasswordReset: { __typename: 'MessagePayload', message: SERVER_NOTICE } } }),
  });
  render(
    <RelayEnvironmentProvider environment={relay.environment}>
      <ForgotPasswordForm />
    </RelayEnvironmentProvider>,
  );
  await act(async () => {}); // the instance's answer arrives, as it does long before anyone has typed an address
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  const status = await screen.findByRole('status');
  expect(relay.sent.find((operation) => operation.name === 'useRequestPasswordResetMutation')?.variables).toEqual({ input: { email } });
  return status.textContent;
}

afterEach(cleanup);

describe('the forgot-password page', () => {
  it('without e-mail, says to ask an administrator for a reset link, not to look at the bell, for any address', async () => {
    const known = await requestReset(false, 'ada@example.com');
    expect(known).toBe(
      'This instance does not send e-mail, so a reset link cannot reach you here. Ask an administrator for a password reset link: they can make one for your account.',
    );
    expect(known).not.toMatch(/bell|notifications/i);
    cleanup();
    expect(await requestReset(false, 'nobody@example.com')).toBe(known);
  });

  it('with e-mail, keeps the server’s answer', async () => {
    expect(await requestReset(true, 'ada@example.com')).toBe(SERVER_NOTICE);
  });
});
