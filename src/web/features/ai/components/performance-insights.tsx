import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { aiErrorText } from '../api/ai-error';
import { useAnalyzePostPerformance } from '../api/analyze-post-performance';
import { BestTimeList } from './best-time-list';
import { InsightToneBadge } from './insight-tone-badge';
import { recommendationText } from './recommendation-text';

/**
 * The Analytics page's AI insights (spec section 3) for the posts published from `from` to `to`
 * (YYYY-MM-DD): Suggested Hashtags, Optimal Post Time and Sentiment Analysis. The error is shown in red
 * and the list is hidden while it is there.
 */
export function PerformanceInsights({ from, to }: { from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const analyze = useAnalyzePostPerformance();
  const data = analyze.isError ? undefined : analyze.data;
  const score = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(
      value,
    );
  const recommendations = (data?.recommendations ?? [])
    .map((rec) => recommendationText(t, i18n, rec))
    .filter(Boolean);

  const fetchInsights = () =>
    analyze.mutate(
      { postData: { from, to } },
      {
        onSuccess: () => notify({ color: 'green', message: t('aiPanel.insightsFetched') }),
        onError: (error) => notify({ color: 'red', message: aiErrorText(t, i18n, error, 'performance') }),
      },
    );

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('ai.title')}
          </Title>
          <Button leftSection={<IconBulb size={16} />} loading={analyze.isPending} onClick={fetchInsights}>
            {t('aiPanel.fetchInsights')}
          </Button>
        </Group>
        {analyze.isError && (
          <Text c="red" role="alert">
            {aiErrorText(t, i18n, analyze.error, 'performance')}
          </Text>
        )}
        {data && (
          <List listStyleType="none" spacing="md" aria-label={t('ai.title')}>
            <List.Item>
              <Title order={3} size="h6" mb={4}>
                {t('aiPanel.suggestedHashtags')}
              </Title>
              {data.suggestedHashtags.length ? (
                <Group gap={6}>
                  {data.suggestedHashtags.map((tag) => (
                    <Badge key={tag} variant="light" tt="none">
                      <bdi>#{tag.replace(/^#+/, '')}</bdi>
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('aiPanel.noHashtags')}
                </Text>
              )}
            </List.Item>
            <List.Item>
              <Title order={3} size="h6" mb={4}>
                {t('aiPanel.optimalPostTime')}
              </Title>
              <BestTimeList bestTime={data.optimalPostTime} />
            </List.Item>
            <List.Item>
              <Title order={3} size="h6" mb={4}>
                {t('aiPanel.sentimentAnalysis')}
              </Title>
              {data.sentiment.analysed ? (
                <Group gap="xs">
                  <InsightToneBadge tone={data.sentiment.sentiment} />
                  <Text size="sm">{t('ai.score', { score: score(data.sentiment.score) })}</Text>
                </Group>
              ) : data.sentiment.notAnalysed === 'noPosts' ? (
                // Nothing published with figures yet: not a language problem.
                <Text size="sm" c="dimmed">
                  {t('aiPanel.nothingToAnalyse')}
                </Text>
              ) : (
                <Alert color="yellow" variant="light" p="xs">
                  {t('ai.englishOnly')}
                </Alert>
              )}
            </List.Item>
            {recommendations.length > 0 && (
              <List.Item>
                <Title order={3} size="h6" mb={4}>
                  {t('ai.recommendations')}
                </Title>
                <List size="sm" spacing={2}>
                  {recommendations.map((text, i) => (
                    <List.Item key={i}>{text}</List.Item>
                  ))}
                </List>
              </List.Item>
            )}
          </List>
        )}
      </Stack>
    </Card>
  );
}
