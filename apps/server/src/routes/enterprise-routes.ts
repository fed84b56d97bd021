import {
  type AssignedEnterpriseTopicsAnswer,
  addEnterpriseMemberSchema,
  addEnterpriseTopicSchema,
  createEnterpriseGameSchema,
  createEnterpriseSchema,
  type EnterpriseAnswer,
  type EnterpriseListAnswer,
  type EnterpriseView,
  fetchAssignedTopicsSchema,
} from '@sayspell/core/protocol/enterprise';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Enterprise } from '../enterprise/enterprise-repository.ts';
import type { EnterpriseService } from '../enterprise/enterprise-service.ts';
import { DomainError } from '../errors.ts';
import { NEEDS_CONSENT } from '../games/game-service.ts';
import { type Authenticate, requireRole } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';

const enterpriseParams = z.strictObject({ id: z.uuid({ error: 'That is not an enterprise id.' }) });
const memberParams = enterpriseParams.extend({ userId: z.uuid({ error: 'That is not a user id.' }) });
const topicParams = enterpriseParams.extend({ topicId: z.uuid({ error: 'That is not a topic id.' }) });

// enterprises (§6, §7): admins manage them here; members fetch their topics and play them

/** the wire's view of an enterprise: ids as _id */
const toView = (e: Enterprise): EnterpriseView => ({
  _id: e.id,
  name: e.name,
  members: e.members.map(({ id, username, email }) => ({ _id: id, username, email })),
  topics: e.topics.map(({ id, name, words, difficulty }) => ({ _id: id, name, words, difficulty })),
});

export function enterpriseRoutes(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; enterprises: EnterpriseService },
) {
  const { authenticate, enterprises } = deps;
  const admin = async (req: Parameters<Authenticate>[0]) => requireRole(await authenticate(req), 'admin');

  app.get('/v1/admin/enterprises', async (req): Promise<EnterpriseListAnswer> => {
    await admin(req);
    return { data: (await enterprises.list()).map(toView) };
  });

  app.post('/v1/admin/enterprises', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    return { data: toView(await enterprises.create(parse(createEnterpriseSchema, req.body).name)) };
  });

  app.delete('/v1/admin/enterprises/:id', async (req) => {
    await admin(req);
    await enterprises.remove(parse(enterpriseParams, req.params, 'enterprise id').id);
    return { deleted: true };
  });

  app.post('/v1/admin/enterprises/:id/members', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id } = parse(enterpriseParams, req.params, 'enterprise id');
    return { data: toView(await enterprises.addMember(id, parse(addEnterpriseMemberSchema, req.body).user)) };
  });

  app.delete('/v1/admin/enterprises/:id/members/:userId', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id, userId } = parse(memberParams, req.params, 'member');
    return { data: toView(await enterprises.removeMember(id, userId)) };
  });

  app.post('/v1/admin/enterprises/:id/topics', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id } = parse(enterpriseParams, req.params, 'enterprise id');
    return { data: toView(await enterprises.addTopic(id, parse(addEnterpriseTopicSchema, req.body))) };
  });

  app.delete('/v1/admin/enterprises/:id/topics/:topicId', async (req): Promise<EnterpriseAnswer> => {
    await admin(req);
    const { id, topicId } = parse(topicParams, req.params, 'topic');
    return { data: toView(await enterprises.removeTopic(id, topicId)) };
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
    const input = parse(createEnterpriseGameSchema, req.body);
    // a partner joins by accepting an invite, never by being named here
    if (input.speakerId) throw new DomainError('FORBIDDEN', NEEDS_CONSENT);
    // the wire's names (§7): enterPriseCategory is the topic, gametimer the timer, userId the speller
    return enterprises.createGame(me.userId, {
      topic: input.enterPriseCategory,
      gameTimer: input.gametimer,
      speller: input.userId,
      speaker: null,
      difficulty: input.difficulty,
      language: input.language,
    });
  });
}
