import { Card, Title } from '@mantine/core';
import { CATEGORY_ENTERPRISE } from '@sayspell/core/constants';
import type { GameView } from '@sayspell/core/protocol/game';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { settingsQuery } from '../../api/accounts.ts';
import { profileQuery } from '../../api/auth.ts';
import { languagesQuery } from '../../api/config.ts';
import { setCurrentGameId } from '../../api/current-game-id.ts';
import { createSoloGame } from '../../api/games.ts';
import { notifyError } from '../../api/notify-error.ts';
import {
  createCustomGame,
  createEnterpriseGame,
  enterpriseTopicsQuery,
  trendingTopicsQuery,
} from '../../api/topics.ts';
import { useOwnTask } from '../../platform/own-task.ts';
import { whenIdle } from '../../platform/when-idle.ts';
import { setupForm } from './index-page.tsx';
import {
  chosenTopic,
  customGamePayload,
  enterpriseGamePayload,
  matchingPath,
  matchSettings,
  type SetupValues,
  setupFromSettings,
  soloGamePayload,
} from './setup-options.ts';
import { SetupFormSkeleton } from './setup-skeleton.tsx';

// the AI-loader is a modal (mantine's modal and its scroll area): loaded with the first topic game,
// not with the page (issue 22)
const loadAiLoader = () => import('../../popups/ai-loader-popup.tsx');
const AiLoaderPopup = lazy(async () => ({ default: (await loadAiLoader()).AiLoaderPopup }));

/**
 * the setup card: creates the game — from the word bank, from a topic (with the AI-loader while
 * its words are made) or from an enterprise topic — and moves to /game (§2), or looks for a partner
 */
export function GameSetupCard() {
  const navigate = useNavigate();
  const profile = useQuery(profileQuery);
  const languages = useQuery(languagesQuery);
  // the choices start from the player's saved settings (/setting); defaults if they cannot load
  const settings = useQuery(settingsQuery);
  const trending = useQuery(trendingTopicsQuery);
  // guests have no enterprise; a failure simply hides the source
  const enterprise = useQuery({
    ...enterpriseTopicsQuery,
    enabled: profile.data !== undefined && profile.data.role !== 'guest',
  });
  // the form (a few dozen elements) renders in a task of its own once its answers are in, after
  // the page has painted (issue 22: the home's blocking time on a phone)
  const answered = !(settings.isPending || languages.isPending);
  const formReady = useOwnTask(answered);
  const topicRef = useRef<HTMLInputElement>(null);
  const [aiTopic, setAiTopic] = useState<{ topic: string; values: SetupValues } | null>(null);
  const [aiUsed, setAiUsed] = useState(false);
  // there before the first topic game is started
  useEffect(() => whenIdle(() => void loadAiLoader().catch(() => {})), []);

  const play = (game: GameView) => {
    setCurrentGameId(game._id);
    navigate('/game');
  };
  const start = useMutation({
    mutationFn: (values: SetupValues) => {
      const me = profile.data!;
      if (values.source === 'product') return createSoloGame(soloGamePayload(values, me._id));
      if (values.source === CATEGORY_ENTERPRISE)
        return createEnterpriseGame(enterpriseGamePayload(values, me._id, me.gameTimer));
      return createCustomGame(customGamePayload(values, chosenTopic(values) ?? '', me._id));
    },
    onSuccess: play,
    // the AI-loader shows its own failure; the other sources use a notification
    onError: (err, values) => {
      if (values.source === 'product' || values.source === CATEGORY_ENTERPRISE)
        notifyError(err, 'Could not start the game');
    },
  });

  function onStart(values: SetupValues) {
    if (values.mode === 'multi') return navigate(matchingPath(matchSettings(values)));
    if (values.source !== 'product' && values.source !== CATEGORY_ENTERPRISE) {
      setAiTopic({ topic: chosenTopic(values) ?? '', values });
      setAiUsed(true);
    }
    start.mutate(values);
  }

  function tryAnother() {
    setAiTopic(null);
    start.reset();
    // the topic box is there only for My Topics; trending players pick again from the list
    requestAnimationFrame(() => topicRef.current?.focus());
  }

  return (
    <Card className="card-padding" shadow="md">
      <Title order={2} fz="h3" mb="md">
        Set up your game
      </Title>
      {/* the form starts from the saved settings and offers the languages: both first (issue 22) */}
      {!formReady ? (
        <SetupFormSkeleton />
      ) : (
        <Suspense fallback={<SetupFormSkeleton />}>
          <setupForm.Component
            initial={setupFromSettings(settings.data)}
            languages={languages.data}
            trending={trending.isError ? [] : trending.data}
            enterpriseTopics={enterprise.data}
            topicRef={topicRef}
            ready={profile.data !== undefined}
            starting={start.isPending || start.isSuccess}
            onStart={onStart}
          />
        </Suspense>
      )}
      {aiUsed && (
        <Suspense fallback={null}>
          <AiLoaderPopup
            topic={aiTopic?.topic ?? null}
            error={aiTopic && start.isError ? start.error.message : null}
            onTryAnother={tryAnother}
            onRetry={() => aiTopic && start.mutate(aiTopic.values)}
          />
        </Suspense>
      )}
    </Card>
  );
}
