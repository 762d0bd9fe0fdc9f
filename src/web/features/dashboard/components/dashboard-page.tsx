import { Alert, Button, Center, Container, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { useProfile } from '../../../lib/session';
import { useCan } from '../../../lib/workspace-role';
import { useDashboard } from '../api/get-dashboard';
import { AccountsCard, AwaitingCard, DraftsCard, RecentCard, UpcomingCard } from './dashboard-cards';
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
  postDetails: PostDetails,
  mentions: Mentions,
}: {
  notices?: ReactNode;
  actions?: ReactNode;
  reconnect?: ReactNode;
  /** A post opened from the page (the posts feature's details, to approve or send back). */
  postDetails?: ComponentType<{ id: string; onClose: () => void }>;
  /** The comments that mention the reader (the comments feature's card); Open shows the post. */
  mentions?: ComponentType<{ openPost?: (id: string) => void }>;
}) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const { data, error, refetch, isFetching } = useDashboard();
  const mayWrite = useCan('write');
  const mayApprove = useCan('approve');
  const [reviewing, setReviewing] = useState<string | null>(null);
  const awaiting = data && (data.awaiting.total > 0 || data.awaitingRecurring > 0 || mayApprove);
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
          {mayWrite && (
            <Button component={Link} to="/posts?new=1" leftSection={<IconPencil size={18} aria-hidden />}>
              {t('dashboard.compose')}
            </Button>
          )}
        </Group>
      </Group>
      {notices}
      {data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {awaiting && (
            <AwaitingCard
              list={data.awaiting}
              recurring={data.awaitingRecurring}
              onReview={mayApprove && PostDetails ? setReviewing : undefined}
            />
          )}
          {Mentions && <Mentions openPost={PostDetails ? setReviewing : undefined} />}
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
      {reviewing && PostDetails && (
        <PostDetails
          id={reviewing}
          onClose={() => {
            setReviewing(null);
            void refetch();
          }}
        />
      )}
    </Container>
  );
}
