import { NavLink, Stack } from '@mantine/core';
import { NavLink as RouterLink, useLocation, useNavigate } from 'react-router';
import { logOut, signUpFromGuest } from '../auth/sign-up.ts';
import { SidebarIcon } from './sidebar-icon.tsx';
import { adminSidebar, guestSidebar, type SidebarItem, userSidebar } from './sidebar-items.ts';

export function Sidebar({
  isGuest,
  isAdmin = false,
  onNavigate,
}: {
  isGuest: boolean;
  isAdmin?: boolean;
  onNavigate: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = isGuest ? guestSidebar : isAdmin ? adminSidebar : userSidebar;

  async function act(item: SidebarItem) {
    onNavigate();
    // Sign-up keeps the guest's games, logs out and opens /register after 0.5 s (§2);
    // Log Out disconnects, logs out and reloads onto /login after 0.5 s (§4)
    if (item.kind === 'sign-up') await signUpFromGuest(navigate);
    else await logOut();
  }

  return (
    <Stack component="nav" aria-label="Main" gap={4}>
      {items.map((item) =>
        item.kind === 'link' ? (
          <NavLink
            key={item.label}
            component={RouterLink}
            to={item.to}
            label={item.label}
            leftSection={<SidebarIcon label={item.label} />}
            active={pathname === item.to}
            onClick={onNavigate}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            fw={600}
          />
        ) : (
          <NavLink
            key={item.label}
            component="button"
            type="button"
            label={item.label}
            leftSection={<SidebarIcon label={item.label} />}
            onClick={() => void act(item)}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            fw={600}
            c={item.kind === 'sign-up' ? 'ink.7' : undefined}
          />
        ),
      )}
    </Stack>
  );
}
