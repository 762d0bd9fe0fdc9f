import { Badge, Chip, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Insights, InsightTone, Recommendation } from '../../../../shared/api/ai.schemas';
import { PLATFORM_NAMES } from '../../../components/platform-icon';

/** Spec section 9: Positive green, Neutral info (blue), Negative red. */
export const TONE_COLORS: Record<InsightTone, string> = {
  Positive: 'green',
  Neutral: 'blue',
  Negative: 'red',
};

/** One recommendation in the reader's language: `ai.rec.<code>` with its network and figures. */
export function useRecommendationText() {
  const { t } = useTranslation();
  return (rec: Recommendation) =>
    rec.code === 'model'
      ? (rec.text ?? '')
      : t(`ai.rec.${rec.code}`, {
          ...rec.values,
          platform: rec.platform ? PLATFORM_NAMES[rec.platform] : '',
          defaultValue: rec.text ?? rec.code,
        });
}

/**
 * Stored AI insights: the tone as a coloured badge with its score (or "English only" when the built-in
 * analysis could not read the text), the recommendations, and the suggested hashtags as chips.
 */
export function InsightsSummary({ insights }: { insights: Insights | null }) {
  const { t, i18n } = useTranslation();
  const recText = useRecommendationText();
  if (!insights)
    return (
      <Text size="sm" c="dimmed">
        {t('ai.noInsights')}
      </Text>
    );
  const score = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(insights.score);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {insights.analysed ? (
          <>
            <Badge color={TONE_COLORS[insights.tone]} variant="light">
              {t(`ai.insightTone.${insights.tone}`)}
            </Badge>
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
      <div>
        <Text size="sm" fw={500}>
          {t('ai.recommendations')}
        </Text>
        {insights.recommendations.length ? (
          <List size="sm" spacing={2}>
            {insights.recommendations.map((rec, index) => (
              <List.Item
                key={`${rec.code}-${rec.platform ?? ''}-${index}`}
                style={{ overflowWrap: 'anywhere' }}
              >
                {recText(rec)}
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
