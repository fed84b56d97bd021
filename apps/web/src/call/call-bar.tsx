import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { TEXTS } from '@sayspell/core/constants';
import { useEffect, useRef } from 'react';
import { playThrough } from '../audio/devices.ts';
import { LineIcon } from '../components/line-icon.tsx';
import { isNative } from '../platform/platform.ts';
import type { CallView } from './use-call.ts';

const ICONS = {
  mic: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
  micOff:
    'M3 3l18 18M9 9v3a3 3 0 0 0 5.1 2.1M15 9.3V6a3 3 0 0 0-5.7-1.3M5 11a7 7 0 0 0 11.2 5.6M19 11a7 7 0 0 1-.7 3M12 18v3',
  camera: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
  cameraOff: 'M3 3l18 18M15 10l6-3v10l-6-3M11 7h4v4M3 7h2m10 10H3V7',
  reconnect: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
};

const STATUS: Record<CallView['state'], string> = {
  off: '',
  starting: 'Starting your call…',
  connecting: 'Calling your partner…',
  connected: 'Call connected',
  reconnecting: 'Reconnecting the call…',
  ended: 'Call ended',
  failed: 'The call failed',
};

const PROBLEMS = {
  permission: { title: TEXTS.audioNotEnabledTitle, text: TEXTS.audioNotEnabled },
  'no-microphone': { title: TEXTS.microphoneNotDetectedTitle, text: TEXTS.microphoneNotDetected },
  unsupported: { title: 'No call in this browser', text: TEXTS.noRealtimeMedia },
  other: { title: 'Microphone unavailable', text: 'Your microphone could not be started.' },
} as const;

/** the call's status and controls above the game card; the partner's voice plays from here */
export function CallBar({ call, setup }: { call: CallView; setup?: React.ReactNode }) {
  const { session } = call;
  const audioRef = useRef<HTMLAudioElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const selfRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    el.srcObject = session?.remote ?? null;
    if (session) void playThrough(el).then(() => el.play().catch(() => {}));
  }, [session]);
  // a frozen last frame is worse than none: the partner's camera shows only on a live call
  const remoteVideo =
    (session?.remoteVideo ?? false) && session?.state === 'connected' && !call.partnerAway && !call.offline;
  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = remoteVideo ? (session?.remote ?? null) : null;
  }, [session, remoteVideo]);
  const selfVideo = session?.video ?? null;
  useEffect(() => {
    if (selfRef.current) selfRef.current.srcObject = selfVideo ? new MediaStream([selfVideo]) : null;
  }, [selfVideo]);

  if (call.state === 'off') return null;
  // "no microphone found" is a web-only stage (§4); the apps show the general one
  const problemKey = call.problem === 'no-microphone' && isNative() ? 'other' : call.problem;
  const problem = problemKey ? PROBLEMS[problemKey] : null;
  let status = STATUS[call.state];
  // the game knows before the call does that a network went away: a call that still says
  // 'connected' then is a frozen one (issue 20)
  const waiting = call.state !== 'ended' && (call.offline || call.partnerAway);
  if (call.limitReached) status = 'The call reached its time limit';
  else if (call.state === 'ended' && session?.partnerLeft) status = 'Your partner hung up';
  else if (call.state !== 'ended' && call.offline) status = 'You are offline: reconnecting…';
  else if (call.state !== 'ended' && call.partnerAway) status = 'Your partner is reconnecting…';
  const live = call.state === 'connected' && !waiting;

  return (
    <Paper
      p="sm"
      radius="lg"
      withBorder
      data-call-state={call.state}
      data-call-waiting={waiting ? (call.offline ? 'offline' : 'partner') : undefined}
      aria-label="Call with your partner"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap" miw={0}>
            <span
              aria-hidden="true"
              style={{
                width: 10,
                height: 10,
                borderRadius: 5,
                flex: 'none',
                background: live ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-yellow-6)',
              }}
            />
            <Text fw={700} fz="sm" lh={1.3} role="status" lineClamp={2}>
              {call.error ?? status}
            </Text>
          </Group>
          {session && call.state !== 'ended' && (
            <Group gap={6} wrap="nowrap">
              <Tooltip label={session.muted ? 'Unmute' : 'Mute'}>
                <ActionIcon
                  size="lg"
                  radius="xl"
                  variant={session.muted ? 'filled' : 'light'}
                  color={session.muted ? 'red' : undefined}
                  aria-label="Mute microphone"
                  aria-pressed={session.muted}
                  onClick={() => session.setMuted(!session.muted)}
                >
                  <LineIcon d={session.muted ? ICONS.micOff : ICONS.mic} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={session.video ? 'Turn camera off' : 'Turn camera on'}>
                <ActionIcon
                  size="lg"
                  radius="xl"
                  variant={session.video ? 'filled' : 'light'}
                  aria-label="Camera"
                  aria-pressed={session.video !== null}
                  onClick={() => void session.setVideo(!session.video).catch(() => {})}
                >
                  <LineIcon d={session.video ? ICONS.camera : ICONS.cameraOff} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Reconnect the call">
                <ActionIcon
                  size="lg"
                  radius="xl"
                  variant="light"
                  aria-label="Reconnect the call"
                  onClick={() => session.restartIce()}
                >
                  <LineIcon d={ICONS.reconnect} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {problem && (
          <Alert color="orange" radius="md" title={problem.title} p="xs">
            <Stack gap={6} align="flex-start">
              <Text fz="sm">{problem.text}</Text>
              <Group gap="xs">
                {call.problem !== 'unsupported' && (
                  <Button size="compact-sm" variant="light" onClick={call.retry}>
                    Retry
                  </Button>
                )}
                {setup}
              </Group>
            </Stack>
          </Alert>
        )}
        {(remoteVideo || selfVideo) && (
          <Group gap="xs" justify="center" wrap="nowrap">
            {remoteVideo && (
              <video
                ref={videoRef}
                autoPlay
                playsInline
                muted
                aria-label="Your partner's camera"
                style={{ width: '100%', maxWidth: 420, borderRadius: 12, background: '#000' }}
              />
            )}
            {selfVideo && (
              <video
                ref={selfRef}
                autoPlay
                playsInline
                muted
                aria-label="Your camera"
                style={{ width: 96, borderRadius: 8, background: '#000', alignSelf: 'flex-end' }}
              />
            )}
          </Group>
        )}
        {/* biome-ignore lint/a11y/useMediaCaption: a live call has no captions to give */}
        <audio ref={audioRef} autoPlay data-testid="partner-audio" />
      </Stack>
    </Paper>
  );
}
