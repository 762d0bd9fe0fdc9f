import { Alert, Button, Center, Container, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { useProfile } from '../../../lib/session';
import { useDashboard } from '../api/get-dashboard';
import { AccountsCard, DraftsCard, RecentCard, UpcomingCard } from './dashboard-cards';
import { FailuresCard } from './failures-card';

/**
 * The signed-in user's start page: what goes out in the next days, what came out, what failed and why,
 * accounts to reconnect, and drafts. The app adds `notices` above it, `actions` beside Write a post
 * (Manage Platforms) and `reconnect`, the way to reconnect an account (the same dialog).
 */
export function DashboardPage({
  notices,
  actions,
  reconnect,
}: {
  notices?: ReactNode;
  actions?: ReactNode;
  reconnect?: ReactNode;
}) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const { data, error, refetch, isFetching } = useDashboard();
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="lg">
        <div>
          <Title order={1}>{t('dashboard.title')}</Title>
          {profile && (
            <Text c="dimmed">{t('dashboard.welcome', { name: profile.displayName || profile.email })}</Text>
          )}
        </div>
        <Group gap="sm">
          {actions}
          <Button component={Link} to="/posts" leftSection={<IconPencil size={18} aria-hidden />}>
            {t('dashboard.compose')}
          </Button>
        </Group>
      </Group>
      {notices}
      {data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <UpcomingCard list={data.upcoming} />
          <FailuresCard list={data.failures} />
          <RecentCard list={data.recent} />
          <DraftsCard list={data.drafts} />
          <AccountsCard accounts={data.reconnect} action={reconnect} />
        </SimpleGrid>
      ) : error ? (
        <Alert color="red" role="alert" title={t('dashboard.loadFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(t, error)}</Text>
            <Button size="xs" variant="white" color="red" loading={isFetching} onClick={() => void refetch()}>
              {t('dashboard.tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Container>
  );
}
