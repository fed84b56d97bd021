import type { LanguageOption } from '@sayspell/core/protocol/game';
import type { FastifyInstance } from 'fastify';

export function languageRoutes(
  app: FastifyInstance,
  deps: { languages: { list(): Promise<LanguageOption[]> } },
) {
  app.get('/v1/languages', async (): Promise<LanguageOption[]> => deps.languages.list());
}
