import { Button, Stack, TextInput } from '@mantine/core';
import {
  CATEGORY_CUSTOM,
  CATEGORY_ENTERPRISE,
  CATEGORY_PRACTICE,
  DIFFICULTIES,
  type Difficulty,
  type GameDifficulty,
  MODE_LABELS,
  type Mode,
  ROLES,
  type Role,
} from '@sayspell/core/constants';
import type { LanguageOption } from '@sayspell/core/protocol/game';
import { categoryLabel, categoryOptions, isRoleAllowed } from '@sayspell/core/rules/options';
import { type FormEvent, lazy, type RefObject, Suspense, useState } from 'react';
import { capitalise } from '../../components/capitalise.ts';
import { SelectField, SwitchField } from '../../components/light-fields.tsx';
import { ChoiceField } from './choice-field.tsx';
import {
  defaultSetup,
  isTopicSource,
  type SetupValues,
  SOURCES,
  type Source,
  topicError,
} from './setup-options.ts';

const soon = ' (coming soon)';

// how many words are due, under the source when it is 'Practice my words' (its own data, issue 17)
const PracticeDue = lazy(async () => ({
  default: (await import('../../learning/practice-due.tsx')).PracticeDue,
}));

const ROLE_HINTS: Record<Role | 'solo', string> = {
  solo: 'In solo you spell: our voice says the words.',
  speaker: 'You see each word and say it to your partner.',
  speller: 'Your partner says each word; you type it.',
  either: 'You take whichever role your partner needs.',
};

export interface GameSetupFormProps {
  /** undefined while loading */
  languages: LanguageOption[] | undefined;
  /** false until the player's profile is known */
  ready: boolean;
  starting: boolean;
  onStart: (values: SetupValues) => void;
  /** where the choices start: the player's saved settings */
  initial?: SetupValues;
  /** the most played custom topics; undefined while loading */
  trending?: string[] | undefined;
  /** the player's assigned enterprise topics; the source is offered only when there are some */
  enterpriseTopics?: string[] | undefined;
  /** the topic box, focused again when a topic gave too few words */
  topicRef?: RefObject<HTMLInputElement | null>;
}

