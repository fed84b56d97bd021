import { addEnterpriseTopicSchema, createEnterpriseSchema } from '@sayspell/core/protocol/enterprise';
import { createUsers } from '../auth/users.ts';
import type { Db } from '../db/database.ts';
import { createEnterpriseRepository, type Enterprise } from '../enterprise/enterprise-repository.ts';
import { createEnterpriseService } from '../enterprise/enterprise-service.ts';
import { createEnterpriseWords } from '../enterprise/enterprise-words.ts';
import { DomainError } from '../errors.ts';
import { parse } from '../http/validate.ts';
import { type LoadedTopicIndex, readTopicIndex } from '../topics/topic-index.ts';

// `npm run admin -- enterprise …`: the same operations as the admin page, on the same service

export const ENTERPRISE_USAGE = `  enterprise list                                     enterprises, members and topics
  enterprise create <name>                            a new enterprise
  enterprise delete <enterprise>                      removes it with its members and topics
  enterprise add-member <enterprise> <e-mail|username>
  enterprise remove-member <enterprise> <e-mail|username>
  enterprise add-topic <enterprise> <topic> <word>... [--difficulty=beginner|intermediate|advanced]
                                                      words separated by spaces or commas
  enterprise remove-topic <enterprise> <topic>
  (an <enterprise> is its name or id; quote names with spaces)`;

const NEEDS: Record<string, number> = {
  list: 0,
  create: 1,
  delete: 1,
  'add-member': 2,
  'remove-member': 2,
  'add-topic': 3,
  'remove-topic': 2,
};

export function enterpriseUsageError(args: string[]): string | null {
  const [command, ...rest] = args;
  if (!command || !(command in NEEDS)) return `enterprise needs one of: ${Object.keys(NEEDS).join(', ')}.`;
  const positional = rest.filter((a) => !a.startsWith('--'));
  if (positional.length < NEEDS[command]!) return `enterprise ${command} needs more arguments.`;
  return null;
}

export async function runEnterpriseCommand(db: Db, args: string[]): Promise<string> {
  const [command, ...rest] = args;
  const positional = rest.filter((a) => !a.startsWith('--'));
  const flags = new Map(
    rest.filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=', 2) as [string, string]),
  );
  let index: LoadedTopicIndex | undefined;
  const users = createUsers(db);
  const enterprises = createEnterpriseService({
    repo: createEnterpriseRepository(db),
    clock: { now: Date.now },
    users,
    words: createEnterpriseWords({ db, index: () => (index ??= readTopicIndex()) }),
  });
  const [first = '', second = ''] = positional;
  switch (command) {
    case 'list': {
      const all = await enterprises.list();
      return all.map(describe).join('\n') || 'no enterprises';
    }
    case 'create':
      return describe(await enterprises.create(parse(createEnterpriseSchema, { name: first }, 'name').name));
    case 'delete': {
      const e = await enterprises.resolve(first);
      await enterprises.remove(e.id);
      return `${e.name}: deleted`;
    }
    case 'add-member': {
      const e = await enterprises.resolve(first);
      return describe(await enterprises.addMember(e.id, second));
    }
    case 'remove-member': {
      const e = await enterprises.resolve(first);
      const user = await users.byLogin(second);
      const member = e.members.find((m) => m.id === user?.id);
      if (!member) throw new DomainError('NOT_FOUND', `${second} is not a member of ${e.name}.`);
      return describe(await enterprises.removeMember(e.id, member.id));
    }
    case 'add-topic': {
      const e = await enterprises.resolve(first);
      const words = positional
        .slice(2)
        .flatMap((w) => w.split(','))
        .map((w) => w.trim())
        .filter(Boolean);
      const difficulty = flags.get('difficulty');
      const input = parse(
        addEnterpriseTopicSchema,
        { name: second, words, ...(difficulty ? { difficulty } : {}) },
        'topic',
      );
      return describe(await enterprises.addTopic(e.id, input));
    }
    case 'remove-topic': {
      const e = await enterprises.resolve(first);
      const topic = e.topics.find(
        (t) => t.name.toLowerCase() === second.trim().toLowerCase() || t.id === second,
      );
      if (!topic) throw new DomainError('NOT_FOUND', `${e.name} has no topic "${second}".`);
      return describe(await enterprises.removeTopic(e.id, topic.id));
    }
    default:
      throw new Error(`unknown enterprise command ${command}`);
  }
}

function describe(e: Enterprise): string {
  const members = e.members.map((m) => `${m.username} <${m.email ?? '-'}>`).join(', ') || 'none';
  const topics =
    e.topics
      .map((t) => `\n  topic ${t.name}${t.difficulty ? ` (${t.difficulty})` : ''}: ${t.words.join(' ')}`)
      .join('') || '\n  no topics';
  return `${e.name} (${e.id})\n  members: ${members}${topics}`;
}
