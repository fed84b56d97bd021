import { loginSchema, refreshSchema } from '@sayspell/core/protocol/auth';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthService } from '../auth/auth-service.ts';
import { parse } from '../http/validate.ts';

const logoutSchema = z.strictObject({ refreshToken: z.string().max(200).optional() });

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService }) {
  app.post('/v1/auth/login', async (req) => {
    parse(loginSchema, req.body);
    return deps.auth.loginGuest();
  });

  app.post('/v1/auth/refresh', async (req) => {
    const { refreshToken } = parse(refreshSchema, req.body);
    return deps.auth.refresh(refreshToken);
  });

  // errors are ignored by the client (§7), so logout always answers 204
  app.post('/api/auth/logout', async (req, reply) => {
    const body = req.body === undefined || req.body === null ? {} : parse(logoutSchema, req.body);
    await deps.auth.logout(body.refreshToken);
    return reply.status(204).send();
  });
}
