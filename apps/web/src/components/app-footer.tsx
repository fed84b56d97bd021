import { Anchor, Group, Text } from '@mantine/core';
import { PRODUCT } from '@sayspell/core/constants';

/** copyright line; the privacy-policy link shows only on / (§2) */
export function AppFooter({ withPrivacyLink }: { withPrivacyLink: boolean }) {
  return (
    <Group component="footer" justify="center" gap="md" py="lg" c="dimmed" fz="sm">
      <Text inherit>
        © {new Date().getFullYear()} {PRODUCT}
      </Text>
      {withPrivacyLink && (
        <Anchor href="/privacy-policy.html" inherit c="dimmed" underline="always">
          Privacy policy
        </Anchor>
      )}
    </Group>
  );
}
