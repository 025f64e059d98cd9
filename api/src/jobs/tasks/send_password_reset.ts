import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { sendPasswordReset } from '../../domain/accounts/passwordReset.ts';
import type { Services } from '../../domain/core/services.ts';

const payload = z.object({ email: z.string() });

/** Delivers the reset link of a password reset request, if the e-mail belongs to an account. */
export function sendPasswordResetTask(services: Services): Task {
  return async (raw) => {
    const { email } = payload.parse(raw);
    await sendPasswordReset(services, email);
  };
}
