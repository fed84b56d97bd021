import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '../../api/auth.ts';
import { enterprisesQuery } from '../../api/enterprise-admin.ts';
import { EnterpriseCard } from './enterprise-card.tsx';
import { NewEnterpriseForm } from './new-enterprise-form.tsx';

// /admin/enterprises (§6 enterprise users, issue 7): enterprises, their members and the topics
// assigned to them; members pick those topics under Enterprise Topics when they set up a game.
// the command line (`npm run admin -- enterprise …`) does the same on the same service.

export function EnterprisesPage() {
  const profile = useQuery(profileQuery);
  const isAdmin = profile.data?.role === 'admin';
  const enterprises = useQuery({ ...enterprisesQuery, enabled: isAdmin });

  if (profile.data && !isAdmin) {
    return (
      <Card radius="lg" p="xl" maw={560} mx="auto" withBorder>
        <Title order={1} fz="h3">
          Enterprises
        </Title>
        <Text mt="sm">This page is for administrators.</Text>
      </Card>
    );
  }
  const list = enterprises.data ?? [];
  return (
    <Stack maw={1040} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1}>Enterprises</Title>
        <Text c="dimmed">
          Members see their enterprise’s topics under Enterprise Topics when they set up a game.
        </Text>
      </Stack>
      <NewEnterpriseForm />
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {enterprises.isPending
            ? 'Loading…'
            : enterprises.isError
              ? enterprises.error.message
              : 'No enterprises yet: create the first one above.'}
        </Text>
      ) : (
        list.map((e) => <EnterpriseCard key={e._id} enterprise={e} />)
      )}
    </Stack>
  );
}
