import { Box, Card, Center, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { isSignedIn } from '../auth/token-storage.ts';
import { SetupCardSkeleton } from '../routes/home/setup-skeleton.tsx';
import { AppFrame, FrameHeader, FrameMain, FrameNavbar } from './app-frame.tsx';
import { Logo } from './logo.tsx';
import { PageLoader } from './page-loader.tsx';

// issue 22: what the first load shows while the page's code and the player's profile arrive: the
// app shell itself (the header, a signed-in player's menu) and the page's outline, not a full-page
// loader. the real shell replaces it once the route's loaders are done; the same sizes, so
// nothing jumps. on the signed-in home the outline is the home page's (title, setup card)

function NavbarSkeleton() {
  return (
    <Stack gap="lg" aria-hidden="true">
      {[80, 120, 100, 70].map((w) => (
        <Group key={w} gap="md" wrap="nowrap">
          <Skeleton h={22} w={22} radius="sm" />
          <Skeleton h={14} w={w} radius="xl" />
        </Group>
      ))}
    </Stack>
  );
}

function HomeSkeleton() {
  return (
    <Box maw={1040} mx="auto">
      <Stack gap={4} mb="lg">
        <Text c="ink.6" fw={800} tt="uppercase" fz="xs" style={{ letterSpacing: '0.12em' }}>
          Welcome back
        </Text>
        {/* the Word of the Day button's place: on a phone it wraps under the title */}
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>Ready for a round?</Title>
          <Skeleton h={36} w={166} radius="xl" />
        </Group>
      </Stack>
      <div className="home-grid">
        <SetupCardSkeleton />
        <Card p="lg" aria-hidden="true">
          <Skeleton h={20} w="50%" radius="xl" mb="md" />
          <Skeleton h={12} radius="xl" mb={8} />
          <Skeleton h={12} w="80%" radius="xl" />
        </Card>
      </div>
    </Box>
  );
}

export function ShellFallback() {
  const { pathname } = useLocation();
  const signedIn = isSignedIn();
  // a visitor's landing page is preloaded by index.html and shows almost at once: drawing the shell
  // first only delayed it (the landing's LCP was 0.6 s later in lighthouse's runs, side by side)
  if (!signedIn) return <PageLoader />;
  const withNavbar = signedIn && pathname !== '/game';
  return (
    <AppFrame desktopOpen={withNavbar}>
      <FrameHeader>
        <Group h="100%" className="bar-padding" gap="sm" wrap="nowrap">
          {/* where the menu button will be */}
          {withNavbar && <Box w={28} h={28} />}
          <Logo size={30} />
        </Group>
      </FrameHeader>
      {withNavbar && (
        <FrameNavbar>
          <NavbarSkeleton />
        </FrameNavbar>
      )}
      <FrameMain>
        <Box className="page-padding" role="status" aria-label="Loading SaySpell" aria-busy="true">
          {signedIn && pathname === '/' ? (
            <HomeSkeleton />
          ) : (
            <Center h="50dvh">
              <Loader type="dots" />
            </Center>
          )}
        </Box>
      </FrameMain>
    </AppFrame>
  );
}
