import { PerformanceInsights } from '../features/ai/components/performance-insights';
import { AnalyticsPage } from '../features/analytics/components/analytics-page';
import { LocaleDatesProvider } from './dates-provider';

/** /analytics: Platform Performance, its date range picker in the UI language, the AI's insights of the range. */
export function AnalyticsRoute() {
  return (
    <LocaleDatesProvider>
      <AnalyticsPage insights={(range) => <PerformanceInsights from={range.from} to={range.to} />} />
    </LocaleDatesProvider>
  );
}
