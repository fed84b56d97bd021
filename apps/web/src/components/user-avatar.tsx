import { Avatar, type AvatarProps } from '@mantine/core';
import { avatarUrl } from '../api/accounts.ts';

// the initials' colours: one pair per name, each a pale tint under its darkest shade, so the
// letters always read (WCAG AA, 4.5:1) whatever the name: only the hues whose shade 9 on tint 0
// clears it (teal, green, lime, orange and yellow do not)
export const AVATAR_HUES = ['indigo', 'grape', 'blue', 'red', 'cyan', 'pink', 'gray', 'violet'] as const;

function pairFor(name: string) {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const color = AVATAR_HUES[h % AVATAR_HUES.length] as string;
  return { background: `var(--mantine-color-${color}-0)`, color: `var(--mantine-color-${color}-9)` };
}

/** the player's picture (avatar1.png … avatar7.png) or their username's initials (§3 Avatar) */
export function UserAvatar({
  picture,
  username,
  ...props
}: { picture: string | null | undefined; username: string } & Omit<AvatarProps, 'src' | 'name'>) {
  return (
    <Avatar
      src={avatarUrl(picture)}
      name={username}
      radius="xl"
      alt={picture ? `${username}'s avatar` : undefined}
      styles={{ placeholder: { ...pairFor(username), fontWeight: 800 } }}
      {...props}
    />
  );
}
