import { Button, Modal, Stack, Text } from '@mantine/core';
import { TEXTS } from '@sayspell/core/constants';
import { useEffect, useState } from 'react';
import { request } from '../api/client.ts';
import { logError } from './app-log.ts';
import { platform } from './platform.ts';
import { needsUpdate, type UpdateRequirements } from './update-check.ts';

// the app-update prompt (§2, §8): in the mobile apps, when the store has a newer version

export function UpdatePrompt() {
  const [storeUrl, setStoreUrl] = useState<string | null>(null);
  const where = platform();
  useEffect(() => {
    if (where === 'web') return;
    let stale = false;
    Promise.all([
      request<UpdateRequirements>('/v1/users/getUpdateReq', { auth: false }),
      request<{ playStoreUrl: string; appStoreUrl: string }>('/v1/config', { auth: false }),
    ]).then(
      ([req, config]) => {
        if (!stale && needsUpdate(where, req))
          setStoreUrl(where === 'ios' ? config.appStoreUrl : config.playStoreUrl);
      },
      // only logged (§8)
      (err) => logError('update check', err),
    );
    return () => {
      stale = true;
    };
  }, [where]);
  if (!storeUrl) return null;
  return (
    <Modal opened onClose={() => setStoreUrl(null)} centered radius="lg" title="Update available">
      <Stack>
        <Text>{where === 'ios' ? TEXTS.iosUpdate : TEXTS.androidUpdate}</Text>
        <Button component="a" href={storeUrl} target="_blank" rel="noopener" size="md">
          {TEXTS.updateNow}
        </Button>
      </Stack>
    </Modal>
  );
}
