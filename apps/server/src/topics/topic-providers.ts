import type OpenAI from 'openai';
import { byDifficulty, type LoadedTopicIndex, type TopicWord } from './topic-index.ts';

// where the words of a custom topic come from (§1 AI-generated custom word games). the offline
// provider needs no account; the OpenAI-compatible one is used when configured (any server that
// speaks the chat completions protocol: OpenAI, or a local model server via its base URL).

export type TopicDifficulty = 'beginner' | 'intermediate' | 'advanced';

export interface TopicProvider {
  readonly name: string;
  /** candidate spellings for the topic; the caller checks each against the dictionary */
  wordsFor(topic: string, q: { difficulty: TopicDifficulty; count: number }): Promise<string[]>;
}

const BAND: Record<TopicDifficulty, number> = { beginner: 0, intermediate: 1, advanced: 2 };

/** a curated topic's words, banded by their list's order; otherwise the topic's WordNet senses,
 * their hyponyms, parts and domain words, banded by ease */
export function offlineTopicProvider(index: () => LoadedTopicIndex): TopicProvider {
  return {
    name: 'offline',
    async wordsFor(topic, q) {
      const own = index().curated(topic);
      const all = own ?? index().about(topic, 120);
      // small topics are not split: every word is played at every difficulty
      if (all.length < q.count * 3) return all.map((w) => w.word);
      // a curated list runs from its most familiar, most central words to harder ones: its thirds
      // are the bands (on the tuning sets, a list's first ten words were on topic 92 % of the
      // time, its words after the twentieth 69 %: ease alone took the common loose ones first)
      const bands = own ? inThirds(own) : byDifficulty(all);
      const band = BAND[q.difficulty];
      // the chosen band first, then its neighbours, so a game still fills up
      const order = [bands[band]!, bands[Math.min(2, band + 1)]!, bands[Math.max(0, band - 1)]!];
      return [...new Set(order.flat().map((w: TopicWord) => w.word))];
    },
  };
}

function inThirds(words: TopicWord[]): [TopicWord[], TopicWord[], TopicWord[]] {
  const third = Math.ceil(words.length / 3);
  return [words.slice(0, third), words.slice(third, 2 * third), words.slice(2 * third)];
}

export function openAiTopicProvider(opts: {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
}): TopicProvider {
  // the client library is loaded with the first request, not at start-up
  let client: Promise<OpenAI> | null = null;
  const clientOnce = () => {
    client ??= import('openai').then(
      ({ default: OpenAIClient }) =>
        new OpenAIClient({
          apiKey: opts.apiKey,
          ...(opts.baseUrl ? { baseURL: opts.baseUrl } : {}),
          timeout: opts.timeoutMs,
          maxRetries: 1,
        }),
    );
    return client;
  };
  return {
    name: 'openai',
    async wordsFor(topic, q) {
      const completion = await (await clientOnce()).chat.completions.create({
        model: opts.model,
        temperature: 0.7,
        messages: [
          {
            role: 'system',
            content:
              'You make word lists for a spelling game. Answer with single English words, lower case, ' +
              'one per line, no numbering, no explanations, nothing offensive.',
          },
          {
            role: 'user',
            content: `Give ${q.count * 2} ${q.difficulty} level words about the topic: ${topic}`,
          },
        ],
      });
      const text = completion.choices[0]?.message?.content ?? '';
      return text
        .split(/[\n,]+/)
        .map((l) =>
          l
            .replace(/^[\s\d.)*-]+/, '')
            .trim()
            .toLowerCase(),
        )
        .filter((w) => w.length > 0);
    },
  };
}
