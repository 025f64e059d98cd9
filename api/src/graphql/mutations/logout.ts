import { closeSession } from '../../domain/accounts/sessions.ts';
import { builder } from '../builder.ts';

builder.mutationField('logout', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description: "Revokes the viewer's current session token. Always true.",
    resolve: async (_root, _args, context) => {
      await closeSession(context.services, context.viewer);
      return true;
    },
  }),
);
