import {
  type AssignedEnterpriseTopicsAnswer,
  addEnterpriseMemberSchema,
  addEnterpriseTopicSchema,
  createEnterpriseGameSchema,
  createEnterpriseSchema,
  type EnterpriseAnswer,
  type EnterpriseListAnswer,
  fetchAssignedTopicsSchema,
} from '@sayspell/core/protocol/enterprise';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EnterpriseService } from '../enterprise/enterprise-service.ts';
import { type Authenticate, requireRole } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';

const enterpriseParams = z.strictObject({ id: z.uuid({ error: 'That is not an enterprise id.' }) });
const memberParams = enterpriseParams.extend({ userId: z.uuid({ error: 'That is not a user id.' }) });
const topicParams = enterpriseParams.extend({ topicId: z.uuid({ error: 'That is not a topic id.' }) });

// enterprises (§6, §7): admins manage them here; members fetch their topics and play them

export function enterpriseRoutes(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; enterprises: EnterpriseService },
) {
  const { authenticate, enterprises } = deps;
  const admin = async (req: Parameters<Authenticate>[0]) => requireRole(await authenticate(req), 'admin');

  app.get('/v1/admin/enterprises', async (req): Promise<EnterpriseListAnswer> => {
    await admin(req);
    return { data: await enterprises.list() };
  });

  app.post('/v1/admin/enterprises', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    return { data: await enterprises.create(parse(createEnterpriseSchema, req.body).name) };
  });

  app.delete('/v1/admin/enterprises/:id', async (req) => {
    await admin(req);
    await enterprises.remove(parse(enterpriseParams, req.params, 'enterprise id').id);
    return { deleted: true };
  });

  app.post('/v1/admin/enterprises/:id/members', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id } = parse(enterpriseParams, req.params, 'enterprise id');
    return { data: await enterprises.addMember(id, parse(addEnterpriseMemberSchema, req.body).user) };
  });

  app.delete('/v1/admin/enterprises/:id/members/:userId', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id, userId } = parse(memberParams, req.params, 'member');
    return { data: await enterprises.removeMember(id, userId) };
  });

  app.post('/v1/admin/enterprises/:id/topics', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id } = parse(enterpriseParams, req.params, 'enterprise id');
    return { data: await enterprises.addTopic(id, parse(addEnterpriseTopicSchema, req.body)) };
  });

  app.delete('/v1/admin/enterprises/:id/topics/:topicId', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id, topicId } = parse(topicParams, req.params, 'topic');
    return { data: await enterprises.removeTopic(id, topicId) };
  });

  // guests and non-members belong to no enterprise: an empty list
  app.post(
    '/v1/enterprise/fetchAssignedEnterpriseTopics',
    async (req): Promise<AssignedEnterpriseTopicsAnswer> => {
      const me = await authenticate(req);
      parse(fetchAssignedTopicsSchema, req.body ?? {});
      return { uniqueTopics: await enterprises.assignedTopics(me.userId) };
    },
  );

  app.post('/v1/enterprise/CreateEnterpriseGame', async (req) => {
    const me = await authenticate(req);
    return enterprises.createGame(me.userId, parse(createEnterpriseGameSchema, req.body));
  });
}
