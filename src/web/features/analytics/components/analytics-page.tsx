import { Alert, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_RANGE_MAX_DAYS } from '../../../../shared/api/analytics.schemas';
import { datePickerLabels } from '../../../lib/date-picker-labels';
import { errorMessage } from '../../../lib/error-message';
import { exportCsvUrl } from '../api/export-csv';
import { type PostsSort, useAnalyticsPosts } from '../api/get-posts';
import { useAnalyticsSummary } from '../api/get-summary';
import { useAnalyticsTimeline } from '../api/get-timeline';
import type { DayRange } from '../api/range';
import { EngagementTimeline } from './engagement-timeline';
import { PlatformCards } from './platform-cards';
import { PlatformChart } from './platform-chart';
import { PostsTable } from './posts-table';

const DAY = 'YYYY-MM-DD';
const lastDays = (days: number): DayRange => ({
  from: dayjs()
    .subtract(days - 1, 'day')
    .format(DAY),
  to: dayjs().format(DAY),
});

/**
 * Platform Performance (spec): a card per network, the bar chart of likes, shares and comments, and
 * beyond the spec a date range, engagement over time, a per-post table and a CSV export. Every figure
 * is a stored reading with the time it was read (decision 020), never fetched live.
 */
/**
 * /analytics. `insights` is where the AI's reading of the range goes (Fetch AI Insights), filled by the
 * app's route with the ai feature's panel (decision 009: features meet in the app layer).
 */
export function AnalyticsPage({ insights }: { insights?: (range: DayRange) => ReactNode }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [picked, setPicked] = useState<DatesRangeValue<string>>([range.from, range.to]);
  const [sort, setSort] = useState<PostsSort>({ sort: 'publishedAt', order: 'desc' });
  const [page, setPage] = useState(0);
  const summary = useAnalyticsSummary(range);
  const timeline = useAnalyticsTimeline(range);
  const posts = useAnalyticsPosts(range, sort, page);

  const pick = (value: DatesRangeValue<string>) => {
    setPicked(value);
    const [from, to] = value;
    if (from && to) {
      setRange({ from, to });
      setPage(0);
    }
  };
  const platforms = summary.data?.platforms ?? [];
  const today = dayjs().format(DAY);
  // Once a start is picked, the end can be at most the API's widest range away from it.
  const widest =
    picked[0] && !picked[1]
      ? dayjs(picked[0])
          .add(ANALYTICS_RANGE_MAX_DAYS - 1, 'day')
          .format(DAY)
      : today;
  const maxDate = widest < today ? widest : today;
  const error = summary.error ?? timeline.error ?? posts.error;

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Title order={1}>{t('analytics.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('analytics.intro')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <DatePickerInput
            type="range"
            label={t('analytics.range')}
            value={picked}
            onChange={pick}
            maxDate={maxDate}
            allowSingleDateInRange
            ariaLabels={datePickerLabels(t)}
            miw={240}
          />
          <Button
            component="a"
            href={exportCsvUrl(range)}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {t('analytics.exportCsv')}
          </Button>
        </Group>
      </Group>

      {error && (
        <Alert color="red" mb="md" role="alert">
          {errorMessage(t, error)}
        </Alert>
      )}

      {summary.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('analytics.loading')} />
        </Center>
      ) : platforms.length === 0 ? (
        <Card withBorder padding="xl" data-testid="analytics-empty">
          <Stack align="center" gap="xs">
            <IconChartBar size={40} aria-hidden />
            <Title order={2} size="h4">
              {t('analytics.emptyTitle')}
            </Title>
            <Text c="dimmed" ta="center" maw={520}>
              {t('analytics.emptyText')}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack gap="lg">
          <PlatformCards platforms={platforms} />
          <PlatformChart platforms={platforms} />
          {insights?.(range)}
          {timeline.data && <EngagementTimeline timeline={timeline.data} />}
          {posts.data && (
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="md">
                {t('analytics.postsTitle')}
              </Title>
              <PostsTable
                list={posts.data}
                sort={sort}
                onSort={(next) => {
                  setSort(next);
                  setPage(0);
                }}
                page={page}
                onPage={setPage}
              />
            </Card>
          )}
        </Stack>
      )}
    </Container>
  );
}
