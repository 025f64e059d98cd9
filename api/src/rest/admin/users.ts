import type { FastifyInstance } from 'fastify';
import { createResetLinkAsAdmin, deleteUser, listUsersForAdmin, updateUserRole, type AdminUser } from '../../domain/admin/users.ts';

type IdParams = { Params: { id: string } };

/** A user row of the admin table; isAdmin is true exactly when the role is admin. */
export function adminUserJson({ avatarUrl, ...user }: AdminUser) {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    avatar: avatarUrl,
    email: user.email,
    role: user.role,
    isAdmin: user.role === 'admin',
    createdAt: user.createdAt,
    counts: user.counts,
  };
}

/** GET/PATCH/DELETE /api/admin/users and POST …/reset-link; the admin plugin has already refused non-administrators. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  app.get('/users', async (request) => {
    const { rows, total, page, limit } = await listUsersForAdmin(request.context.services, request.context.viewer, request.query);
    return { users: rows.map(adminUserJson), pagination: { total, page, limit } };
  });

  app.patch<IdParams>('/users/:id', async (request) =>
    adminUserJson(await updateUserRole(request.context.services, request.context.viewer, request.params.id, request.body)),
  );

  app.delete<IdParams>('/users/:id', async (request) => {
    const deleted = await deleteUser(request.context.services, request.context.viewer, request.params.id);
    return { deleted: { id: deleted.id, username: deleted.username } };
  });

  // The link is a secret: it is only in this answer, which no cache keeps (the app's no-store on every /api answer).
  app.post<IdParams>('/users/:id/reset-link', async (request) => ({
    link: await createResetLinkAsAdmin(request.context.services, request.context.viewer, request.params.id),
  }));
}
