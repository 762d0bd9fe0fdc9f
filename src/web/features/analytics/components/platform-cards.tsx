import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlatformSummary } from '../../../../shared/api/analytics.schemas';
import { PLATFORM_NAMES } from '../../../../shared/platforms/names';
import { PlatformIcon } from '../../../components/platform-icon';
import { formatDateTime } from '../../../lib/format-date';
import { Figure } from './figure';

const FIGURES = ['likes', 'shares', 'comments', 'reach'] as const;

/** One card per network with Likes, Shares, Comments and Reach (spec), its posts and when it was last read. */
export function PlatformCards({ platforms }: { platforms: PlatformSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {platforms.map((row) => (
        <Card key={row.platform} withBorder padding="md" data-testid={`platform-card-${row.platform}`}>
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <PlatformIcon platform={row.platform} size={20} />
              <Text fw={600}>{PLATFORM_NAMES[row.platform]}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('analytics.postsCount', { count: row.posts })}
            </Text>
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
            {FIGURES.map((figure) => (
              <Stack key={figure} gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase">
                  {t(`analytics.${figure}`)}
                </Text>
                <Figure value={row[figure]} platformName={PLATFORM_NAMES[row.platform]} size="xl" />
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="sm">
            {row.lastReadAt
              ? t('analytics.lastRead', { time: formatDateTime(row.lastReadAt, { locale: i18n.language }) })
              : t('analytics.notReadYet')}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
