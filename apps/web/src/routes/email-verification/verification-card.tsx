import { Card, Center, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** the frame both verification pages share: a big round icon, a title, the content */
export function VerificationCard({
  icon,
  color,
  title,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Center pt={{ base: 0, sm: 32 }}>
      <Card w="100%" maw={520} p={{ base: 'lg', sm: 36 }} shadow="md">
        <Stack gap="lg">
          <Stack gap="sm" align="center" ta="center">
            <ThemeIcon size={72} radius="xl" color={color} variant="light">
              {icon}
            </ThemeIcon>
            <Title order={1} fz="h2">
              {title}
            </Title>
          </Stack>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}

const svg = {
  width: 38,
  height: 38,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
};

export const MailIcon = () => (
  <svg {...svg} aria-hidden="true" strokeLinecap="round" strokeLinejoin="round">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);
export const CheckIcon = () => (
  <svg {...svg} aria-hidden="true" strokeLinecap="round" strokeLinejoin="round">
    <path d="M20 6 9 17l-5-5" />
  </svg>
);
export const AlertIcon = () => (
  <svg {...svg} aria-hidden="true" strokeLinecap="round" strokeLinejoin="round">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v5M12 16h.01" />
  </svg>
);
