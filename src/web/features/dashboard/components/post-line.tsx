import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardPost, DashboardTarget } from '../../../../shared/api/dashboard.schemas';
import { cardHtml } from '../../../../shared/card-html';
import { wordedErrorCode } from '../../../../shared/platforms/error-codes';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PLATFORM_ICONS } from '../../../components/platform-icon';
import { TARGET_COLOR } from '../../../components/target-color';
import { formatDayTime } from '../../../lib/format-date';

/** Day and time in the reader's language and on their clock, e.g. "Thu, 27 Nov, 14:30". */
export function useDateTimeFormat() {
  const { i18n } = useTranslation();
  return useMemo(
    () => ({ format: (at: Date) => formatDayTime(at, { locale: i18n.language }) }),
    [i18n.language],
  );
}

/** Why a network failed, in the reader's language when the code is one we word, else the network's own text. */
export function failureReason(t: TFunction, exists: (key: string) => boolean, target: DashboardTarget) {
  const code = wordedErrorCode(target.lastErrorCode);
  const key = `networkErrors.${code}`;
  if (code && exists(key)) return t(key, { platform: PLATFORM_NAMES[target.platform] });
  return target.lastError ?? t('dashboard.failedNoReason');
}

/** The post's text as its card: made by the server, passed through again so that nothing else reaches the page. */
export function PostText({ card }: { card: string }) {
  const { t } = useTranslation();
  if (!card.trim())
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('dashboard.noText')}
      </Text>
    );
  return <Text size="sm" lineClamp={2} dangerouslySetInnerHTML={{ __html: cardHtml(card) }} />;
}

/** One network of a post: its mark and where it stands ("X: published", "Connect Bluesky to publish"). */
function TargetBadge({ target }: { target: DashboardTarget }) {
  const { t } = useTranslation();
  const Icon = PLATFORM_ICONS[target.platform];
  const platform = PLATFORM_NAMES[target.platform];
  const label = target.blocked
    ? t(`targets.blocked.${target.blocked}`, { platform })
    : t(`targets.label.${target.status}`, { platform });
  return (
    <Badge
      variant="light"
      color={TARGET_COLOR[target.blocked ? 'blocked' : target.status]}
      leftSection={<Icon size={12} aria-hidden />}
      styles={{ label: { textTransform: 'none' } }}
    >
      {label}
    </Badge>
  );
}

/** Links to the live posts, one per network that published. */
export function LiveLinks({ post }: { post: DashboardPost }) {
  const { t } = useTranslation();
  const live = post.targets.filter((target) => target.remoteUrl);
  if (!live.length) return null;
  return (
    <Group gap="md">
      {live.map((target) => (
        <Anchor
          key={target.platform}
          href={target.remoteUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          <Group gap={4} wrap="nowrap" component="span">
            {t('postDetail.viewPostOn', { platform: PLATFORM_NAMES[target.platform] })}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * A post in a list: when (`time`, already worded), its text, each network's status, then `children`
 * (links, reasons, actions).
 */
export function PostLine({
  post,
  time,
  children,
}: {
  post: DashboardPost;
  time: string;
  children?: ReactNode;
}) {
  return (
    <Stack
      gap={6}
      component="li"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="xs" c="dimmed" fw={600}>
        {time}
      </Text>
      <PostText card={post.card} />
      {post.targets.length > 0 && (
        <Group gap={6}>
          {post.targets.map((target) => (
            <TargetBadge key={target.platform} target={target} />
          ))}
        </Group>
      )}
      {children}
    </Stack>
  );
}
