import { Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { UserView } from '@sayspell/core/protocol/auth';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { profileQuery } from '../api/auth.ts';
import { useSignedIn } from '../auth/use-signed-in.ts';
import { SocialLayer } from '../social/social-layer.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppFrame, FrameHeader, FrameMain, FrameNavbar } from './app-frame.tsx';
import { userBadge } from './header-badge.ts';
import { Logo } from './logo.tsx';
import { SocialMount } from './social-mount.tsx';

// the menu and the account popups are a signed-in player's: a visitor never downloads them, and
// the social popups' code loads when one has something to show (social-layer.tsx; issue 22)
const Sidebar = lazy(async () => ({ default: (await import('./sidebar.tsx')).Sidebar }));
const AccountPopups = lazy(async () => ({
  default: (await import('../popups/account-popups.tsx')).AccountPopups,
}));

function needsAccountPopup(user: UserView): boolean {
  return user.role !== 'guest' && (!user.hasConfirmedEULA || user.needsDemographic === true);
}

// pages without the copyright footer (§2)
const FOOTERLESS = ['/myavatar', '/game', '/leaderboard'];

export function AppLayout() {
  const signedIn = useSignedIn();
  const { pathname } = useLocation();
  const profile = useQuery({ ...profileQuery, enabled: signedIn });
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);

  // the sidebar toggle is hidden on /game (§2)
  const withNavbar = signedIn && pathname !== '/game';
  const user = signedIn ? profile.data : undefined;

  const shell = (
    <AppFrame mobileOpen={withNavbar && mobileOpen} desktopOpen={withNavbar && desktopOpen}>
      <FrameHeader>
        <Group h="100%" className="bar-padding" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {withNavbar && (
              <>
                <Burger
                  opened={mobileOpen}
                  onClick={mobile.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label="Menu"
                  aria-expanded={mobileOpen}
                />
                {/* on wide screens the menu sits beside the page: the icon stays a menu icon */}
                <Burger
                  opened={false}
                  onClick={desktop.toggle}
                  visibleFrom="sm"
                  size="sm"
                  aria-label="Menu"
                  aria-expanded={desktopOpen}
                />
              </>
            )}
            <Link to="/" aria-label="SaySpell home" style={{ textDecoration: 'none' }}>
              <Logo size={30} />
            </Link>
          </Group>
          {user ? (
            <Suspense fallback={null}>
              <userBadge.Component user={user} />
            </Suspense>
          ) : (
            !signedIn &&
            pathname !== '/login' && (
              <Button component={Link} to="/login" variant="subtle">
                Sign in
              </Button>
            )
          )}
        </Group>
      </FrameHeader>

      {withNavbar && (
        <FrameNavbar>
          <Suspense fallback={null}>
            <Sidebar
              isGuest={user?.role !== 'user' && user?.role !== 'admin'}
              isAdmin={user?.role === 'admin'}
              onNavigate={mobile.close}
            />
          </Suspense>
        </FrameNavbar>
      )}

      {/* registered users confirm the EULA, then fill the demographic form (§4). only loaded for
          one who has either still to do: a modal's code (≈ 12 files) is not every page load's */}
      {user && needsAccountPopup(user) && pathname !== '/adminRemoved' && (
        <Suspense fallback={null}>
          <AccountPopups user={user} />
        </Suspense>
      )}
      {user && pathname !== '/adminRemoved' && <SocialLayer />}

      <FrameMain>
        <Box style={{ flex: 1 }} className="page-padding">
          <Outlet />
        </Box>
        {!FOOTERLESS.includes(pathname) && <AppFooter withPrivacyLink={pathname === '/'} />}
      </FrameMain>
    </AppFrame>
  );
  // invites, chat and presence live as long as the player is signed in (§4); the contexts are
  // always there, so signing in or out never mounts the page again
  return <SocialMount me={user && pathname !== '/adminRemoved' ? user : null}>{shell}</SocialMount>;
}
