import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSoundPrefs, soundPrefs } from '../../audio/sound-prefs.ts';
import { storeTokens } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { SoundCard, VoiceCard } from './voice-settings.tsx';

const VOICES = {
  data: [
    { id: 'slt', name: 'SLT (US English, female)', language: 'en-US', gender: 'female', provider: 'flite' },
    { id: 'kal16', name: 'Kal (US English, male)', language: 'en-US', gender: 'male', provider: 'flite' },
  ],
};

function setup(answers: Record<string, unknown> = {}) {
  storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
  const { fetchMock, calls } = mockFetch({
    'GET /v1/users/voice': { voice: null, rate: 1 },
    'GET /v1/speech/voices': VOICES,
    ...answers,
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<VoiceCard language="English" />);
  return calls;
}

afterEach(() => {
  localStorage.clear();
  setSoundPrefs({ muted: false, volume: 1 });
});

describe('VoiceCard', () => {
  it('lists the engine’s voices of the language and saves the voice and speed', async () => {
    const calls = setup({ 'PUT /v1/users/voice': { voice: 'kal16', rate: 0.9 } });
    const select = await screen.findByRole('combobox', { name: 'Voice' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Kal (US English, male)' })).toBeTruthy());
    expect(calls.some((c) => c.path === '/v1/speech/voices')).toBe(true);
    expect((screen.getByRole('button', { name: 'Save voice' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(select, 'kal16');
    const slider = screen.getByRole('slider', { name: 'Speed' });
    slider.focus();
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(screen.getByText('Slower, ×0.9')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save voice' }));
    await screen.findByText('Voice saved');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/v1/users/voice');
    expect(put?.body).toEqual({ voice: 'kal16', rate: expect.closeTo(0.9, 5) });
  });

  it('shows the server’s sentence when a voice is refused', async () => {
    setup({
      'PUT /v1/users/voice': new Response(
        JSON.stringify({
          statusCode: 400,
          error: 'Bad Request',
          message: 'There is no voice "kal16" here.',
          code: 'BAD_VOICE',
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    const select = await screen.findByRole('combobox', { name: 'Voice' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Kal (US English, male)' })).toBeTruthy());
    await userEvent.selectOptions(select, 'kal16');
    await userEvent.click(screen.getByRole('button', { name: 'Save voice' }));
    expect(await screen.findByText('There is no voice "kal16" here.')).toBeTruthy();
  });
});

describe('SoundCard', () => {
  it('mutes the voice and buzzer on this device and remembers it', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    renderWithProviders(<SoundCard />);
    const mute = screen.getByRole('switch', { name: 'Mute the voice and buzzer' });
    await userEvent.click(mute);
    expect(soundPrefs().muted).toBe(true);
    expect(JSON.parse(localStorage.getItem('sayspell.sound') ?? '{}')).toMatchObject({ muted: true });
    expect(screen.getByText('Muted')).toBeTruthy();
  });
});
