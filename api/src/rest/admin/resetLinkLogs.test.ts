import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClients, signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { buildApp } from '../../app.ts';
import { createLogger } from '../../logger.ts';

/** The real app whose every log line (JSON, at debug, the most the logger writes) is collected. */
const lines: string[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const services = { ...(await createTestServices()), log: createLogger('debug', destination) };
const app = await buildApp({ services, webDist: null });
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());
const { rest, graphql } = httpClients(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);

describe('an administrator’s password reset link', () => {
  it('is in the answer only: no log line carries its token, whether made over REST or GraphQL or used', async () => {
    const admin = await signUp(services, { admin: true });
    const reader = await signUp(services);
    const overRest = (await rest('POST', `/admin/users/${reader.user.id}/reset-link`, { token: admin.token })).body.link as string;
    const mutation = `mutation ResetLink($userId: ID!) { createPasswordResetLink(userId: $userId) { ... on CreatePasswordResetLinkPayload { link } } }`;
    const userId = Buffer.from(`AdminUser:${reader.user.id}`).toString('base64');
    const overGraphql = (await graphql(mutation, { userId }, admin.token)).body.data.createPasswordResetLink.link as string;
    const tokens = [overRest, overGraphql].map((link) => new URL(link).hash.replace('#token=', ''));
    expect(tokens.every((token) => token.length === 43)).toBe(true);
    expect((await rest('POST', '/auth/reset-password', { body: { token: tokens[1], newPassword: 'a fresh password' } })).status).toBe(200);

    const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { path: string }; targetUserId?: string });
    // The lines were collected: the requests and the record of who made a link for whom.
    expect(logged.filter((entry) => entry.req?.path === `/api/admin/users/${reader.user.id}/reset-link`)).not.toHaveLength(0);
    expect(logged.filter((entry) => entry.msg === 'password reset link made by an administrator')).toEqual([
      expect.objectContaining({ userId: admin.user.id, targetUserId: reader.user.id }),
      expect.objectContaining({ userId: admin.user.id, targetUserId: reader.user.id }),
    ]);
    for (const token of tokens) expect(lines.join('')).not.toContain(token);
    expect(lines.join('')).not.toContain('reset-password#');
  });
});
