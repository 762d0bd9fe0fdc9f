import { ActionIcon, Alert, Card, Chip, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Insights } from '../../../../shared/api/ai.schemas';
import { InsightToneBadge } from './insight-tone-badge';
import { InsightsTime } from './insights-time';
import { recommendationText } from './recommendation-text';

/** The bare tag, whether or not the server wrote its '#'. */
const bareTag = (tag: string) => tag.replace(/^#+/, '');

/**
 * The composer's AI insights: the tone, when they were made, the recommendations, and hashtags that go
 * into the post on a click.
 */
export function InsightsPanel({
  insights,
  onHashtag,
  onClose,
}: {
  insights: Insights;
  onHashtag: (tag: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const recommendations = insights.recommendations
    .map((rec) => recommendationText(t, i18n, rec))
    .filter(Boolean);
  return (
    <Card withBorder padding="sm" w="100%" role="region" aria-label={t('ai.title')}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={3} size="h5">
              {t('ai.title')}
            </Title>
            {insights.analysed && <InsightToneBadge tone={insights.tone} />}
            <Text size="xs" c="dimmed">
              {t(`ai.source.${insights.source}`)}
            </Text>
          </Group>
          <ActionIcon variant="subtle" color="gray" aria-label={t('aiPanel.closeInsights')} onClick={onClose}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
        <InsightsTime insights={insights} />
        {!insights.analysed && (
          <Alert color="yellow" variant="light" p="xs">
            {t('ai.englishOnly')}
          </Alert>
        )}
        <div>
          <Title order={4} size="h6" mb={4}>
            {t('ai.recommendations')}
          </Title>
          {recommendations.length ? (
            <List size="sm" spacing={2}>
              {recommendations.map((text, i) => (
                <List.Item key={i}>{text}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t('ai.noRecommendations')}
            </Text>
          )}
        </div>
        <div>
          <Title order={4} size="h6" mb={4}>
            {t('ai.hashtags')}
          </Title>
          {insights.hashtags.length ? (
            <Group gap={6}>
              {insights.hashtags.map(bareTag).map((tag) => (
                <Chip
                  key={tag}
                  size="sm"
                  checked={false}
                  onChange={() => onHashtag(tag)}
                  aria-label={t('aiPanel.addHashtag', { tag })}
                >
                  {/* '#tag' keeps the '#' before a Latin tag in a right-to-left page. */}
                  <bdi>#{tag}</bdi>
                </Chip>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('aiPanel.noHashtags')}
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}
