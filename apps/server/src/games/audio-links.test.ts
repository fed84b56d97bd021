import { soloGame } from '@sayspell/core/game/fixtures';
import type { GameState } from '@sayspell/core/game/types';
import { describe, expect, it } from 'vitest';
import { createGameAudio } from '../providers/tts/game-audio.ts';
import { createFliteSynthesizer, findExecutable } from '../providers/tts/system-command.ts';
import type { SpeechSynthesizer } from '../providers/tts/types.ts';
import { createAudioLinks, preparingAudio } from './audio-links.ts';
import type { GameBroadcaster } from './game-service.ts';

// which turns get their word rendered ahead, on the real flite engine: every turn of a solo game
// (the app's voice is how the speller hears the word); a partnered game's only once a player has
// asked for its audio (the call is down), since the speller hears the speaker over the call

const WORDS = ['zebra', 'otter', 'lemur'];
// a render starts once the game's voice is known (a promise): past that, the engine has been called
const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

function world() {
  const flite = createFliteSynthesizer();
  const said: string[] = [];
  const counting: SpeechSynthesizer = {
    ...flite,
    synthesize: (text, voice, prosody) => {
      said.push(text);
      return flite.synthesize(text, voice, prosody);
    },
  };
  const audio = createGameAudio(counting);
  const links = createAudioLinks('a-test-secret-of-enough-length-000');
  const passed: string[] = [];
  const inner: GameBroadcaster = {
    started: () => passed.push('started'),
    updated: () => passed.push('updated'),
    finished: () => passed.push('finished'),
  };
  const broadcaster = preparingAudio(inner, links, audio);
  const at = (state: GameState, index: number): GameState => ({
    ...state,
    status: 'started',
    currentIndex: index,
  });
  return { said, audio, links, passed, broadcaster, at };
}

describe.skipIf(!findExecutable('flite'))('preparingAudio', () => {
  it('renders each turn of a solo game as it starts, and passes every broadcast on', async () => {
    const { said, passed, broadcaster, at } = world();
    const game = soloGame(WORDS);
    broadcaster.started(at(game, 0));
    broadcaster.updated(at(game, 1));
    broadcaster.finished({ ...game, status: 'finished' });
    await settled();
    expect(said).toEqual(['zebra', 'otter']);
    expect(passed).toEqual(['started', 'updated', 'finished']);
  });

  it('renders a partnered turn only once its speller has asked for the audio, then every turn ahead', async () => {
    const { said, audio, links, broadcaster, at } = world();
    const game = soloGame(WORDS, { solo: false, speakerId: 'speaker' });
    broadcaster.started(at(game, 0));
    await settled();
    expect(said).toEqual([]);
    // the call is down: the speller's page plays the turn's link, rendered on demand
    const first = await audio.get(game.id, links.token(game.id, 0), 'zebra');
    expect(first.data.length).toBeGreaterThan(1000);
    expect(said).toEqual(['zebra']);
    // from then on the turns are ready when they start
    broadcaster.updated(at(game, 1));
    await settled();
    expect(said).toEqual(['zebra', 'otter']);
    // a finished game forgets that it was asked
    broadcaster.finished({ ...game, status: 'finished' });
    expect(audio.asked(game.id)).toBe(false);
    expect(audio.size).toBe(0);
  });
});

describe('audio links', () => {
  it("give each turn its own token, the same however often and in whatever order it's asked for", () => {
    const secret = 'a-test-secret-of-enough-length-000';
    const links = createAudioLinks(secret);
    const fresh = (gameId: string, index: number) => createAudioLinks(secret).token(gameId, index);
    const asked: [string, number][] = [
      ['g1', 0],
      ['g1', 0],
      ['g2', 0],
      ['g1', 1],
      ['g1', 0],
      ['g1', 1],
      ['g2', 3],
    ];
    for (const [game, index] of asked) expect(links.token(game, index)).toBe(fresh(game, index));
    expect(new Set(asked.map(([g, i]) => links.token(g, i))).size).toBe(4);
    expect(links.matches('g1', 1, fresh('g1', 1))).toBe(true);
    expect(links.matches('g1', 1, fresh('g1', 0))).toBe(false);
    expect(links.matches('g2', 3, fresh('g1', 3))).toBe(false);
    expect(links.url('g1', 1)).toBe(`/v1/game/g1/audio/${fresh('g1', 1)}`);
  });
});
