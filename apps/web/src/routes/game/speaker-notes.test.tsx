import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { SpeakerWord } from './speaker-word.tsx';

// the speaker's notes in a partnered game: fetched only once opened, one word at a time, and a
// refusal shown as the server's sentence

function stubNotes(answer: (index: number) => Response) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(`${url.pathname}?${url.searchParams}`);
    return answer(Number(url.searchParams.get('index')));
  });
  return asked;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('SpeakerNotes', () => {
  it('asks for the word being played once opened, and again for the next word', async () => {
    const asked = stubNotes((index) =>
      json(200, {
        index,
        partOfSpeech: 'noun',
        origin: index === 0 ? 'Old English' : null,
        definition: index === 0 ? 'a mounted soldier' : 'a large cat',
        sentence: index === 0 ? null : 'The lion roared.',
      }),
    );
    const current = { index: 0, word: 'knight', ipa: null, syllables: 1, audio: null, hasHomonyms: false };
    const { rerender } = renderWithProviders(<SpeakerWord current={current} gameId="g1" />);
    expect(asked).toEqual([]);
    await userEvent.click(screen.getByText('If your partner asks…'));
    expect(await screen.findByText('a mounted soldier')).toBeTruthy();
    expect(screen.getByText('noun')).toBeTruthy();
    expect(screen.getByText('Language of origin').nextElementSibling?.textContent).toBe('Old English');
    expect(screen.getByText('No example sentence for this word')).toBeTruthy();
    rerender(<SpeakerWord current={{ ...current, index: 1, word: 'lion' }} gameId="g1" />);
    expect(await screen.findByText('a large cat')).toBeTruthy();
    expect(screen.getByText('The lion roared.')).toBeTruthy();
    expect(screen.getByText('Language of origin').nextElementSibling?.textContent).toBe('Not known');
    expect(asked).toEqual([
      '/v1/learning/speaker-notes?gameId=g1&index=0',
      '/v1/learning/speaker-notes?gameId=g1&index=1',
    ]);
  });

  it("shows the server's sentence when it refuses", async () => {
    stubNotes(() =>
      json(409, {
        statusCode: 409,
        error: 'Conflict',
        code: 'WRONG_WORD',
        message: 'That word is over; these notes are for the word being played.',
      }),
    );
    renderWithProviders(
      <SpeakerWord
        current={{ index: 2, word: 'owl', ipa: null, syllables: 1, audio: null, hasHomonyms: false }}
        gameId="g2"
      />,
    );
    await userEvent.click(screen.getByText('If your partner asks…'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'That word is over; these notes are for the word being played.',
      ),
    );
  });

  it('is not offered outside a game (no game id)', () => {
    renderWithProviders(
      <SpeakerWord
        current={{ index: 0, word: 'owl', ipa: null, syllables: 1, audio: null, hasHomonyms: false }}
      />,
    );
    expect(screen.queryByText('If your partner asks…')).toBeNull();
  });
});
