import { describe, expect, it, vi } from 'vitest';
import { runPasswordResetJobs, uniqueAddress, uniqueUsername } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { RESET_REQUESTED_MESSAGE, requestPasswordReset } from './passwordReset.ts';

vi.mock('./secrets.ts', async (original) => ({ ...(await original<typeof import('./secrets.ts')>()) })); // spied on below
// Test files share their modules (isolate: false): login comes from a fresh registry, where it imports the mock.
vi.resetModules();
const secrets = await import('./secrets.ts');
const { login } = await import('./accounts.ts');

/** Whether an account exists must show neither in the answer nor in its timing. */
const services = await createTestServices();

/**
 * The shortest durations of `known` and `unknown` over the samples, run alternately: the shortest is the work itself,
 * where a median still carries the load of a machine shared with other processes.
 */
async function fastest(samples: number, known: (sample: number) => Promise<unknown>, unknown: (sample: number) => Promise<unknown>) {
  const times: [number[], number[]] = [[], []];
  for (let sample = 0; sample < samples; sample += 1) {
    for (const [index, run] of [known, unknown].entries()) {
      const start = performance.now();
      await run(sample);
      times[index]!.push(performance.now() - start);
    }
  }
  return { known: Math.min(...times[0]), unknown: Math.min(...times[1]) };
}

/**
 * Within a factor of three, or five milliseconds for requests that take a few: a skipped password hash (argon2id, tens
 * of milliseconds against one or two) would show as ten times more. Looser than the work alone would need: the test
 * machine may be shared; the work itself is asserted besides.
 */
function expectAlike({ known, unknown }: { known: number; unknown: number }) {
  if (Math.abs(known - unknown) < 5) return;
  expect(known / unknown).toBeLessThan(3);
  expect(unknown / known).toBeLessThan(3);
}

const SAMPLES = 15;

const queuedResets = async () =>
  (
    await services.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send_password_reset'`
  )[0]!.n;

describe('account enumeration', () => {
  it('answers a wrong password for a known name as it answers an unknown name, taking as long', async () => {
    const { user } = await signUp(services);
    const answer = (usernameOrEmail: string) =>
      login(services, { usernameOrEmail, password: 'wrong password' }, uniqueAddress()).catch((error: Error) => ({
        type: error.constructor.name,
        message: error.message,
      }));
    expect(await answer(user.username)).toEqual(await answer(uniqueUsername('nobody')));
    // The work itself: one argon2id verification for a known and for an unknown name.
    const verify = vi.spyOn(secrets, 'verifyPassword');
    await answer(user.username);
    await answer(uniqueUsername('nobody'));
    expect(verify).toHaveBeenCalledTimes(2);
    expect(verify.mock.calls.map(([hash]) => hash.startsWith('$argon2id$'))).toEqual([true, true]);
    verify.mockRestore();
    expectAlike(
      await fastest(
        SAMPLES,
        () => answer(user.username),
        () => answer(uniqueUsername('nobody')),
      ),
    );
  });

  it('answers a reset request for a known e-mail as for an unknown one, taking as long', async () => {
    const users = await Promise.all(Array.from({ length: SAMPLES }, () => signUp(services)));
    const request = (email: string) => requestPasswordReset(services, { email }, uniqueAddress());
    // The same work either way: one job queued, nothing else written until it runs.
    expect(await request(users[0]!.user.email)).toBe(RESET_REQUESTED_MESSAGE);
    expect(await queuedResets()).toBe(1);
    expect(await request('nobody@example.com')).toBe(RESET_REQUESTED_MESSAGE);
    expect(await queuedResets()).toBe(2);
    expect(await services.db.passwordResetToken.count()).toBe(0);
    expectAlike(
      await fastest(
        SAMPLES,
        async (sample) => expect(await request(users[sample]!.user.email)).toBe(RESET_REQUESTED_MESSAGE),
        async (sample) => expect(await request(`nobody${sample}@example.com`)).toBe(RESET_REQUESTED_MESSAGE),
      ),
    );
    await runPasswordResetJobs(services);
    expect(await services.db.passwordResetToken.count()).toBe(SAMPLES + 1);
  });
});
