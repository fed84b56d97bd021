import { LineIcon } from './line-icon.tsx';

// small line icons for the sidebar; decorative, the label says what the entry is

const paths: Record<string, string> = {
  Home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  'Account Details': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  'Game History': 'M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7M3 4v4h4',
  Settings: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M16 4v4M10 10v4M18 16v4',
  Leaderboard: 'M8 21V11H4v10zM14 21V4h-4v17zM20 21v-7h-4v7z',
  'Gift Cards': 'M3 9h18v4H3zM5 13h14v8H5zM12 9v12M12 9c-2-5-6-4-6-2s3 2 6 2c3 0 6 0 6-2s-4-3-6 2',
  'Sign-up': 'M15 12a4 4 0 1 0-6 0M3 21c0-4 3-6 7-6M19 14v6M16 17h6',
  Moderation: 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM9 12l2 2 4-4',
  'Word Tools': 'M4 20l4-14h2l4 14M5.5 15h7M15 20V9h3a2.5 2.5 0 0 1 0 5h-3M18 14a3 3 0 0 1 0 6h-3',
  Enterprises:
    'M4 21V5a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v16M14 10h5a1 1 0 0 1 1 1v10M2 21h20M8 8h2M8 12h2M8 16h2M16 14h2M16 17h2',
  'Log Out': 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l-5-5 5-5M5 12h11',
};

export function SidebarIcon({ label }: { label: string }) {
  return <LineIcon d={paths[label] ?? 'M4 12h16'} />;
}
