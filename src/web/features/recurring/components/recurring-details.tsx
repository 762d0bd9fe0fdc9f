import { Accordion, Badge, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHistory, IconMessageCircle, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecurringPost } from '../../../../shared/api/recurring.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PLATFORM_ICONS } from '../../../components/platform-icon';
import { formatDateTime } from '../../../lib/format-date';
import { TARGET_COLOR } from '../../../components/target-color';
import { useRecurringSlots } from './recurring-slots';

/** The posts already made from the rule, newest first, each network with where it stands. */
function RecentPosts({ post, zone }: { post: RecurringPost; zone: string }) {
  const { t, i18n } = useTranslation();
  if (!post.occurrences.length)
    return (
      <Text size="sm" c="dimmed">
        {t('recurring.recentEmpty')}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {post.occurrences.map((occurrence) => (
        <Group key={occurrence.postId} component="li" gap="xs" wrap="wrap">
          <Text size="sm" component="time" dateTime={occurrence.at}>
            {formatDateTime(occurrence.at, { locale: i18n.language, timeZone: zone })}
          </Text>
          {occurrence.targets.map((target) => {
            const Icon = PLATFORM_ICONS[target.platform];
            return (
              <Badge
                key={target.platform}
                size="sm"
                variant="light"
                tt="none"
                color={TARGET_COLOR[target.status]}
                leftSection={<Icon size={12} aria-hidden />}
              >
                {t(`targets.label.${target.status}`, { platform: PLATFORM_NAMES[target.platform] })}
              </Badge>
            );
          })}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * What a recurring post holds besides its rule: its AI insights (computed by the server after each save), the posts
 * made from it, and the occurrences skipped because the server was down past the grace period (never
 * published late in a batch: DESIGN.md section 8).
 */
export function RecurringDetails({ post, zone }: { post: RecurringPost; zone: string }) {
  const { t, i18n } = useTranslation();
  const { insights: Insights, comments: Comments } = useRecurringSlots();
  return (
    <>
      {post.skippedTotal > 0 && (
        <Group gap={6} wrap="nowrap" c="orange.8">
          <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{t('recurring.skipped', { count: post.skippedTotal })}</Text>
        </Group>
      )}
      <Accordion multiple variant="contained">
        {Insights && (
          <Accordion.Item value="insights">
            <Accordion.Control icon={<IconSparkles size={16} aria-hidden />}>
              {t('recurring.insights')}
            </Accordion.Control>
            <Accordion.Panel>
              <Insights insights={post.aiInsights} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        <Accordion.Item value="recent">
          <Accordion.Control icon={<IconHistory size={16} aria-hidden />}>
            {t('recurring.recent')}
          </Accordion.Control>
          <Accordion.Panel>
            <RecentPosts post={post} zone={zone} />
          </Accordion.Panel>
        </Accordion.Item>
        {Comments && (
          <Accordion.Item value="comments">
            <Accordion.Control icon={<IconMessageCircle size={16} aria-hidden />}>
              {t('comments.title')}
            </Accordion.Control>
            <Accordion.Panel>
              <Comments recurringId={post.id} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {post.skipped.length > 0 && (
          <Accordion.Item value="skipped">
            <Accordion.Control icon={<IconAlertTriangle size={16} aria-hidden />}>
              {t('recurring.skippedTitle')}
            </Accordion.Control>
            <Accordion.Panel>
              <List size="sm" spacing={2}>
                {post.skipped.map((skip) => (
                  <List.Item key={skip.at}>
                    <time dateTime={skip.at}>
                      {formatDateTime(skip.at, { locale: i18n.language, timeZone: zone })}
                    </time>
                  </List.Item>
                ))}
              </List>
              {post.skippedTotal > post.skipped.length && (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('recurring.skippedShown', { shown: post.skipped.length, total: post.skippedTotal })}
                </Text>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
    </>
  );
}
