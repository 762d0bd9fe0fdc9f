import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard, DashboardPost } from '../../../../shared/api/dashboard.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useRetryPost } from '../api/retry-post';
import { editLink } from './dashboard-cards';
import { failureReason, LiveLinks, PostLine, useDateTimeFormat } from './post-line';
import { SectionCard } from './section-card';

/** Each failed network of the post and why, Retry (the failed networks again, now), and Edit while it may change. */
function FailureActions({ post }: { post: DashboardPost }) {
  const { t, i18n } = useTranslation();
  const retry = useRetryPost();
  const failed = post.targets.filter((target) => target.status === 'failed');
  const onRetry = () =>
    retry.mutate(post.id, {
      onSuccess: () => notify({ color: 'green', message: t('postDetail.retried') }),
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
    });
  return (
    <>
      <Stack gap={2}>
        {failed.map((target) => (
          <Text key={target.platform} size="sm" c="red.8">
            {t('dashboard.failedBecause', {
              platform: PLATFORM_NAMES[target.platform],
              reason: failureReason(t, (key) => i18n.exists(key), target),
            })}
          </Text>
        ))}
      </Stack>
      <LiveLinks post={post} />
      <Group gap="xs">
        <Button
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retry.isPending}
          onClick={onRetry}
        >
          {t('postDetail.retry')}
        </Button>
        {/* A post that went out nowhere may still be rewritten; one partly out may not. */}
        {post.status === 'failed' && (
          <Button
            component={Link}
            to={editLink(post.id)}
            size="compact-sm"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
          >
            {t('dashboard.edit')}
          </Button>
        )}
      </Group>
    </>
  );
}

/** Posts with a network that failed, the latest failure first. */
export function FailuresCard({ list }: { list: Dashboard['failures'] }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  return (
    <SectionCard
      id="dashboard-failures"
      title={t('dashboard.failures')}
      total={list.total}
      shown={list.items.length}
      empty={t('dashboard.noFailures')}
    >
      {list.items.map((post) => (
        <PostLine
          key={post.id}
          post={post}
          time={t('dashboard.failedAt', { time: format.format(new Date(post.at)) })}
        >
          <FailureActions post={post} />
        </PostLine>
      ))}
    </SectionCard>
  );
}
