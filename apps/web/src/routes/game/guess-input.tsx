import { Button, Text, TextInput } from '@mantine/core';
import { FOCUS_DELAY_MS, MAX_GUESS_LENGTH } from '@sayspell/core/constants';
import { normalizeGuess } from '@sayspell/core/rules/guess';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import classes from './guess-input.module.css';

export interface GuessInputProps {
  /** a word is waiting for a guess */
  active: boolean;
  /** the line under the input; 'Waiting on Next Word' while no word is active */
  status: string;
  onSubmit: (guess: string) => void;
  /** Space (§5's space event): hear the word again, when the app's voice says it */
  onSpace?: () => void;
}

/**
 * a phone or tablet with only a touch screen: no Space key to press (its on-screen keyboard's space
 * bar sends no key a page can rely on), and the hint cut the placeholder off on a 360 px phone
 */
const touchOnly = () => window.matchMedia?.('(hover: none) and (pointer: coarse)').matches === true;

/** the big guess box (§2, §5): letters a–z only, lower-cased, no spaces; Enter submits */
export function GuessInput({ active, status, onSubmit, onSpace }: GuessInputProps) {
  const [value, setValue] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  const statusId = useId();
  // read at each render: a partnered speller's Space comes and goes with the call
  const spaceHint = onSpace !== undefined && !touchOnly();

  // focused a moment after it becomes active (§2), so a key held from the last word is not typed
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => ref.current?.focus(), FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active]);

  function submit() {
    if (!active || value === '') return;
    onSubmit(value);
    setValue('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // a word has no spaces: Space is free for a keyboard player to hear the word again
    if (e.key === ' ' && onSpace) {
      e.preventDefault();
      if (!e.repeat) onSpace();
      return;
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    submit();
  }

  return (
    <div>
      <TextInput
        ref={ref}
        label="Your spelling"
        value={value}
        onChange={(e) => setValue(normalizeGuess(e.currentTarget.value))}
        onKeyDown={onKeyDown}
        // read-only rather than disabled between words: focus (and a phone's keyboard) stays put
        readOnly={!active}
        data-inactive={!active || undefined}
        maxLength={MAX_GUESS_LENGTH}
        placeholder={active ? (spaceHint ? 'type here · Space hears it again' : 'type here') : ''}
        aria-keyshortcuts={onSpace ? 'Space' : undefined}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="done"
        aria-describedby={statusId}
        size="xl"
        radius="lg"
        classNames={{ input: classes.input, label: classes.label }}
      />
      <Text id={statusId} className={classes.status} aria-live="polite" data-active={active || undefined}>
        {status}
      </Text>
      <Button
        fullWidth
        size="lg"
        mt="sm"
        onClick={() => {
          submit();
          ref.current?.focus();
        }}
        disabled={!active || value === ''}
      >
        Spell it
      </Button>
    </div>
  );
}
