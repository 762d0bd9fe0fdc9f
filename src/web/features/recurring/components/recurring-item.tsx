import { ActionIcon, Badge, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecurringPost } from '../../../../shared/api/recurring.schemas';
import { cardHtml } from '../../../../shared/card-html';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PLATFORM_ICONS } from '../../../components/platform-icon';
import { formatDateTime } from '../../../lib/format-date';
import { frequencyText } from './frequency-line';
import { RecurringDetails } from './recurring-details';
import { RuleApproval } from './rule-approval';

/**
 * One recurring post: when it goes out next (on the clock of the user's zone) or that it has ended, how
 * often, its content, images, videos and networks, then its AI insights, recent posts and skipped ones.
 */
export function RecurringItem({
  post,
  zone,
  onEdit,
  onDelete,
}: {
  post: RecurringPost;
  zone: string;
  /** Both left out where the member's role may not change recurring posts. */
  onEdit?: (post: RecurringPost) => void;
  onDelete?: (post: RecurringPost) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const next = post.active && post.nextScheduledDate;
  const waiting = post.approvalStatus !== 'approved';
  const images = post.media.filter((m) => m.kind === 'image');
  const videos = post.media.filter((m) => m.kind === 'video');
  return (
    <Card withBorder padding="md" component="li" aria-labelledby={`recurring-${post.id}-next`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text id={`recurring-${post.id}-next`} fw={600}>
                {waiting
                  ? t('recurring.noPostsYet')
                  : next
                    ? t('recurring.nextPost', { time: formatDateTime(next, { locale, timeZone: zone }) })
                    : t('recurring.endedLine')}
              </Text>
              {!next && !waiting && (
                <Badge color="gray" variant="light">
                  {t('recurring.ended')}
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconRepeat size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm">{frequencyText(t, locale, post)}</Text>
            </Group>
          </Stack>
          {onEdit && onDelete && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t('recurring.edit')} onClick={() => onEdit(post)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('recurring.delete')}
                onClick={() => onDelete(post)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        <RuleApproval post={post} />
        {/* The same allowlist the post details use: the rich text without scripts, links or styles. */}
        <Text
          size="sm"
          dir="auto"
          style={{ overflowWrap: 'anywhere' }}
          dangerouslySetInnerHTML={{ __html: cardHtml(post.content) }}
        />
        {images.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {images.map((image) => (
              <Image
                key={image.id}
                src={image.thumbnailUrl ?? image.url}
                alt={image.alt || image.name}
                h={80}
                fit="cover"
                radius="sm"
              />
            ))}
          </SimpleGrid>
        )}
        {videos.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {videos.map((video) => (
              // eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own upload, previewed: we hold no caption file for it
              <video
                key={video.id}
                src={video.url}
                controls
                preload="metadata"
                aria-label={video.name}
                style={{ width: '100%', maxHeight: 220, borderRadius: 4, background: 'black' }}
              >
                {t('media.noVideoSupport')}
              </video>
            ))}
          </SimpleGrid>
        )}
        <Group gap={6} aria-label={t('recurring.platforms')} role="list">
          {post.platforms.map((platform) => {
            const Icon = PLATFORM_ICONS[platform];
            return (
              <Badge
                key={platform}
                role="listitem"
                variant="outline"
                color="gray"
                tt="none"
                leftSection={<Icon size={12} aria-hidden />}
              >
                {PLATFORM_NAMES[platform]}
              </Badge>
            );
          })}
        </Group>
        <RecurringDetails post={post} zone={zone} />
      </Stack>
    </Card>
  );
}
