import { Button, type ButtonProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { LineIcon } from '../components/line-icon.tsx';
import type { AudioSetupResult } from './audio-setup-wizard.tsx';

// opens the audio check; the wizard (tabs, canvas, web audio) loads only when first asked for
const AudioSetupWizard = lazy(() =>
  import('./audio-setup-wizard.tsx').then((m) => ({ default: m.AudioSetupWizard })),
);

const MIC_ICON = 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3';

export interface AudioSetupButtonProps {
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  color?: ButtonProps['color'];
  fullWidth?: boolean;
  onResult?(result: AudioSetupResult): void;
}

export function AudioSetupButton({
  label = 'Check your audio',
  variant = 'light',
  size = 'sm',
  color,
  fullWidth,
  onResult,
}: AudioSetupButtonProps) {
  const [opened, setOpened] = useState(false);
  // mounted from the first click on, so the modal can play its closing transition
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        color={color}
        fullWidth={fullWidth}
        leftSection={<LineIcon d={MIC_ICON} size={18} />}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
      >
        {label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <AudioSetupWizard
            opened={opened}
            onClose={(result) => {
              setOpened(false);
              onResult?.(result);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
