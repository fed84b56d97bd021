import { Button, Group, Stack, Text } from '@mantine/core';
import { ASKS_PER_TURN, type AskKind } from '@sayspell/core/protocol/learning';
import { useEffect, useRef, useState } from 'react';
import { askBee } from '../api/learning.ts';
import { effectiveVolume } from '../audio/sound-prefs.ts';

// what a spelling bee lets a speller ask (issue 17 item 5), under the solo game's voice button.
// the server answers about the word being played only: a definition with the word masked, the
// part of speech, the language of origin (its name only), and two spoken answers (the word in a sentence, the word slower) that arrive as
// the game voice's audio. a turn's asks are limited; the buttons say when one is used up.

const ASKS: { kind: AskKind; label: string }[] = [
  { kind: 'definition', label: 'Definition' },
  { kind: 'partOfSpeech', label: 'Part of speech' },
  { kind: 'origin', label: 'Origin' },
  { kind: 'sentence', label: 'In a sentence' },
  { kind: 'slower', label: 'Say it slower' },
];

export function BeeAsks({ gameId, index }: { gameId: string; index: number }) {
  const [answers, setAnswers] = useState<{ kind: AskKind; text: string }[]>([]);
  const [used, setUsed] = useState<Partial<Record<AskKind, number>>>({});
  const [busy, setBusy] = useState<AskKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  // a new word: nothing asked yet
  // biome-ignore lint/correctness/useExhaustiveDependencies: index is what resets the asks
  useEffect(() => {
    setAnswers([]);
    setUsed({});
    setProblem(null);
    return () => audioRef.current?.pause();
  }, [index]);

  async function onAsk(kind: AskKind) {
    setBusy(kind);
    setProblem(null);
    try {
      const answer = await askBee(gameId, index, kind);
      setUsed((u) => ({ ...u, [kind]: (u[kind] ?? 0) + 1 }));
      if ('audio' in answer) {
        audioRef.current?.pause();
        const audio = new Audio(URL.createObjectURL(answer.audio));
        audio.volume = effectiveVolume();
        audioRef.current = audio;
        await audio.play().catch(() => setProblem('Tap again to hear it: the browser held the sound back.'));
      } else {
        const { text } = answer;
        setAnswers((a) => [...a.filter((x) => x.kind !== kind), { kind, text }]);
      }
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'That question could not be answered.');
      // the server says when an ask is used up or has no answer: the button rests for this word
      setUsed((u) => ({ ...u, [kind]: ASKS_PER_TURN[kind] }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap={6} align="center" w="100%" aria-label="Ask about the word">
      {/* five asks: two even rows at every width, not four and one */}
      <Group gap={6} justify="center" maw={420}>
        {ASKS.map((a) => (
          <Button
            key={a.kind}
            size="compact-sm"
            variant="default"
            radius="xl"
            loading={busy === a.kind}
            disabled={(used[a.kind] ?? 0) >= ASKS_PER_TURN[a.kind]}
            onClick={() => void onAsk(a.kind)}
            // the guess box keeps the focus: asking does not stop the typing
            onMouseDown={(e) => e.preventDefault()}
          >
            {a.label}
          </Button>
        ))}
      </Group>
      {answers.map((a) => (
        <Text key={a.kind} fz="sm" ta="center" maw={520} data-testid={`ask-${a.kind}`}>
          {a.kind === 'definition' ? <b>Definition: </b> : null}
          {a.text}
        </Text>
      ))}
      {problem && (
        <Text fz="sm" c="orange.8" ta="center" role="status">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
