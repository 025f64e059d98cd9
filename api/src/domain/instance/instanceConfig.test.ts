import { describe, expect, it } from 'vitest';
import { newInvite, registration, runPasswordResetJobs, uniqueAddress, uniqueUsername } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { INSTANCE_FULL, REGISTRATION_CLOSED, register } from '../accounts/accounts.ts';
import { viewerFromBearerToken } from '../accounts/credentials.ts';
import { ForbiddenError, InvalidInputError, UnauthenticatedError } from '../core/errors.ts';
import { requestPasswordReset } from '../accounts/passwordReset.ts';
import type { Services, Viewer } from '../core/services.ts';
import { publicSharesFeed } from '../social/publicFeed.ts';
import { getInstanceConfig, getPublicInstance, updateInstanceConfig } from './instanceConfig.ts';

// Enough connections that concurrent registrations really overlap (each holds one for its transaction).
const services = await createTestServices({}, 8);

async function viewerOf(token: string, on: Services = services): Promise<Viewer> {
  const viewer = await viewerFromBearerToken(on, token);
  if (!viewer) throw new Error('the token opens no session');
  return viewer;
}

const admin = await viewerOf((await signUp(services, { admin: true })).token);
const user = await viewerOf((await signUp(services)).token);
const DEFAULTS = { name: 'Tidings', description: '', allowRegistration: true, maxUsers: 0, retentionDays: 180, retentionKeepPerFeed: 50 };

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => error as Error,
  );
}

/** Sets the settings for one test and puts the defaults back after it, so the tests do not depend on their order. */
async function withConfig(config: Record<string, unknown>, run: () => Promise<void>) {
  await updateInstanceConfig(services, admin, config);
  try {
    await run();
  } finally {
    await updateInstanceConfig(services, admin, DEFAULTS);
  }
}

describe('the instance configuration', () => {
  it('starts as Tidings, no description, open registration, unlimited users', async () => {
    expect(await getInstanceConfig(services, admin)).toEqual(DEFAULTS);
    expect(await getPublicInstance(services)).toEqual({ name: 'Tidings', description: '', allowRegistration: true });
  });

  it('changes what is given, leaves the rest, and answers all of it', async () => {
    await withConfig({}, async () => {
      expect(await updateInstanceConfig(services, admin, { name: '  Book club  ', maxUsers: 25 })).toEqual({
        ...DEFAULTS,
        name: 'Book club',
        maxUsers: 25,
      });
      expect(await updateInstanceConfig(services, admin, { description: 'Our reading', allowRegistration: false })).toEqual({
        ...DEFAULTS,
        name: 'Book club',
        description: 'Our reading',
        allowRegistration: false,
        maxUsers: 25,
      });
      expect(await updateInstanceConfig(services, admin, { description: null })).toMatchObject({ description: '' });
    });
  });

  it('takes text of digits as its number, and null as 0 (unlimited)', async () => {
    await withConfig({ maxUsers: 10 }, async () => {
      expect((await updateInstanceConfig(services, admin, { maxUsers: ' 12 ' })).maxUsers).toBe(12);
      expect((await updateInstanceConfig(services, admin, { maxUsers: '007' })).maxUsers).toBe(7);
      expect((await updateInstanceConfig(services, admin, { maxUsers: null })).maxUsers).toBe(0);
    });
  });

  // Stored as 0, any of these would lift the limit altogether.
  it.each([
    ['12abc', 'Max users must be a whole number'],
    ['', 'Max users must be a whole number'],
    ['   ', 'Max users must be a whole number'],
    ['many', 'Max users must be a whole number'],
    ['1e3', 'Max users must be a whole number'],
    ['0x10', 'Max users must be a whole number'],
    ['12.5', 'Max users must be a whole number'],
    ['+5', 'Max users must be a whole number'],
    ['NaN', 'Max users must be a whole number'],
    ['Infinity', 'Max users must be a whole number'],
    [12.5, 'Max users must be a whole number'],
    [-1, 'Max users must be at least 0'],
    [NaN, 'Max users must be a number'],
    [Infinity, 'Max users must be a number'],
    [true, 'Max users must be a number'],
    [[5], 'Max users must be a number'],
  ])('refuses max users %j with %j, keeping the limit', async (maxUsers, message) => {
    await withConfig({ maxUsers: 10 }, async () => {
      const error = await refusal(updateInstanceConfig(services, admin, { name: 'Changed', maxUsers }));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error?.message).toBe(message);
      expect(await getInstanceConfig(services, admin)).toMatchObject({ name: 'Tidings', maxUsers: 10 });
    });
  });

  it.each([
    [{ name: '   ' }, 'Instance name is required'],
    [{ name: null }, 'Instance name is required'],
    [{ name: 'x'.repeat(51) }, 'Instance name must be at most 50 characters'],
    [{ name: 7 }, 'Instance name must be text'],
    [{ description: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
    [{ allowRegistration: 'yes' }, 'allowRegistration must be true or false'],
    [{ maxUsers: -1 }, 'Max users must be at least 0'],
    [{ maxUsers: '-3' }, 'Max users must be at least 0'],
    [{ maxUsers: 2.5 }, 'Max users must be a whole number'],
    [{ maxUsers: 10_000_001 }, 'Max users must be at most 1,000,000'],
    [{ maxUsers: true }, 'Max users must be a number'],
    [{ theme: 'dark' }, 'Unknown setting: theme'],
    [[], 'The request body must be a JSON object'],
  ])('refuses %j with a clear message and changes nothing', async (input, message) => {
    const before = await getInstanceConfig(services, admin);
    const error = await refusal(updateInstanceConfig(services, admin, input));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error?.message).toBe(message);
    expect(await getInstanceConfig(services, admin)).toEqual(before);
  });

  it('is read and changed by administrators only: 401 anonymous, 403 for a user', async () => {
    expect(await refusal(getInstanceConfig(services, null))).toBeInstanceOf(UnauthenticatedError);
    expect(await refusal(updateInstanceConfig(services, null, { name: 'Taken' }))).toBeInstanceOf(UnauthenticatedError);
    expect(await refusal(getInstanceConfig(services, user))).toBeInstanceOf(ForbiddenError);
    expect(await refusal(updateInstanceConfig(services, user, { name: 'Taken' }))).toBeInstanceOf(ForbiddenError);
    expect((await getPublicInstance(services)).name).toBe('Tidings');
  });
});

