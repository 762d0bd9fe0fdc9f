import { Chip, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Insights } from '../../../../shared/api/ai.schemas';
import { InsightToneBadge } from './insight-tone-badge';
import { InsightsTime } from './insights-time';
import { recommendationText } from './recommendation-text';

/**
 * Stored AI insights: the tone as a coloured badge with its score (or "English only" when the built-in
 * analysis could not read the text), the recommendations, and the suggested hashtags as chips.
 */
export function InsightsSummary({ insights }: { insights: Insights | null }) {
  const { t, i18n } = useTranslation();
  if (!insights)
    return (
      <Text size="sm" c="dimmed">
        {t('ai.noInsights')}
      </Text>
    );
  const recommendations = insights.recommendations
    .map((rec) => recommendationText(t, i18n, rec))
    .filter(Boolean);
  const score = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(insights.score);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {insights.analysed ? (
          <>
            <InsightToneBadge tone={insights.tone} />
            <Text size="xs" c="dimmed">
              {t('ai.score', { score })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ai.englishOnly')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          · {t(`ai.source.${insights.source}`)}
        </Text>
      </Group>
      <InsightsTime insights={insights} />
      <div>
        <Text size="sm" fw={500}>
          {t('ai.recommendations')}
        </Text>
        {recommendations.length ? (
          <List size="sm" spacing={2}>
            {recommendations.map((text, index) => (
              <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                {text}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ai.noRecommendations')}
          </Text>
        )}
      </div>
      {insights.hashtags.length > 0 && (
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('ai.hashtags')}
          </Text>
          <Group gap={6}>
            {insights.hashtags.map((tag) => (
              <Chip key={tag} size="xs" checked={false} readOnly dir="ltr">
                {tag}
              </Chip>
            ))}
          </Group>
        </div>
      )}
    </Stack>
  );
}
