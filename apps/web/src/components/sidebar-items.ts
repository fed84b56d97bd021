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

/** admins also get the moderation page, the word tools and the enterprises (§6 admin tools), just
 * before Log Out */
export const adminSidebar: SidebarItem[] = [
  ...userSidebar.slice(0, -1),
  { kind: 'link', label: 'Moderation', to: '/admin/reports' },
  { kind: 'link', label: 'Word Tools', to: '/admin/words' },
  { kind: 'link', label: 'Enterprises', to: '/admin/enterprises' },
  ...userSidebar.slice(-1),
];
