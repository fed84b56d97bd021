import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminService } from '../auth/admin-service.ts';
import { type Authenticate, requireRole } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';

const idParams = z.strictObject({ id: z.uuid({ error: 'That is not a user id.' }) });
const listQuery = z.strictObject({ query: z.string().max(100).default('') });
const roleBody = z.strictObject({
  role: z.enum(['user', 'admin'], { error: 'role must be "user" or "admin".' }),
});
const removeBody = z.strictObject({ removed: z.boolean({ error: 'removed must be true or false.' }) });

// account administration (§6 roles): admins only, every call checked here on the server

export function adminRoutes(app: FastifyInstance, deps: { authenticate: Authenticate; admin: AdminService }) {
  const { authenticate, admin } = deps;

  app.get('/v1/admin/users', async (req) => {
    requireRole(await authenticate(req), 'admin');
    return { users: await admin.list(parse(listQuery, req.query ?? {}, 'query').query) };
  });

  app.post('/v1/admin/users/:id/role', async (req) => {
    const me = requireRole(await authenticate(req), 'admin');
    const { id } = parse(idParams, req.params, 'user id');
    return { user: await admin.setRole(me.userId, id, parse(roleBody, req.body).role) };
  });

  app.post('/v1/admin/users/:id/remove', async (req) => {
    const me = requireRole(await authenticate(req), 'admin');
    const { id } = parse(idParams, req.params, 'user id');
    return { user: await admin.setRemoved(me.userId, id, parse(removeBody, req.body).removed) };
  });
}