describe('registration under the instance configuration', () => {
  async function registering(inviteCode: string) {
    return refusal(register(services, registration(uniqueUsername(), inviteCode), uniqueAddress()));
  }

  async function expectRefusedLeavingInviteUnused(code: string, message: string) {
    const users = await services.db.user.count();
    const error = await registering(code);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error?.message).toBe(message);
    expect(await services.db.user.count()).toBe(users);
    expect(await services.db.inviteCode.findUniqueOrThrow({ where: { code } })).toMatchObject({ usedAt: null, usedById: null });
  }

  it('when closed, refuses every invite, even an administrator’s, but the bootstrap one; reopened, the invite works', async () => {
    const fromUser = await newInvite(services, user.id);
    const fromAdmin = await newInvite(services, admin.id);
    await withConfig({ allowRegistration: false }, async () => {
      await expectRefusedLeavingInviteUnused(fromUser, REGISTRATION_CLOSED);
      await expectRefusedLeavingInviteUnused(fromAdmin, REGISTRATION_CLOSED);
      expect((await registering('NOT-A-REAL-CODE'))?.message).toBe(REGISTRATION_CLOSED);
      expect(await registering(await newInvite(services, null))).toBeNull();
    });
    expect(await registering(fromUser)).toBeNull();
  });

  it('refuses a registration once maxUsers accounts exist, leaving the invite unused', async () => {
    const users = await services.db.user.count();
    await withConfig({ maxUsers: users + 1 }, async () => {
      expect(await registering(await newInvite(services, admin.id))).toBeNull();
      await expectRefusedLeavingInviteUnused(await newInvite(services, admin.id), INSTANCE_FULL);
    });
  });

  it('never exceeds maxUsers under simultaneous registrations', async () => {
    const users = await services.db.user.count();
    const invites = await Promise.all(Array.from({ length: 6 }, () => newInvite(services, admin.id)));
    await withConfig({ maxUsers: users + 2 }, async () => {
      const results = await Promise.all(invites.map((code) => registering(code)));
      expect(results.filter((error) => error === null)).toHaveLength(2);
      expect(results.filter((error) => error?.message === INSTANCE_FULL)).toHaveLength(4);
      expect(await services.db.user.count()).toBe(users + 2);
      expect(await services.db.inviteCode.count({ where: { code: { in: invites }, usedAt: { not: null } } })).toBe(2);
    });
  });
});

describe('the instance name where the server writes it', () => {
  it('titles the public RSS feed, which the description describes when there is one', async () => {
    expect((await publicSharesFeed(services)).xml).toContain('<title>Tidings: public shares</title>');
    await withConfig({ name: 'Club & Co', description: 'What we read' }, async () => {
      const { xml } = await publicSharesFeed(services);
      // Escaped as HTML, then as XML: readers render the title as HTML.
      expect(xml).toContain('<title>Club &amp; Co: public shares</title>');
      expect(xml).toContain('<description>What we read</description>');
    });
  });

  it('names the instance in the password reset e-mail', async () => {
    const mailing = await createTestServices({ POSTMARK_SERVER_TOKEN: 'server-token', EMAIL_FROM: 'tidings@example.org' });
    const mailingAdmin = await viewerOf((await signUp(mailing, { admin: true })).token, mailing);
    await updateInstanceConfig(mailing, mailingAdmin, { name: 'Newsroom' });
    const { user: reader } = await signUp(mailing);
    await requestPasswordReset(mailing, { email: reader.email }, uniqueAddress());
    await runPasswordResetJobs(mailing);
    const [email] = await mailing.db.$queryRaw<{ payload: { subject: string; text: string } }[]>`
      SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send_email'`;
    expect(email!.payload.subject).toBe('Reset your Newsroom password');
    expect(email!.payload.text).toContain('the password of your Newsroom account');
  });
});
