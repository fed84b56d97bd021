import { NavLink, Stack } from '@mantine/core';
import { SIGN_UP_REDIRECT_MS } from '@sayspell/core/constants';
import { NavLink as RouterLink, useLocation, useNavigate } from 'react-router';
import { signOut } from '../api/auth.ts';
import { SidebarIcon } from './sidebar-icon.tsx';
import { guestSidebar, type SidebarItem, userSidebar } from './sidebar-items.ts';

export function Sidebar({ isGuest, onNavigate }: { isGuest: boolean; onNavigate: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = isGuest ? guestSidebar : userSidebar;

  async function act(item: SidebarItem) {
    onNavigate();
    await signOut();
    if (item.kind === 'sign-up') {
      // the spec's short pause before the registration page (§2)
      window.setTimeout(() => navigate('/register'), SIGN_UP_REDIRECT_MS);
    } else {
      navigate('/login');
    }
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
