import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { AudioSetupWizard } from './audio-setup-wizard.tsx';

// the wizard against a stand-in browser: a microphone that can refuse, tracks that record being
// stopped, an audio context that records being closed

const native = vi.hoisted(() => ({ value: false }));
vi.mock('../platform/platform.ts', () => ({ isNative: () => native.value }));

interface FakeTrack {
  stopped: boolean;
  stop(): void;
}

let tracks: FakeTrack[];
let contexts: { closed: boolean }[];
let refusals: string[];
let asked: MediaStreamConstraints[];

function fakeBrowser() {
  tracks = [];
  contexts = [];
  refusals = [];
  asked = [];
  vi.stubGlobal('RTCPeerConnection', class {});
  const devices = [
    { kind: 'audioinput', deviceId: 'default', label: 'Default microphone' },
    { kind: 'audioinput', deviceId: 'usb-mic', label: 'USB microphone' },
    { kind: 'audiooutput', deviceId: 'default', label: 'Default speakers' },
  ];
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async (constraints: MediaStreamConstraints) => {
        asked.push(constraints);
        const refusal = refusals.shift();
        if (refusal) throw new DOMException('refused', refusal);
        const track: FakeTrack = {
          stopped: false,
          stop() {
            this.stopped = true;
          },
        };
        tracks.push(track);
        return { getTracks: () => [track] };
      },
      enumerateDevices: async () => devices,
      addEventListener() {},
      removeEventListener() {},
    },
  });
  vi.stubGlobal(
    'AudioContext',
    class {
      closed = false;
      constructor() {
        contexts.push(this);
      }
      createAnalyser() {
        return { fftSize: 2048, getFloatTimeDomainData: (a: Float32Array) => a.fill(0.5) };
      }
      createMediaStreamSource() {
        return { connect() {} };
      }
      resume() {
        return Promise.resolve();
      }
      close() {
        this.closed = true;
        return Promise.resolve();
      }
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}

// text a screen reader hears from the live region, not what the page shows
const HIDDEN = '.mantine-VisuallyHidden-root, script, style';

const openTracks = () => tracks.filter((t) => !t.stopped).length;

beforeEach(() => {
  native.value = false;
  fakeBrowser();
});

describe('audio setup wizard', () => {
  it('asks for the microphone, listens with a live meter, and closes everything it opened', async () => {
    const onClose = vi.fn();
    const { rerender } = renderWithProviders(<AudioSetupWizard opened onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Check your audio' })).toBeTruthy();
    await screen.findByRole('tab', { name: 'Microphone' });
    // the permission stream is closed at once
    expect(asked).toHaveLength(1);
    expect(openTracks()).toBe(0);
    await waitFor(() =>
      expect(screen.getByLabelText('Microphone', { selector: 'input' })).toHaveProperty(
        'value',
        'Default microphone',
      ),
    );

    await userEvent.click(screen.getByRole('switch', { name: /Listen/ }));
    expect(screen.getByText('Say something: the wave moves when we hear you.')).toBeTruthy();
    const meter = await screen.findByRole('meter', { name: 'Microphone level' });
    await waitFor(() => expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(50));
    expect(await screen.findByText('✓ We can hear you.')).toBeTruthy();
    expect(openTracks()).toBe(1);

    // switching off stops the track and closes the context
    await userEvent.click(screen.getByRole('switch', { name: /Listen/ }));
    await waitFor(() => expect(openTracks()).toBe(0));
    expect(contexts.every((c) => c.closed)).toBe(true);

    // listening again, then closing the wizard: nothing left open
    await userEvent.click(screen.getByRole('switch', { name: /Listen/ }));
    await screen.findByRole('meter', { name: 'Microphone level' });
    expect(openTracks()).toBe(1);
    await userEvent.click(document.querySelector('.mantine-Modal-close') as HTMLElement);
    expect(onClose).toHaveBeenCalledWith('dismissed');
    rerender(<AudioSetupWizard opened={false} onClose={onClose} />);
    await waitFor(() => expect(openTracks()).toBe(0));
    expect(contexts.every((c) => c.closed)).toBe(true);
  });

  it('saves the chosen devices when it works and ends in success', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AudioSetupWizard opened onClose={onClose} />);
    await screen.findByRole('tab', { name: 'Microphone' });
    await userEvent.click(screen.getByRole('tab', { name: 'Speakers' }));
    expect(screen.getByRole('button', { name: 'Play a sample' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'It works' }));
    expect(await screen.findByText("You're all set")).toBeTruthy();
    expect(localStorage.getItem('audioInputDeviceId')).toBe('default');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith('success');
  });

  it('shows the spec title and text when the microphone is refused, and Retry asks again', async () => {
    refusals.push('NotAllowedError');
    const onClose = vi.fn();
    renderWithProviders(<AudioSetupWizard opened onClose={onClose} />);
    expect(await screen.findByRole('heading', { name: 'Audio Not Enabled' })).toBeTruthy();
    expect(
      screen.getByText('Please go to Settings and enable microphone permissions.', { ignore: HIDDEN }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('tab', { name: 'Microphone' });
    expect(asked).toHaveLength(2);
  });

  it('says no microphone was found on the web, and the general failure in the apps', async () => {
    refusals.push('NotFoundError');
    const { unmount } = renderWithProviders(<AudioSetupWizard opened onClose={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Microphone Not Detected' })).toBeTruthy();
    expect(screen.getByText('No microphone found on your device.', { ignore: HIDDEN })).toBeTruthy();
    unmount();

    native.value = true;
    refusals.push('NotFoundError');
    renderWithProviders(<AudioSetupWizard opened onClose={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Audio Not Working' })).toBeTruthy();
    expect(screen.queryByText(/No microphone found/)).toBeNull();
  });

  it('explains what to check when the player says something is wrong', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AudioSetupWizard opened onClose={onClose} />);
    await screen.findByRole('tab', { name: 'Microphone' });
    await userEvent.click(screen.getByRole('button', { name: 'Something is wrong' }));
    // the visible text (the live region says it too)
    expect(await screen.findByText(/plugged in and switched on/, { ignore: HIDDEN })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audio Not Working' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith('failure');
  });

  it('says the browser cannot do real-time audio without asking', async () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    renderWithProviders(<AudioSetupWizard opened onClose={() => {}} />);
    expect(await screen.findByText('Your browser does not support real-time audio / video')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await act(async () => {});
    expect(asked).toHaveLength(0);
  });
});
