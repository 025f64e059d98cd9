import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { getAccount } from '../../domain/accounts/accounts.ts';
import { viewerFromApiPassword } from '../../domain/accounts/apiTokens.ts';
import { UnauthenticatedError } from '../../domain/core/errors.ts';
import { requireViewer } from '../handler.ts';
import { plainText } from './replies.ts';

/**
 * ClientLogin: the username (`Email`) and an API token (`Passwd`, the "API password"; the login password is never
 * accepted) answer the token itself as `Auth`, so it ends when the token is revoked. It holds no '=', which
 * clients split each line on. Both are read from the POST form body only: an address with a secret in its query
 * string ends up in proxy and server logs, browser history and Referer headers, so a GET signs nobody in.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.post('/ClientLogin', async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const viewer = await viewerFromApiPassword(request.context.services, form.get('Email') ?? '', form.get('Passwd') ?? '');
    if (!viewer) throw new UnauthenticatedError();
    const auth = form.get('Passwd')!;
    return plainText(reply, `SID=${auth}\nLSID=null\nAuth=${auth}\n`);
  });
  app.get('/ClientLogin', async (_request, reply) =>
    plainText(
      reply.code(405).header('allow', 'POST'),
      'ClientLogin takes POST only, with Email and Passwd in the form body: credentials in the address are refused.',
    ),
  );
}

/** The action token (`T` of edits) and the caller's profile. */
export async function readerAccountRoutes(app: FastifyInstance): Promise<void> {
  // Clients fetch a token before editing and send it back as T. The Authorization header, which no browser sends
  // on its own, already proves the caller, so T is not checked (Reeder sends 'x', FeedMe nothing), but the token
  // is of Google's length (57) and tied to the Auth value.
  app.get('/token', async (request, reply) => {
    requireViewer(request);
    const token = createHash('sha256').update(`greader-action:${request.headers.authorization}`).digest('hex').slice(0, 57);
    return plainText(reply, `${token.padEnd(57, 'Z')}\n`);
  });

  app.get('/user-info', async (request) => {
    const account = await getAccount(request.context.services, requireViewer(request));
    // Reader apps show this field as the account's name; the address itself never goes to a token (access.ts).
    return { userId: account.id, userName: account.username, userProfileId: account.id, userEmail: account.email ?? account.username };
  });
}
