import { describe, expect, it } from 'vitest';
import { INVITE_CODE_PATTERN, newInvite, registration, uniqueUsername, uniqueAddress } from '../../../test/fixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { register } from './accounts.ts';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError } from '../core/errors.ts';
import { INVITE_WORDS } from './inviteWords.ts';
import {
  createInviteCode,
  deleteInviteCode,
  ensureBootstrapInvite,
  generateInviteCode,
  inviteRateLimit,
  listInviteCodes,
} from './invites.ts';
import type { Viewer } from '../core/services.ts';
import { viewerFromBearerToken } from './credentials.ts';

const services = await createTestServices();
const DAY_MS = 24 * 60 * 60 * 1000;

async function newViewer(admin = false): Promise<Viewer> {
  const { token } = await signUp(services, { admin });
  return (await viewerFromBearerToken(services, token))!;
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error) => error,
  );
}

describe('ensureBootstrapInvite', () => {
  it('keeps one unused bootstrap code while the instance has no users, and none afterwards', async () => {
    const code = await ensureBootstrapInvite(services);
    expect(code).toMatch(INVITE_CODE_PATTERN);
    expect(await ensureBootstrapInvite(services)).toBe(code);
    expect(await services.db.inviteCode.count({ where: { createdById: null } })).toBe(1);
    const { user } = await register(services, registration('bootstrapper', code!), uniqueAddress());
    expect(user.role).toBe('admin');
    expect(await ensureBootstrapInvite(services)).toBeNull();
  });
});

describe('generateInviteCode', () => {
  it('draws four upper-case dictionary words separated by dashes', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateInviteCode();
      expect(code).toMatch(INVITE_CODE_PATTERN);
      for (const word of code.split('-')) expect(INVITE_WORDS).toContain(word);
    }
  });
});

describe('createInviteCode and inviteRateLimit', () => {
  it('allows an ordinary user five codes a week and then refuses with the date of the next one', async () => {
    const viewer = await newViewer();
    expect(await inviteRateLimit(services, viewer)).toEqual({
      limit: 5,
      remaining: 5,
      currentCount: 0,
      unlimited: false,
      nextAvailableAt: null,
    });
    const created = [];
    for (let i = 0; i < 5; i += 1) created.push(await createInviteCode(services, viewer));
    for (const invite of created) expect(invite.code).toMatch(INVITE_CODE_PATTERN);

    const info = await inviteRateLimit(services, viewer);
    expect(info).toMatchObject({ limit: 5, remaining: 0, currentCount: 5, unlimited: false });
    expect(info.nextAvailableAt!.getTime()).toBe(created[0]!.createdAt.getTime() + 7 * DAY_MS);

    const error = await refusal(createInviteCode(services, viewer));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toBe(
      `You have used all 5 invite codes for this week. The next one is available on ${info.nextAvailableAt!.toUTCString()}.`,
    );
    expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(await services.db.inviteCode.count({ where: { createdById: viewer.id } })).toBe(5);
  });

  it('no longer counts codes created more than a week ago', async () => {
    const viewer = await newViewer();
    for (let i = 0; i < 5; i += 1) await createInviteCode(services, viewer);
    const [oldest] = await services.db.inviteCode.findMany({ where: { createdById: viewer.id }, orderBy: { createdAt: 'asc' }, take: 1 });
    await services.db.inviteCode.update({ where: { id: oldest!.id }, data: { createdAt: new Date(Date.now() - 7 * DAY_MS - 1000) } });
    expect(await inviteRateLimit(services, viewer)).toMatchObject({ remaining: 1, currentCount: 4, nextAvailableAt: null });
    await createInviteCode(services, viewer);
    expect((await inviteRateLimit(services, viewer)).remaining).toBe(0);
  });

  it('takes the weekly limit from INVITES_PER_WEEK', async () => {
    const custom = await createTestServices({ INVITES_PER_WEEK: '2' });
    const { token } = await signUp(custom);
    const viewer = (await viewerFromBearerToken(custom, token))!;
    await createInviteCode(custom, viewer);
    await createInviteCode(custom, viewer);
    expect(await refusal(createInviteCode(custom, viewer))).toBeInstanceOf(RateLimitedError);
    expect(await inviteRateLimit(custom, viewer)).toMatchObject({ limit: 2, remaining: 0, currentCount: 2 });
  });

  it('gives an administrator unlimited codes', async () => {
    const admin = await newViewer(true);
    for (let i = 0; i < 8; i += 1) await createInviteCode(services, admin);
    expect(await inviteRateLimit(services, admin)).toMatchObject({ unlimited: true, currentCount: 8, nextAvailableAt: null });
    expect(await services.db.inviteCode.count({ where: { createdById: admin.id } })).toBe(8);
  });

  it('never exceeds the limit under concurrent requests', async () => {
    const viewer = await newViewer();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => createInviteCode(services, viewer)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(RateLimitedError);
    expect(await services.db.inviteCode.count({ where: { createdById: viewer.id } })).toBe(5);
  });

  it('makes the person who registers with a user’s code an ordinary user', async () => {
    const viewer = await newViewer();
    const invite = await createInviteCode(services, viewer);
    const { user } = await register(services, registration(uniqueUsername(), invite.code), uniqueAddress());
    expect(user.role).toBe('user');
  });
});

