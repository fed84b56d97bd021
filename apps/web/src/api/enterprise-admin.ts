import type {
  AddEnterpriseTopicInput,
  EnterpriseAnswer,
  EnterpriseListAnswer,
  EnterpriseView,
} from '@sayspell/core/protocol/enterprise';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';

// enterprises for admins (§6, issue 7): their members and assigned topics. every change answers
// with the enterprise as it now is, so the page can show it without asking again.

export const enterprisesQuery = queryOptions({
  queryKey: ['admin-enterprises'],
  queryFn: async () => (await request<EnterpriseListAnswer>('/v1/admin/enterprises')).data,
});

const base = (id: string) => `/v1/admin/enterprises/${encodeURIComponent(id)}`;
const one = async (answer: Promise<EnterpriseAnswer>) => (await answer).data;

export function createEnterprise(name: string): Promise<EnterpriseView> {
  return one(request('/v1/admin/enterprises', { method: 'POST', body: { name } }));
}

export async function deleteEnterprise(id: string): Promise<void> {
  await request(base(id), { method: 'DELETE' });
}

/** the account by e-mail or username */
export function addEnterpriseMember(id: string, user: string): Promise<EnterpriseView> {
  return one(request(`${base(id)}/members`, { method: 'POST', body: { user } }));
}

export function removeEnterpriseMember(id: string, userId: string): Promise<EnterpriseView> {
  return one(request(`${base(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }));
}

export function addEnterpriseTopic(id: string, topic: AddEnterpriseTopicInput): Promise<EnterpriseView> {
  return one(request(`${base(id)}/topics`, { method: 'POST', body: topic }));
}

export function removeEnterpriseTopic(id: string, topicId: string): Promise<EnterpriseView> {
  return one(request(`${base(id)}/topics/${encodeURIComponent(topicId)}`, { method: 'DELETE' }));
}
