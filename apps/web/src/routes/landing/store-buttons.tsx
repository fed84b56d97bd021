import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../api/config.ts';

function StoreIcon({ d }: { d: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

const playIcon = 'M4 2.8v18.4c0 .6.6 1 1.1.7L21 13c.5-.3.5-1.1 0-1.4L5.1 2.1C4.6 1.8 4 2.2 4 2.8z';
const appleIcon =
  'M16.4 12.6c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.7.9-.8 0-2-.9-3.2-.8-1.7 0-3.2 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.1-1.2 2.9-2.4.9-1.3 1.3-2.6 1.3-2.7-.1 0-2.4-.9-2.3-3.9zM14 5.2c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z';

/** Play Store and App Store buttons; their addresses come from the server's config */
export function StoreButtons() {
  const config = useQuery(configQuery);
  const loading = config.isPending;
  return (
    <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
      <Button
        component="a"
        href={config.data?.playStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        size="lg"
        className="store-button wrap-button"
        color="dark"
        loading={loading}
        disabled={!loading && !config.data?.playStoreUrl}
        leftSection={<StoreIcon d={playIcon} />}
      >
        Get it on Google Play
      </Button>
      <Button
        component="a"
        href={config.data?.appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        size="lg"
        className="store-button wrap-button"
        color="dark"
        loading={loading}
        disabled={!loading && !config.data?.appStoreUrl}
        leftSection={<StoreIcon d={appleIcon} />}
      >
        Download on the App Store
      </Button>
    </Group>
  );
}