describe('listInviteCodes', () => {
  it('lists only the viewer’s codes, newest first, with who used them', async () => {
    const viewer = await newViewer();
    const other = await newViewer();
    const first = await createInviteCode(services, viewer);
    const second = await createInviteCode(services, viewer);
    await createInviteCode(services, other);
    const { user } = await register(services, registration(uniqueUsername(), first.code, { displayName: 'Invitee' }), uniqueAddress());
    const { inviteCodes, rateLimitInfo } = await listInviteCodes(services, viewer);
    expect(inviteCodes.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(inviteCodes[1]!.usedBy).toEqual({ id: user.id, username: user.username, displayName: 'Invitee' });
    expect(inviteCodes[1]!.usedAt).toBeInstanceOf(Date);
    expect(inviteCodes[0]!.usedBy).toBeNull();
    expect(rateLimitInfo).toMatchObject({ currentCount: 2, remaining: 3 });
  });
});

describe('deleteInviteCode', () => {
  it('deletes the viewer’s own unused code', async () => {
    const viewer = await newViewer();
    const invite = await createInviteCode(services, viewer);
    await deleteInviteCode(services, viewer, invite.id);
    expect(await services.db.inviteCode.findUnique({ where: { id: invite.id } })).toBeNull();
  });

  it('refuses to delete a used code with a conflict and keeps it', async () => {
    const viewer = await newViewer();
    const invite = await createInviteCode(services, viewer);
    await register(services, registration(uniqueUsername(), invite.code), uniqueAddress());
    const error = await refusal(deleteInviteCode(services, viewer, invite.id));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('A used invite code cannot be deleted');
    expect(await services.db.inviteCode.findUnique({ where: { id: invite.id } })).not.toBeNull();
  });

  it('refuses to delete another user’s code as forbidden and keeps it', async () => {
    const owner = await newViewer();
    const intruder = await newViewer(true);
    const invite = await createInviteCode(services, owner);
    const error = await refusal(deleteInviteCode(services, intruder, invite.id));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toBe('You can only delete your own invite codes');
    expect(await services.db.inviteCode.findUnique({ where: { id: invite.id } })).not.toBeNull();
  });

  it.each([
    ['an unknown id', '0190a3c4-0000-7000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['a number', 42],
  ])('answers not found for %s', async (_name, id) => {
    const viewer = await newViewer();
    const count = await services.db.inviteCode.count();
    const error = await refusal(deleteInviteCode(services, viewer, id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('Invite code not found');
    expect(await services.db.inviteCode.count()).toBe(count);
  });

  it('refuses a fixture code created by nobody, even for an administrator', async () => {
    const admin = await newViewer(true);
    const code = await newInvite(services);
    const invite = await services.db.inviteCode.findUniqueOrThrow({ where: { code } });
    expect(await refusal(deleteInviteCode(services, admin, invite.id))).toBeInstanceOf(ForbiddenError);
  });
});
