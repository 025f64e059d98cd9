import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { viewerFromReaderAppToken } from '../../domain/accounts/apiTokens.ts';
import { refusalOf, UnauthenticatedError } from '../../domain/core/errors.ts';
import { accountRoutes, readerAccountRoutes } from './accounts.ts';
import { atomRoutes } from './atom.ts';
import { editRoutes } from './edits.ts';
import { parseFormBodies } from '../syncParams.ts';
import { plainText, unauthorized } from './replies.ts';
import { streamRoutes } from './streams.ts';
import { subscriptionRoutes } from './subscriptions.ts';

/**
 * The Google Reader API under /api/greader: ClientLogin with the username and an API token, then
 * /reader/api/0/... and the older dialect's Atom stream /reader/atom/... with `Authorization: GoogleLogin auth=<Auth>`.
 * Answers and errors are those of FreshRSS, which the reader apps are written against: plain text for ClientLogin,
 * token, edits and errors, Atom for /reader/atom, JSON for the rest.
 */
export async function greaderApi(app: FastifyInstance): Promise<void> {
  parseFormBodies(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof UnauthenticatedError) return unauthorized(reply);
    const refusal = refusalOf(error);
    if (refusal) {
      // A 429 (too many posts: broadcast shares) or 503 says when to try again.
      if ('retryAfterSeconds' in refusal) reply.header('retry-after', String(refusal.retryAfterSeconds));
      return plainText(reply.code(refusal.status), refusal.message);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return plainText(reply.code(error.statusCode), error.message);
    request.log.error({ err: error }, 'unexpected error');
    return plainText(reply.code(500), 'Something went wrong on our side. Please try again.');
  });

  await app.register(accountRoutes, { prefix: '/accounts' });
  await app.register(async (reader) => {
    reader.addHook('preHandler', signIn);
    await reader.register(
      async (api) => {
        await api.register(readerAccountRoutes);
        await api.register(subscriptionRoutes);
        await api.register(streamRoutes);
        await api.register(editRoutes);
      },
      { prefix: '/reader/api/0' },
    );
    await reader.register(atomRoutes, { prefix: '/reader/atom' });
  });
}

const GOOGLE_LOGIN = /^GoogleLogin\s+auth=(\S+)\s*$/i;

/** The viewer of a reader call, from its Auth value (the API token: revoking the token ends it). */
async function signIn(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const auth = GOOGLE_LOGIN.exec(request.headers.authorization ?? '')?.[1];
  const viewer = auth ? await viewerFromReaderAppToken(request.context.services, auth) : null;
  if (!viewer) return unauthorized(reply);
  request.context = { ...request.context, viewer };
  return undefined;
}
