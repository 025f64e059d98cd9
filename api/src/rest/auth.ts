import type { FastifyInstance } from 'fastify';
import { changePassword, getAccount, login, register, updateProfile } from '../domain/accounts/accounts.ts';
import { requestPasswordReset, resetPassword } from '../domain/accounts/passwordReset.ts';
import { closeSession } from '../domain/accounts/sessions.ts';
import { noContent, requireViewer } from './handler.ts';
import { accountJson } from './serialize.ts';

/** Accounts: register, log in and out, the account, profile and password, and password reset. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/auth/register', async (request, reply) => {
    const { user, token } = await register(request.context.services, request.body, request.context.clientAddress);
    return reply.code(201).send({ user: accountJson(user), token });
  });

  app.post('/auth/login', async (request) => {
    const { user, token } = await login(request.context.services, request.body, request.context.clientAddress);
    return { user: accountJson(user), token };
  });

  app.post('/auth/logout', async (request, reply) => {
    await closeSession(request.context.services, requireViewer(request));
    return noContent(reply);
  });

  app.get('/auth/me', async (request) => ({ user: accountJson(await getAccount(request.context.services, requireViewer(request))) }));

  app.patch('/auth/profile', async (request) => ({
    user: accountJson(await updateProfile(request.context.services, requireViewer(request), request.body)),
  }));

  app.patch('/auth/password', async (request) => {
    await changePassword(request.context.services, requireViewer(request), request.body);
    return { message: 'Password updated successfully' };
  });

  app.post('/auth/forgot-password', async (request) => ({
    message: await requestPasswordReset(request.context.services, request.body, request.context.clientAddress),
  }));

  app.post('/auth/reset-password', async (request) => ({ message: await resetPassword(request.context.services, request.body) }));
}
