import type { FastifyInstance } from 'fastify';
import { toUserView, type Users } from '../auth/users.ts';
import type { Authenticate } from '../http/authenticate.ts';

export function userRoutes(app: FastifyInstance, deps: { authenticate: Authenticate; users: Users }) {
  app.get('/v1/users/profile', async (req) => {
    const me = await deps.authenticate(req);
    return toUserView(await deps.users.byId(me.userId));
  });
}