export function GameSetupForm({
  languages,
  ready,
  starting,
  onStart,
  initial,
  trending,
  enterpriseTopics,
  topicRef,
}: GameSetupFormProps) {
  const [values, setValues] = useState<SetupValues>(initial ?? defaultSetup);
  const [topicMessage, setTopicMessage] = useState<string | null>(null);
  // the band chosen before Adaptive was switched on, back when it is switched off
  const [bankChoice, setBankChoice] = useState<Difficulty>(
    (initial ?? defaultSetup).difficulty === 'adaptive'
      ? 'beginner'
      : ((initial ?? defaultSetup).difficulty as Difficulty),
  );
  const set = <K extends keyof SetupValues>(key: K, value: SetupValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const hasEnterprise = (enterpriseTopics?.length ?? 0) > 0;
  // a saved enterprise source falls back to ours when no topics are assigned (any more)
  const source: Source = values.source === CATEGORY_ENTERPRISE && !hasEnterprise ? 'product' : values.source;
  const trendingTopic = trending?.includes(values.trendingTopic)
    ? values.trendingTopic
    : (trending?.[0] ?? '');
  const enterpriseCategory = enterpriseTopics?.includes(values.enterpriseCategory)
    ? values.enterpriseCategory
    : (enterpriseTopics?.[0] ?? '');
  // topic games start solo here: random pairing is for our own categories; a topic is played
  // with a partner by invitation from the players card (issue 15 item 8)
  const topicGame = isTopicSource(source);
  // practice serves the player's own due words; adaptive picks words for the player's rating:
  // both are solo (issue 17)
  const practice = source === 'practice';
  const difficulty: GameDifficulty =
    topicGame && values.difficulty === 'adaptive' ? 'beginner' : values.difficulty;
  const soloOnly = topicGame || practice || difficulty === 'adaptive';
  const noTopicToPick =
    (source === 'trending' && !trendingTopic) || (source === CATEGORY_ENTERPRISE && !enterpriseCategory);

  // until the player picks one, the first enabled language is the choice
  const language =
    languages?.find((l) => l.enabled && l.name === values.language)?.name ||
    languages?.find((l) => l.enabled)?.name ||
    '';
  const mode = soloOnly ? 'solo' : values.mode;
  // solo players are always the speller (§5)
  const role: Role = isRoleAllowed(mode, values.role) ? values.role : 'speller';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!language || !ready || noTopicToPick) return;
    if (source === CATEGORY_CUSTOM) {
      const problem = topicError(values.topic);
      setTopicMessage(problem);
      if (problem) {
        topicRef?.current?.focus();
        return;
      }
    }
    if (practice) {
      // a word-bank game of the category that serves the due words
      onStart({ ...values, source: 'product', category: CATEGORY_PRACTICE, language, mode, role });
      return;
    }
    onStart({ ...values, difficulty, source, trendingTopic, enterpriseCategory, language, mode, role });
  }

  return (
    <form onSubmit={submit} aria-label="Game setup">
      <Stack gap="md">
        <Stack gap={8}>
          <ChoiceField<Difficulty>
            label="Difficulty"
            value={difficulty === 'adaptive' ? bankChoice : difficulty}
            choices={DIFFICULTIES.map((d) => ({
              value: d,
              label: capitalise(d),
              disabled: practice || difficulty === 'adaptive',
            }))}
            onChange={(d) => {
              setBankChoice(d);
              set('difficulty', d);
            }}
            hint={practice ? 'Practice serves the words due today, whatever their difficulty.' : undefined}
          />
          {/* a switch, not a fourth segment: four do not fit a phone's width (issue 17) */}
          <SwitchField
            label="Adaptive: words picked for my level"
            description={
              difficulty === 'adaptive'
                ? 'You should spell about three in four right. Solo only.'
                : topicGame
                  ? 'For our categories only.'
                  : undefined
            }
            checked={difficulty === 'adaptive'}
            disabled={practice || topicGame}
            onChange={(e) => set('difficulty', e.currentTarget.checked ? 'adaptive' : bankChoice)}
          />
        </Stack>

        <div className="pair-grid">
          <SelectField
            label="Source"
            value={source}
            onChange={(e) => set('source', e.currentTarget.value as Source)}
            data={SOURCES.map((s) => {
              const unavailable = s.value === CATEGORY_ENTERPRISE && !hasEnterprise;
              return {
                value: s.value,
                label: unavailable ? `${s.label} (none assigned)` : s.label,
                disabled: unavailable,
              };
            })}
          />
          {source === 'product' && (
            <SelectField
              label="Category"
              value={values.category}
              onChange={(e) => set('category', e.currentTarget.value)}
              data={categoryOptions().map((c) => ({
                value: c.value,
                label: c.disabled ? c.label + soon : categoryLabel(c.value),
                disabled: c.disabled,
              }))}
            />
          )}
          {practice && (
            <Suspense fallback={null}>
              <PracticeDue />
            </Suspense>
          )}
          {source === CATEGORY_CUSTOM && (
            <TextInput
              ref={topicRef}
              label="Topic"
              placeholder="e.g. ocean animals"
              value={values.topic}
              onChange={(e) => {
                set('topic', e.currentTarget.value);
                setTopicMessage(null);
              }}
              error={topicMessage}
              maxLength={60}
              autoComplete="off"
              radius="md"
              size="md"
            />
          )}
          {source === 'trending' && (
            <SelectField
              label="Trending topic"
              value={trendingTopic}
              onChange={(e) => set('trendingTopic', e.currentTarget.value)}
              data={
                trending === undefined
                  ? [{ value: '', label: 'Loading topics…' }]
                  : trending.length === 0
                    ? [{ value: '', label: 'Nothing trending yet' }]
                    : trending.map((t) => ({ value: t, label: capitalise(t) }))
              }
              disabled={!trending?.length}
              description={trending?.length === 0 ? 'Be the first: pick My Topics and type one.' : undefined}
            />
          )}
          {source === CATEGORY_ENTERPRISE && (
            <SelectField
              label="Enterprise topic"
              value={enterpriseCategory}
              onChange={(e) => set('enterpriseCategory', e.currentTarget.value)}
              data={(enterpriseTopics ?? []).map((t) => ({ value: t, label: t }))}
            />
          )}
        </div>

        <SelectField
          label="Language"
          value={language}
          onChange={(e) => set('language', e.currentTarget.value)}
          data={
            languages
              ? languages.map((l) => ({
                  value: l.name,
                  label: l.enabled ? l.name : l.name + soon,
                  disabled: !l.enabled,
                }))
              : [{ value: '', label: 'Loading languages…' }]
          }
          disabled={!languages}
        />

        <ChoiceField<Mode>
          label="Mode"
          value={mode}
          choices={[
            { value: 'solo', label: MODE_LABELS.solo },
            { value: 'multi', label: MODE_LABELS.multi, disabled: soloOnly },
          ]}
          onChange={(m) => set('mode', m)}
          hint={
            topicGame
              ? 'Topic games start solo here. To play one with a partner, invite them from the Players card.'
              : practice
                ? 'Practice is solo: your own words, at your pace.'
                : difficulty === 'adaptive'
                  ? 'Adaptive is solo: for a partner, pick a difficulty.'
                  : mode === 'multi'
                    ? 'We pair you with another player: one says the word, one spells it.'
                    : undefined
          }
        />

        <ChoiceField<Role>
          label="Role"
          value={role}
          choices={ROLES.map((r) => ({ value: r, label: capitalise(r), disabled: !isRoleAllowed(mode, r) }))}
          onChange={(r) => set('role', r)}
          hint={ROLE_HINTS[mode === 'solo' ? 'solo' : role]}
        />

        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={starting}
          disabled={!ready || !language || noTopicToPick}
          mt="xs"
        >
          {mode === 'solo' ? 'Start game' : 'Find a partner'}
        </Button>
      </Stack>
    </form>
  );
}
