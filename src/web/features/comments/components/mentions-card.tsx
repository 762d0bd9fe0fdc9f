import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/api/comments.schemas';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { useNotifications } from '../api/get-notifications';
import { useReadNotifications } from '../api/read-notifications';

const SHOWN = 6;

/**
 * The dashboard's card of comments that mention the reader, unread first marked: Open shows the post
 * (`openPost`, the app's post details, where the thread is) and marks it read; a recurring rule's
 * leads to the recurring posts.
 */
export function MentionsCard({ openPost }: { openPost?: (postId: string) => void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const { data } = useNotifications();
  const read = useReadNotifications();
  if (!data) return null;
  const shown = data.data.slice(0, SHOWN);
  const markRead = (ids?: string[]) =>
    read.mutate(ids ? { ids } : {}, {
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
    });
  const open = (notice: Notification) => {
    if (!notice.read) markRead([notice.id]);
    if (notice.postId) openPost?.(notice.postId);
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-mentions">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id="dashboard-mentions">
          {t('comments.mentionsTitle')}
        </Title>
        {data.unread > 0 && (
          <Badge variant="filled" color="blue" aria-label={t('comments.unread', { count: data.unread })}>
            {data.unread}
          </Badge>
        )}
      </Group>
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('comments.mentionsNone')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((notice) => (
            <li key={notice.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={notice.read ? 400 : 700}>
                    {notice.kind === 'review'
                      ? t('comments.reviewComment', { who: notice.by })
                      : notice.recurringId
                        ? t('comments.mentionedYouOnRule', { who: notice.by })
                        : t('comments.mentionedYou', { who: notice.by })}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2} dir="auto">
                    {notice.excerpt}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(notice.at, { timeZone: zone })}
                  </Text>
                </div>
                {notice.postId && openPost ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    onClick={() => open(notice)}
                  >
                    {t('comments.open')}
                  </Button>
                ) : notice.recurringId ? (
                  <Anchor
                    component={Link}
                    to="/posts?view=recurring"
                    size="sm"
                    style={{ flexShrink: 0 }}
                    onClick={() => !notice.read && markRead([notice.id])}
                  >
                    {t('comments.open')}
                  </Anchor>
                ) : null}
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {data.unread > 0 && (
        <Group justify="flex-end" mt="sm">
          <Button size="compact-sm" variant="subtle" loading={read.isPending} onClick={() => markRead()}>
            {t('comments.markAllRead')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
