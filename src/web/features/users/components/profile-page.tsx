import { Alert, Card, Container, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/session';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('profile.title')}</Title>
        {!profile ? (
          <Alert color="yellow">{t('profile.notLoggedIn')}</Alert>
        ) : (
          <Card withBorder>
            <Table variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={180}>{t('profile.displayName')}</Table.Th>
                  <Table.Td>{profile.displayName || profile.email}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('profile.email')}</Table.Th>
                  <Table.Td>{profile.email}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('profile.role')}</Table.Th>
                  <Table.Td>{t(`roles.${profile.role}`)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
