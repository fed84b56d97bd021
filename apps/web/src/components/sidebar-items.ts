// the sidebar's entries per role (§2); 'sign-up' and 'log-out' are actions, the rest are links

export type SidebarItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'sign-up'; label: string }
  | { kind: 'log-out'; label: string };

export const guestSidebar: SidebarItem[] = [
  { kind: 'link', label: 'Home', to: '/' },
  { kind: 'link', label: 'Game History', to: '/history' },
  { kind: 'link', label: 'Leaderboard', to: '/leaderboard' },
  { kind: 'sign-up', label: 'Sign-up' },
];

export const userSidebar: SidebarItem[] = [
  { kind: 'link', label: 'Home', to: '/' },
  { kind: 'link', label: 'Account Details', to: '/profile' },
  { kind: 'link', label: 'Game History', to: '/history' },
  { kind: 'link', label: 'Settings', to: '/setting' },
  { kind: 'link', label: 'Leaderboard', to: '/leaderboard' },
  { kind: 'link', label: 'Gift Cards', to: '/giftcards' },
  { kind: 'log-out', label: 'Log Out' },
];
