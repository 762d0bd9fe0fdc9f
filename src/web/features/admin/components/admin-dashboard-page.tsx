import { Alert, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSuperAdmin } from '../../../../shared/roles';
import { formatDateTime } from '../../../lib/format-date';
import { useProfile } from '../../../lib/session';
import { useAdminStats } from '../api/get-admin-stats';
import { useAudit } from '../api/get-audit';

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { data: me } = useProfile();
  const stats = useAdminStats();
  const superAdmin = Boolean(me && isSuperAdmin(me.role));
  const audit = useAudit(15, superAdmin);

  const figures = [
    { label: t('adminDashboard.users'), value: stats.data?.users },
    { label: t('adminDashboard.trialsPending'), value: stats.data?.trialsPending },
    { label: t('adminDashboard.postsToday'), value: stats.data?.postsScheduledToday },
    { label: t('adminDashboard.failures24h'), value: stats.data?.failuresLast24h },
  ];

  return (
    <Stack>
      <Title order={1}>{t('admin.dashboardTitle')}</Title>
      {stats.isError && (
        <Alert color="red" role="alert">
          {t('errors.generic')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {figures.map(({ label, value }) => (
          <Card key={label} withBorder padding="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fz={32} fw={700} aria-label={label}>
              {stats.isPending ? <Loader size="sm" /> : value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {superAdmin && (
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('adminDashboard.auditTitle')}
            </Title>
          </Group>
          {audit.data && audit.data.length === 0 && <Text c="dimmed">{t('adminDashboard.auditEmpty')}</Text>}
          {audit.data && audit.data.length > 0 && (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('adminDashboard.when')}</Table.Th>
                    <Table.Th>{t('adminDashboard.who')}</Table.Th>
                    <Table.Th>{t('adminDashboard.what')}</Table.Th>
                    <Table.Th>{t('adminDashboard.whom')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {audit.data.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                      <Table.Td>{entry.actorEmail}</Table.Td>
                      <Table.Td>{t(`audit.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
                      <Table.Td>{entry.targetEmail ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
    </Stack>
  );
}
