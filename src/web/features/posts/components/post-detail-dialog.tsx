import { useCan } from '../../../lib/workspace-role';
import { Anchor, Badge, Button, Card, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconRefresh, IconRepeat } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Post, PostTarget } from '../../../../shared/api/posts.schemas';
import { cardHtml } from '../../../../shared/card-html';
import { PlatformIcon } from '../../../components/platform-icon';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import type { Platform } from '../../../../shared/platforms/rules';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatLongDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { isClientError, usePost } from '../api/get-post';
import { useRetryPost } from '../api/retry-post';
import { ApprovalBar, PostHistoryList } from './post-approval';
import { usePostsSlots } from './posts-slots';
import { usePostNotOpened } from '../hooks/use-open-post';
import { TARGET_COLOR } from '../../../components/target-color';
import { blockedText, POST_STATUS_COLOR, targetReason } from '../target-status';
import { targetName } from '../../../lib/accounts';

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** One network of the post: where it stands, why it failed, how often it was tried, and its live link. */
function TargetRow({ target }: { target: PostTarget }) {
  const { t } = useTranslation();
  const name = targetName(t, target);
  const blocked = blockedText(t, target);
  const reason = target.status === 'failed' || target.status === 'retrying' ? targetReason(t, target) : null;
  return (
    <Card withBorder padding="sm" role="group" aria-label={name}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <PlatformIcon platform={target.platform} size={18} />
          <Text fw={600}>{name}</Text>
        </Group>
        <Badge variant="light" color={TARGET_COLOR[target.status]}>
          {t(`targets.status.${target.status}`)}
        </Badge>
      </Group>
      {blocked && (
        <Text size="sm" c="yellow.8" mt={6}>
          {blocked}
        </Text>
      )}
      {reason && (
        <Text size="sm" c={target.status === 'failed' ? 'red' : 'orange'} mt={6}>
          {t(target.status === 'failed' ? 'postDetail.reason' : 'postDetail.lastError', { reason })}
        </Text>
      )}
      <Group gap="md" mt={6}>
        <Text size="sm" c="dimmed">
          {t('postDetail.attempts', { n: target.attempts })}
        </Text>
        {target.status === 'retrying' && target.nextAttemptAt && (
          <Text size="sm" c="dimmed">
            {t('postDetail.nextAttempt', { time: formatDateTime(target.nextAttemptAt) })}
          </Text>
        )}
        {target.publishedAt && (
          <Text size="sm" c="dimmed">
            {t('postDetail.publishedAt', { time: formatDateTime(target.publishedAt) })}
          </Text>
        )}
        {target.remoteUrl && isWebLink(target.remoteUrl) && (
          <Anchor
            href={target.remoteUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            aria-label={t('postDetail.viewPostOn', { platform: name })}
          >
            <Group gap={4} wrap="nowrap" component="span">
              {t('postDetail.viewPost')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
    </Card>
  );
}

/** When the post goes out, on the clock of the reader's zone (the profile's), naming the zone. */
function scheduledText(t: TFunction, post: Post, zone: string) {
  if (!post.scheduledAt) return t('postDetail.notScheduled');
  return t('postDetail.scheduledFor', {
    time: formatLongDateTime(post.scheduledAt, { timeZone: zone }),
    zone,
  });
}

/**
 * A post's details: its text, when it goes out, and each network's publishing status, with Retry. The
 * calendar holds only the card, so the whole post comes first (a loader meanwhile), then again every few
 * seconds while it is being published.
 */
export function PostDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: post, error } = usePost(id);
  const notOpened = usePostNotOpened();
  // Gone (deleted meanwhile) or never loaded: say so and close. A failed refresh keeps what is shown.
  const fatal = error && (!post || isClientError(error)) ? error : null;
  useEffect(() => {
    if (!fatal) return;
    notOpened(fatal);
    onClose();
  }, [fatal, notOpened, onClose]);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('postDetail.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
      centered
    >
      {post ? (
        <PostDetails post={post} onClose={onClose} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Modal>
  );
}

/** An occurrence of a recurring post says so, with when the rule planned it, and leads to the rule. */
function RecurringNote({ post, zone, onClose }: { post: Post; zone: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconRepeat size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        {post.occurrenceAt
          ? t('recurring.occurrenceOf', {
              time: formatLongDateTime(post.occurrenceAt, { timeZone: zone }),
            })
          : t('recurring.occurrence')}{' '}
        <Anchor component={Link} to="/posts?view=recurring" size="sm" onClick={onClose}>
          {t('recurring.showRecurring')}
        </Anchor>
      </Text>
    </Group>
  );
}

/**
 * Edited videos being made for the post, or that could not be made, and why. Done ones say nothing, nor
 * cancelled ones: stopped because no waiting post needed them, they are made when one is scheduled.
 */
function RenderStatus({ post }: { post: Post }) {
  const { t } = useTranslation();
  const shown = post.media.filter(
    (m) => m.render && m.render.status !== 'ready' && m.render.status !== 'cancelled',
  );
  if (!shown.length) return null;
  return (
    <Stack gap={4}>
      {shown.map((m) =>
        m.render!.status === 'failed' ? (
          <Text key={m.id} size="sm" c="red" role="alert">
            {t('videoRender.failed', {
              name: m.name,
              reason: t(`videoRender.failures.${m.render!.error ?? 'internal'}`),
            })}
          </Text>
        ) : (
          <Group key={m.id} gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm" role="status">
              {t('videoRender.rendering', { name: m.name })}
            </Text>
          </Group>
        ),
      )}
    </Stack>
  );
}

function PostDetails({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const retry = useRetryPost();
  const mayRetry = useCan('schedule');
  const { comments: Comments, shareForReview: ShareForReview, evergreen: Evergreen } = usePostsSlots();
  const failed = post.targets.some((target) => target.status === 'failed');
  const onRetry = () =>
    retry.mutate(post.id, {
      onSuccess: () => notify({ color: 'green', message: t('postDetail.retried') }),
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
    });
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{scheduledText(t, post, zone)}</Text>
        <Badge variant="light" color={POST_STATUS_COLOR[post.status]}>
          {t(`calendar.status.${post.status}`)}
        </Badge>
      </Group>
      <ApprovalBar post={post} onDecided={onClose} />
      {post.recurringId && <RecurringNote post={post} zone={zone} onClose={onClose} />}
      <Paper withBorder p="sm" radius="sm" aria-label={t('postDetail.content')} role="article">
        {post.content.trim() ? (
          <Text size="sm" dangerouslySetInnerHTML={{ __html: cardHtml(post.content) }} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('preview.empty')}
          </Text>
        )}
      </Paper>
      {post.versions.map((version) => (
        <OwnVersion
          key={`${version.platform} ${version.account ?? ''}`}
          platform={version.platform}
          account={
            version.account === null
              ? null
              : (post.targets.find((t) => t.account?.id === version.account)?.account?.username ?? null)
          }
          content={version.content}
        />
      ))}
      <RenderStatus post={post} />
      <Stack gap="xs">
        {post.targets.map((target) => (
          <TargetRow key={`${target.platform}:${target.account?.id ?? ''}`} target={target} />
        ))}
      </Stack>
      <PostHistoryList post={post} zone={zone} />
      {Comments && <Comments postId={post.id} />}
      <Group justify="flex-end">
        {Evergreen && post.status !== 'draft' && <Evergreen postId={post.id} platforms={post.platforms} />}
        {ShareForReview && ['draft', 'scheduled', 'awaiting_approval'].includes(post.status) && (
          <ShareForReview postId={post.id} />
        )}
        {failed && mayRetry && (
          <Button leftSection={<IconRefresh size={16} />} loading={retry.isPending} onClick={onRetry}>
            {t('postDetail.retry')}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A network's (or one account's) own version of the post, under the text for all networks: what that
 * network or account receives.
 */
function OwnVersion({
  platform,
  account,
  content,
}: {
  platform: Platform;
  /** The account's name, for an account's version. */
  account: string | null;
  content: string;
}) {
  const { t } = useTranslation();
  const network = PLATFORM_NAMES[platform];
  const label = t('versions.ownLabel', {
    network: account === null ? network : t('versions.accountName', { network, account }),
  });
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={label} role="article">
      <Group gap={6} mb={4} wrap="nowrap">
        <PlatformIcon platform={platform} size={14} />
        <Text size="xs" fw={600}>
          {label}
        </Text>
      </Group>
      {content.trim() ? (
        <Text size="sm" dangerouslySetInnerHTML={{ __html: cardHtml(content) }} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('preview.empty')}
        </Text>
      )}
    </Paper>
  );
}
