import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * a status in an admin table. outlined: Mantine's light variant given a shade (`red.9`) fills the
 * badge with that shade and its label is unreadable on it. the label whole: a narrow table would
 * squeeze it to an ellipsis ("OP…")
 */
export function StatusBadge({ color, children }: { color: BadgeProps['color']; children: ReactNode }) {
  return (
    <Badge variant="outline" color={color} styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}>
      {children}
    </Badge>
  );
}
