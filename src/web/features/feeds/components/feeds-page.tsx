import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconRss } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feed } from '../../../../shared/api/feeds.schemas';
import { CardActions } from '../../../components/card-actions';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { PlatformIcon } from '../../../components/platform-icon';
import { errorMessage } from '../../../lib/error-message';
import { formatDayTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useCan } from '../../../lib/workspace-role';
import { useDeleteFeed } from '../api/delete-feed';
import { useFeeds } from '../api/get-feeds';
import { useSaveFeed } from '../api/save-feed';
import { FeedDialog, intervalText } from './feed-dialog';

/**
 * Feeds (issue 27): the workspace's RSS and Atom feeds, each with what its items become, how often it is
 * read, when it was last read and why that failed if it did; added, changed, paused and removed here.
 */
export function FeedsPage() {
  const { t } = useTranslation();
  const feeds = useFeeds();
  const mayManage = useCan('scheduleWithoutApproval');
  const [editing, setEditing] = useState<Feed | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Feed | null>(null);
  const remove = useDeleteFeed();

  return (
    <Container size="md" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('feeds.title')}</Title>
          {mayManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('feeds.add')}
            </Button>
          )}
        </Group>
        <Text c="dimmed">{t('feeds.intro')}</Text>
        {!mayManage && <Alert color="blue">{t('feeds.readOnly')}</Alert>}
        {feeds.isPending && <Loader aria-label={t('common.loading')} />}
        {feeds.isError && (
          <Alert color="red" role="alert">
            {errorMessage(t, feeds.error, 'feeds.failed')}
          </Alert>
        )}
        {feeds.data?.data.length === 0 && <Alert color="blue">{t('feeds.empty')}</Alert>}
        {feeds.data?.data.map((feed) => (
          <FeedCard
            key={feed.id}
            feed={feed}
            mayManage={mayManage}
            onEdit={() => setEditing(feed)}
            onDelete={() => setDeleting(feed)}
          />
        ))}
      </Stack>
      {editing && (
        <FeedDialog
          feed={editing === 'new' ? null : editing}
          ai={feeds.data?.ai ?? false}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          message={t('feeds.deleteQuestion', { feed: deleting.title || deleting.url })}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify({ color: 'green', message: t('feeds.deleted') });
                setDeleting(null);
              },
              onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
            })
          }
        />
      )}
    </Container>
  );
}

function FeedCard({
  feed,
  mayManage,
  onEdit,
  onDelete,
}: {
  feed: Feed;
  mayManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const save = useSaveFeed();
  const name = feed.title || feed.url;
  const pause = (paused: boolean) =>
    save.mutate(
      {
        id: feed.id,
        body: {
          url: feed.url,
          platforms: feed.platforms,
          accounts: feed.accounts,
          mode: feed.mode,
          template: feed.template,
          intervalMinutes: feed.intervalMinutes,
          rewrite: feed.rewrite,
          paused,
        },
      },
      {
        onSuccess: () =>
          notify({ color: 'green', message: t(paused ? 'feeds.pausedDone' : 'feeds.resumed') }),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );
  return (
    <Card withBorder padding="md" data-testid="feed" aria-label={name} component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <IconRss size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Anchor
              href={feed.url}
              target="_blank"
              rel="noreferrer noopener"
              size="xs"
              style={{ overflowWrap: 'anywhere' }}
            >
              {feed.url}
            </Anchor>
          </div>
        </Group>
        {mayManage && (
          <CardActions
            paused={feed.paused}
            labels={{
              pause: t('feeds.pause'),
              resume: t('feeds.resume'),
              pauseThis: t('feeds.pauseFeed', { feed: name }),
              resumeThis: t('feeds.resumeFeed', { feed: name }),
              edit: t('feeds.editFeed', { feed: name }),
              remove: t('feeds.deleteFeed', { feed: name }),
            }}
            pausing={save.isPending}
            onPause={pause}
            onEdit={onEdit}
            onRemove={onDelete}
          />
        )}
      </Group>
      <Group gap="xs" mt="sm">
        {feed.platforms.map((platform) => (
          <PlatformIcon key={platform} platform={platform} size={16} />
        ))}
        <Badge variant="light">{t(`feeds.modes.${feed.mode}`)}</Badge>
        {feed.rewrite && (
          <Badge variant="light" color="grape">
            {t('feeds.rewritten')}
          </Badge>
        )}
        <Badge variant="light" color="gray">
          {intervalText(t, feed.intervalMinutes)}
        </Badge>
        {feed.paused && (
          <Badge variant="light" color="orange">
            {t('feeds.paused')}
          </Badge>
        )}
      </Group>
      <Text size="sm" mt="xs" c="dimmed">
        {t('feeds.counts', { items: feed.items, posted: feed.posted })}
      </Text>
      <Text size="sm" role="status">
        {feed.lastReadAt
          ? t('feeds.lastRead', { time: formatDayTime(feed.lastReadAt, { timeZone: zone }) })
          : t('feeds.notReadYet')}
        {!feed.paused &&
          ` · ${t('feeds.nextRead', { time: formatDayTime(feed.nextReadAt, { timeZone: zone }) })}`}
      </Text>
      {feed.lastError && (
        <Alert color="red" mt="xs" p="xs">
          {t(`feeds.errors.${feed.lastError}`, { detail: feed.lastErrorDetail ?? '' })}{' '}
          {t('feeds.failures', { count: feed.failures })}
        </Alert>
      )}
    </Card>
  );
}
